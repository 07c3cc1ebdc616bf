import type { Protocol } from './protocols.js';

/**
 * The devices of the shipped infrared library and the function numbers of their keys, as the IRDB lists them
 * (github.com/probonopd/irdb, codes/<brand>/<type>/<device>,<subdevice>.csv: protocol, device, subdevice and
 * function number per key). Key names are ours, one set across brands. scripts/infrared-library.ts encodes these
 * as Pronto hex into library.json.
 */
export interface DeviceSource {
  id: string;
  brand: string;
  type: 'tv' | 'bluray' | 'receiver';
  name: string;
  protocol: Protocol;
  device: number;
  /** -1: none (NEC then sends the inverted device byte). */
  subdevice: number;
  keys: Readonly<Record<string, number>>;
  /** The IRDB file the numbers are from. */
  irdb: string;
}

const digits = (numbers: readonly number[]) => Object.fromEntries(numbers.map((func, digit) => [`digit${digit}`, func]));

export const DEVICE_SOURCES: readonly DeviceSource[] = [
  {
    id: 'samsung-tv', brand: 'Samsung', type: 'tv', name: 'Samsung TV (2008 and later)', protocol: 'NECx', device: 7, subdevice: 7, irdb: 'codes/Samsung/TV/7,7.csv',
    keys: {
      input: 1, power: 2, ...digits([17, 4, 5, 6, 8, 9, 10, 12, 13, 14]), volumeUp: 7, volumeDown: 11, mute: 15, channelDown: 16, channelUp: 18,
      previousChannel: 19, menu: 26, info: 31, subtitles: 37, exit: 45, manual: 63, tools: 75, guide: 79, back: 88, up: 96, down: 97,
      right: 98, left: 101, ok: 104, channelList: 107, home: 121, threeD: 159,
    },
  },
  {
    id: 'lg-tv', brand: 'LG', type: 'tv', name: 'LG TV', protocol: 'NEC1', device: 4, subdevice: -1, irdb: 'codes/LG/TV/4,-1.csv',
    keys: {
      channelUp: 0, channelDown: 1, volumeUp: 2, volumeDown: 3, right: 6, left: 7, power: 8, mute: 9, input: 11, sleep: 14, tv: 15,
      ...digits([16, 17, 18, 19, 20, 21, 22, 23, 24, 25]), previousChannel: 26, favourite: 30, text: 32, back: 40, up: 64, down: 65,
      menu: 67, ok: 68, quickMenu: 69, exit: 91, blue: 97, yellow: 99, green: 113, red: 114, ratio: 121, fastForward: 142, rewind: 143,
      guide: 169, info: 170, play: 176, stop: 177, pause: 186, record: 189, powerOn: 196, powerOff: 197, hdmi2: 204, hdmi1: 206,
      hdmi4: 218, hdmi3: 233,
    },
  },
  {
    id: 'sony-tv', brand: 'Sony', type: 'tv', name: 'Sony Bravia TV', protocol: 'Sony12', device: 1, subdevice: -1, irdb: 'codes/Sony/TV/1,-1.csv',
    keys: {
      ...digits([9, 0, 1, 2, 3, 4, 5, 6, 7, 8]), enter: 11, guide: 14, channelUp: 16, channelDown: 17, volumeUp: 18, volumeDown: 19,
      mute: 20, power: 21, brightnessUp: 30, brightnessDown: 31, input: 37, powerOn: 46, powerOff: 47, right: 51, left: 52, sleep: 54,
      info: 58, previousChannel: 59, text: 63, video1: 64, video2: 65, video3: 66, menu: 96, exit: 99, pictureMode: 100, ok: 101,
      trebleUp: 112, trebleDown: 113, bassUp: 114, bassDown: 115, up: 116, down: 117,
    },
  },
  {
    id: 'philips-tv', brand: 'Philips', type: 'tv', name: 'Philips TV', protocol: 'RC5', device: 0, subdevice: -1, irdb: 'codes/Philips/TV/0,-1.csv',
    keys: {
      ...digits([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), power: 12, mute: 13, exit: 15, volumeUp: 16, volumeDown: 17, up: 28, down: 29,
      channelUp: 32, channelDown: 33, previousChannel: 34, audio: 35, sleep: 38, right: 43, left: 44, menu: 46, green: 47, red: 54,
      yellow: 55, input: 56, blue: 58, freeze: 93,
    },
  },
  {
    id: 'toshiba-tv', brand: 'Toshiba', type: 'tv', name: 'Toshiba TV', protocol: 'NEC1', device: 64, subdevice: -1, irdb: 'codes/Toshiba/TV/64,-1.csv',
    keys: {
      ...digits([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), reset: 12, input: 15, mute: 16, power: 18, audio: 19, enter: 23, surround: 24,
      favouriteUp: 25, volumeUp: 26, channelUp: 27, previousChannel: 28, favouriteDown: 29, volumeDown: 30, channelDown: 31,
      subtitles: 87, exit: 88, powerOn: 126, powerOff: 127, menu: 128, up: 130, down: 131,
    },
  },
  {
    id: 'lg-bluray', brand: 'LG', type: 'bluray', name: 'LG Blu-ray player', protocol: 'NECx', device: 45, subdevice: 45, irdb: 'codes/LG/Blu-Ray/45,45.csv',
    keys: {
      power: 48, play: 49, rewind: 50, fastForward: 51, next: 52, previous: 53, eject: 54, pause: 56, stop: 57, info: 58,
      ...digits([68, 59, 60, 61, 62, 63, 64, 65, 66, 67]), back: 69, clear: 70, up: 71, down: 72, title: 74, discMenu: 75, angle: 76,
      audio: 79, subtitles: 80, repeat: 83, setup: 86, ok: 88, left: 89, right: 90, search: 98, zoom: 100, home: 103, powerOn: 117,
      powerOff: 118, red: 124, green: 125, yellow: 126, blue: 127, resolution: 245, popupMenu: 246,
    },
  },
  {
    id: 'yamaha-receiver', brand: 'Yamaha', type: 'receiver', name: 'Yamaha AV receiver (RX-V)', protocol: 'NEC1', device: 122, subdevice: -1, irdb: 'codes/Yamaha/Receiver/122,-1.csv',
    keys: {
      inputVcr: 15, presetUp: 16, presetDown: 17, inputDvr: 19, inputPhono: 20, inputCd: 21, inputTuner: 22, inputDvd: 23, inputTape: 24,
      inputCdr: 25, volumeUp: 26, volumeDown: 27, mute: 28, powerOn: 29, powerOff: 30, power: 31, sleep: 48, display: 54,
    },
  },
];

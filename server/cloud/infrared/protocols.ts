/**
 * Infrared protocols as Pronto hex (learned format 0000): the burst timings of NEC, NEC with a Samsung leader
 * (IRDB's NECx), Sony SIRC-12 and Philips RC5, as the protocols define them, for a device, subdevice and function
 * number. These encode the shipped library (library.json, made by scripts/infrared-library.ts).
 */
export type Protocol = 'NEC1' | 'NECx' | 'Sony12' | 'RC5';

/** One unit of the Pronto frequency word, in µs (the Pronto's 4.145146 MHz clock). */
const PRONTO_CLOCK_US = 0.241246;

interface Bursts {
  carrierHz: number;
  /** µs, mark first, mark/space alternating, an even count. */
  once: number[];
  repeat: number[];
}

const hex = (value: number) => value.toString(16).toUpperCase().padStart(4, '0');

/** Bursts as Pronto hex: header (format, frequency word, pair counts), then every duration in carrier periods. */
export function toPronto({ carrierHz, once, repeat }: Bursts): string {
  const frequencyWord = Math.round(1_000_000 / (carrierHz * PRONTO_CLOCK_US));
  const periodUs = frequencyWord * PRONTO_CLOCK_US;
  const counts = [...once, ...repeat].map((us) => Math.max(1, Math.round(us / periodUs)));
  return [0, frequencyWord, once.length / 2, repeat.length / 2, ...counts].map(hex).join(' ');
}

/** `bits` of `value`, least significant first. */
const lsbFirst = (value: number, bits: number) => Array.from({ length: bits }, (_, bit) => (value >> bit) & 1);
/** Pads the last space so that the frame lasts `periodUs` from its first mark. */
function padTo(durations: number[], periodUs: number): number[] {
  const used = durations.reduce((sum, us) => sum + us, 0);
  return [...durations.slice(0, -1), durations.at(-1)! + Math.max(0, periodUs - used)];
}

/** NEC pulse-distance bits: a 560 µs mark, then a 560 µs space for 0 or 1690 µs for 1; a stop mark; 108 ms a frame. */
function necFrame(leader: [number, number], bytes: number[]): number[] {
  const bits = bytes.flatMap((byte) => lsbFirst(byte, 8)).flatMap((bit) => [560, bit ? 1690 : 560]);
  return padTo([...leader, ...bits, 560, 0], 108_000);
}

function nec1(device: number, subdevice: number, func: number): Bursts {
  const address = subdevice < 0 ? [device, ~device & 0xff] : [device, subdevice];
  // Held down, NEC sends a repeat code (a shorter leader and a mark) every 108 ms instead of the frame.
  return { carrierHz: 38_000, once: necFrame([9000, 4500], [...address, func, ~func & 0xff]), repeat: padTo([9000, 2250, 560, 0], 108_000) };
}

function necx(device: number, subdevice: number, func: number): Bursts {
  const frame = necFrame([4500, 4500], [device, subdevice < 0 ? device : subdevice, func, ~func & 0xff]);
  return { carrierHz: 38_000, once: frame, repeat: frame };
}

/** SIRC-12: a 2400 µs leader, then 7 function and 5 device bits (1200 µs mark for 1, 600 µs for 0, 600 µs spaces); 45 ms a frame. */
function sony12(device: number, _subdevice: number, func: number): Bursts {
  const bits = [...lsbFirst(func, 7), ...lsbFirst(device, 5)].flatMap((bit) => [bit ? 1200 : 600, 600]);
  return { carrierHz: 40_000, once: [], repeat: padTo([2400, 600, ...bits], 45_000) };
}

/**
 * RC5: 14 Manchester bits of 1778 µs (start, field, toggle, 5 address bits, 6 command bits, most significant
 * first; a 1 is a space then a mark), 113.778 ms a frame. The field bit is the inverted 7th command bit.
 */
function rc5(device: number, _subdevice: number, func: number): Bursts {
  const bits = [1, func < 64 ? 1 : 0, 0, ...lsbFirst(device, 5).reverse(), ...lsbFirst(func & 63, 6).reverse()];
  const halves = bits.flatMap((bit) => (bit ? [false, true] : [true, false]));
  const durations: number[] = [];
  let level: boolean | undefined;
  for (const mark of halves.slice(1)) {
    if (mark === level) durations[durations.length - 1]! += 889;
    else durations.push(889);
    level = mark;
  }
  if (durations.length % 2) durations.push(0);
  return { carrierHz: 36_000, once: [], repeat: padTo(durations, 113_778) };
}

const encoders: Record<Protocol, (device: number, subdevice: number, func: number) => Bursts> = { NEC1: nec1, NECx: necx, Sony12: sony12, RC5: rc5 };

/** The Pronto hex of one function of a device. */
export const encode = (protocol: Protocol, device: number, subdevice: number, func: number) => toPronto(encoders[protocol](device, subdevice, func));

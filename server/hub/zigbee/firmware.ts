import { notFound } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { radioChanged } from '../radios/changes.js';

/** The firmware the hub software ships for its Zigbee radio; a new hub's radio runs an older one until flashed. */
export const SHIPPED_FIRMWARE = '7.4.1';
const FACTORY_FIRMWARE = '7.3.0';

export interface FlashResult {
  success: boolean;
  flashedAt: string;
  version: string;
  keptNV: boolean;
}

/** What getState answers: the network and the radio's firmware. */
export const zigbeeState = (hub: HubCore & Pick<Hub, 'radios'>) => ({ ...hub.radios.network('zigbee').state(), firmware: checkFirmware(hub) });

export function checkFirmware(hub: HubCore) {
  const running = hub.settings.get<string>('radio.zigbee.firmware') ?? FACTORY_FIRMWARE;
  return { running, shipped: SHIPPED_FIRMWARE, upToDate: running === SHIPPED_FIRMWARE };
}

/** Flashes the shipped firmware; without keepNV the radio forgets its network and forms a new one. */
export function flash(hub: HubCore & Pick<Hub, 'radioChanges' | 'radios'>, keepNV: boolean): FlashResult {
  if (!keepNV) hub.radios.network('zigbee').reform('The Zigbee radio was flashed without its network memory: pair the device again');
  hub.settings.set('radio.zigbee.firmware', SHIPPED_FIRMWARE);
  radioChanged(hub, 'zigbee');
  const result: FlashResult = { success: true, flashedAt: new Date(hub.now()).toISOString(), version: SHIPPED_FIRMWARE, keptNV: keepNV };
  hub.settings.set('radio.zigbee.lastFlash', result);
  return result;
}

export function lastFlash(hub: HubCore): FlashResult {
  const result = hub.settings.get<FlashResult>('radio.zigbee.lastFlash');
  if (!result) throw notFound('Flash result (the firmware was never flashed on this hub)');
  return result;
}

export function eraseNV(hub: HubCore & Pick<Hub, 'radios'>): void {
  hub.radios.network('zigbee').reform('The Zigbee network memory was erased: pair the device again');
}

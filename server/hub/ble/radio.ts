import type { components } from '../../../generated/hub/ble.js';
import { notFound } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { radioChanged } from '../radios/changes.js';
import { stringOption, unknownCommand } from '../radios/options.js';

type Advertisement = components['schemas']['BleAdvertisement'];
type AdvertisementInput = components['schemas']['BleAdvertisementInput'];
type BleState = components['schemas']['BleState'];
type Gatt = components['schemas']['BleGatt'];

const KEY = 'radio.ble';
const commands = ['discover', 'find'] as const;

export function bleState(hub: HubCore): BleState {
  type Stored = Omit<BleState, 'advertisements'> & { advertisements: Record<string, Omit<Advertisement, 'connectable' | 'gatt'> & Partial<Advertisement>> };
  const state = hub.settings.get<Stored>(KEY) ?? { lastDiscoveryAt: null, advertisements: {} };
  // Advertisements kept before peripherals could have a GATT server are beacons.
  const advertisements = Object.fromEntries(Object.entries(state.advertisements).map(([address, ad]) => [address, { ...ad, connectable: ad.connectable ?? false, gatt: ad.gatt ?? null }]));
  return { ...state, advertisements };
}
function save(hub: HubCore & Pick<Hub, 'radioChanges'>, state: BleState): void {
  hub.settings.set(KEY, state);
  radioChanged(hub, 'ble');
}

export function advertise(hub: HubCore & Pick<Hub, 'radioChanges'>, input: AdvertisementInput): Advertisement {
  const state = bleState(hub);
  const advertisement: Advertisement = {
    address: input.address,
    localName: input.localName ?? null,
    rssi: input.rssi ?? -70,
    serviceUuids: input.serviceUuids ?? [],
    connectable: input.gatt !== undefined,
    gatt: input.gatt ? { ...input.gatt, deviceName: input.gatt.deviceName ?? input.localName ?? 'Thermometer' } : null,
    addedAt: new Date(hub.now()).toISOString(),
  };
  save(hub, { ...state, advertisements: { ...state.advertisements, [input.address]: advertisement } });
  return advertisement;
}

/** A connected app wrote the peripheral's GATT server (its Device Name): the simulator keeps what it wrote. */
export function writeGatt(hub: Hub, address: string, change: Partial<Gatt>): void {
  const state = bleState(hub);
  const advertisement = requireAdvertisement(state, address);
  if (!advertisement.gatt) return;
  save(hub, { ...state, advertisements: { ...state.advertisements, [address]: { ...advertisement, gatt: { ...advertisement.gatt, ...change } } } });
}

export function requireAdvertisement(state: BleState, address: string): Advertisement {
  if (!Object.hasOwn(state.advertisements, address)) throw notFound(`BLE peripheral ${address}`);
  return state.advertisements[address]!;
}

export function goAway(hub: HubCore & Pick<Hub, 'radioChanges'>, address: string): void {
  const state = bleState(hub);
  const { address: known } = requireAdvertisement(state, address.toLowerCase());
  const advertisements = { ...state.advertisements };
  delete advertisements[known];
  save(hub, { ...state, advertisements });
}

export function runCommand(hub: HubCore & Pick<Hub, 'radioChanges'>, command: string, opts: Record<string, unknown>): Record<string, unknown> {
  const state = bleState(hub);
  switch (command) {
    case 'discover': {
      const uuid = Object.hasOwn(opts, 'serviceUuid') ? stringOption(opts, 'serviceUuid').toLowerCase() : null;
      save(hub, { ...state, lastDiscoveryAt: new Date(hub.now()).toISOString() });
      const heard = Object.values(state.advertisements).filter((ad) => uuid === null || ad.serviceUuids.includes(uuid));
      return { advertisements: heard.sort((a, b) => b.rssi - a.rssi) };
    }
    case 'find':
      return requireAdvertisement(state, stringOption(opts, 'address').toLowerCase());
    default:
      throw unknownCommand(command, commands);
  }
}

import type { components } from '../../../generated/hub/ble.js';
import { notFound } from '../../http/errors.js';
import type { Hub } from '../core/context.js';
import { radioChanged } from '../radios/changes.js';
import { stringOption, unknownCommand } from '../radios/options.js';

type Advertisement = components['schemas']['BleAdvertisement'];
type AdvertisementInput = components['schemas']['BleAdvertisementInput'];
type BleState = components['schemas']['BleState'];

const KEY = 'radio.ble';
const commands = ['discover', 'find'] as const;

export const bleState = (hub: Hub): BleState => hub.settings.get<BleState>(KEY) ?? { lastDiscoveryAt: null, advertisements: {} };
function save(hub: Hub, state: BleState): void {
  hub.settings.set(KEY, state);
  radioChanged(hub, 'ble');
}

export function advertise(hub: Hub, input: AdvertisementInput): Advertisement {
  const state = bleState(hub);
  const advertisement: Advertisement = {
    address: input.address,
    localName: input.localName ?? null,
    rssi: input.rssi ?? -70,
    serviceUuids: input.serviceUuids ?? [],
    addedAt: new Date(hub.now()).toISOString(),
  };
  save(hub, { ...state, advertisements: { ...state.advertisements, [input.address]: advertisement } });
  return advertisement;
}

function requireAdvertisement(state: BleState, address: string): Advertisement {
  if (!Object.hasOwn(state.advertisements, address)) throw notFound(`BLE peripheral ${address}`);
  return state.advertisements[address]!;
}

export function goAway(hub: Hub, address: string): void {
  const state = bleState(hub);
  const { address: known } = requireAdvertisement(state, address.toLowerCase());
  const advertisements = { ...state.advertisements };
  delete advertisements[known];
  save(hub, { ...state, advertisements });
}

export function runCommand(hub: Hub, command: string, opts: Record<string, unknown>): Record<string, unknown> {
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

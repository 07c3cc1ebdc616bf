import type { components } from '../../../generated/hub/devkit.js';
import { badRequest } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';

type Result = components['schemas']['DiscoveryResult'];
type ResultInput = components['schemas']['DiscoveryResultInput'];

/** What the hub's (simulated) discovery found on its network, kept in its settings as the BLE radio's advertisements are. */
const KEY = 'devkit.discovery';

export const discoveryResults = (hub: HubCore): Record<string, Result> => hub.settings.get<Record<string, Result>>(KEY) ?? {};

/** The hub finds a device (again): stored with `lastSeen` now, and told to the running SDK v3 apps, whose strategies match it. */
export function findDevice(hub: HubCore & Pick<Hub, 'apps'>, input: ResultInput): Result {
  if (input.type === 'mdns-sd' && (!input.name || !input.protocol)) throw badRequest('An mdns-sd result names its service type: name and protocol');
  if (input.type === 'mac' && !input.mac) throw badRequest('A mac result has its MAC address');
  const result: Result = { ...input, lastSeen: new Date(hub.now()).toISOString() };
  hub.settings.set(KEY, { ...discoveryResults(hub), [`${input.type}:${input.id}`]: result });
  hub.apps.tellSdkApps(undefined, { type: 'discovery.result', result });
  return result;
}

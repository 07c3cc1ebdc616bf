import {
  PING_TIMEOUT_CLOUD,
  PING_TIMEOUT_LOCAL,
  PING_TIMEOUT_LOCAL_SECURE,
  PING_TIMEOUT_MDNS,
  PING_TIMEOUT_REMOTE_FORWARDED,
  SUPPORTED_API_VERSIONS,
} from '../constants.js';
import { APIError, messages } from '../errors.js';
import { ping } from '../hub/ping.js';

/** A hub record of the user's `homeys` (PROTOCOL.md §7). */
export interface HubRecord {
  _id: string;
  id?: string;
  name?: string;
  role?: string;
  platform?: string;
  apiVersion?: number;
  softwareVersion?: string;
  localUrl?: string | null;
  localUrlSecure?: string | null;
  remoteUrl?: string | null;
  remoteUrlForwarded?: string | null;
  mdnsFqdn?: string | null;
}

export type Strategy = 'localSecure' | 'local' | 'mdns' | 'remoteForwarded' | 'cloud';

/** Each strategy: where its address comes from and how long its ping may take (§9), most preferred first. */
const STRATEGIES: ReadonlyArray<{ name: Strategy; address: (hub: HubRecord) => string | null | undefined; timeout: number }> = [
  { name: 'localSecure', address: (hub) => hub.localUrlSecure, timeout: PING_TIMEOUT_LOCAL_SECURE },
  { name: 'local', address: (hub) => hub.localUrl, timeout: PING_TIMEOUT_LOCAL },
  { name: 'mdns', address: (hub) => hub.mdnsFqdn && `http://${hub.mdnsFqdn}`, timeout: PING_TIMEOUT_MDNS },
  { name: 'remoteForwarded', address: (hub) => hub.remoteUrlForwarded, timeout: PING_TIMEOUT_REMOTE_FORWARDED },
  { name: 'cloud', address: (hub) => hub.remoteUrl, timeout: PING_TIMEOUT_CLOUD },
];

export const ALL_STRATEGIES: readonly Strategy[] = STRATEGIES.map(({ name }) => name);
/** A hub on the cloud platform is only reached through the cloud. */
const PLATFORM_STRATEGIES = new Map<string, readonly Strategy[]>([['local', ALL_STRATEGIES], ['cloud', ['cloud']]]);

/**
 * Finds the address at which a hub answers: every allowed strategy with an address pings at once, each with its
 * own time-out, and the first hub to answer with the record's id wins. When all fail, the most preferred
 * strategy's error is the answer ('No Homey Found At Address', 'Invalid Homey ID').
 */
export async function discoverHub(hub: HubRecord, strategies: readonly Strategy[] = ALL_STRATEGIES): Promise<{ address: string; strategy: Strategy }> {
  const id = hub?._id ?? hub?.id;
  if (typeof id !== 'string' || !id) throw new TypeError(messages.invalidHomey);
  if (hub.apiVersion !== undefined && !(SUPPORTED_API_VERSIONS as readonly number[]).includes(hub.apiVersion)) {
    throw new APIError(messages.unsupportedApiVersion);
  }
  const allowed = PLATFORM_STRATEGIES.get(hub.platform ?? 'local');
  if (!allowed) throw new APIError(messages.invalidPlatformVersion);
  const candidates = STRATEGIES.filter(({ name, address }) => strategies.includes(name) && allowed.includes(name) && address(hub))
    .map(({ name, address, timeout }) => ({ name, address: address(hub)!, timeout }));
  if (!candidates.length) throw new APIError(messages.noDiscoveryStrategies);

  const attempts = candidates.map(({ name, address, timeout }) => ping(address, id, timeout).then(() => ({ address: new URL(address).origin, strategy: name })));
  try {
    return await Promise.any(attempts);
  } catch {
    // Every attempt failed: report the most preferred one's reason.
    return attempts[0]!;
  }
}

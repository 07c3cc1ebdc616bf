import type { CloudTypes } from '../../generated/cloud/index.js';
import {
  API_VERSION_LOCAL_V1,
  PING_TIMEOUT_CLOUD,
  PING_TIMEOUT_LOCAL,
  PING_TIMEOUT_LOCAL_SECURE,
  PING_TIMEOUT_MDNS,
  PING_TIMEOUT_REMOTE_FORWARDED,
  SUPPORTED_API_VERSIONS,
} from '../constants.js';
import { AllRejectedError, APIError, messages } from '../errors.js';
import { ping } from '../hub/ping.js';
import { promiseAny } from '../promise-any.js';
import { browseHub, canBrowseMdns } from './mdns.js';

type Homey = CloudTypes['account']['components']['schemas']['Homey'];
type Address = 'localUrl' | 'localUrlSecure' | 'remoteUrl' | 'remoteUrlForwarded' | 'mdnsFqdn';
/**
 * A hub record of the user's `homeys` (PROTOCOL.md §7): the contract's Homey, of which discovery needs the id; records
 * kept by older clients may name it `id` too and carry null for an address the hub does not have.
 */
export type HubRecord = Pick<Homey, '_id'> & Partial<Omit<Homey, '_id' | Address>> & { id?: string } & { [A in Address]?: Homey[A] | null };

export type Strategy = 'localSecure' | 'local' | 'mdns' | 'remoteForwarded' | 'cloud';

interface StrategySpec {
  name: Strategy;
  /** Whether the strategy can try this hub here. */
  applies(hub: HubRecord): boolean;
  /** Where to ping: an address of the record, or one found on the LAN. */
  address(hub: HubRecord, id: string, signal: AbortSignal): string | Promise<string>;
  timeout: number;
}

const recorded = (name: Strategy, field: 'localUrlSecure' | 'localUrl' | 'remoteUrlForwarded' | 'remoteUrl', timeout: number): StrategySpec => ({
  name,
  applies: (hub) => Boolean(hub[field]),
  address: (hub) => hub[field]!,
  timeout,
});

/**
 * Each strategy with its ping time-out (§9), most preferred first. mdns is for hubs whose record says they are
 * on mDNS: it browses `_homey._tcp` for the hub's id (Node only; a browser has no multicast) and pings what it found.
 */
const STRATEGIES: readonly StrategySpec[] = [
  recorded('localSecure', 'localUrlSecure', PING_TIMEOUT_LOCAL_SECURE),
  recorded('local', 'localUrl', PING_TIMEOUT_LOCAL),
  {
    name: 'mdns',
    applies: (hub) => Boolean(hub.mdnsFqdn) && canBrowseMdns(),
    address: (_hub, id, signal) => browseHub(id, PING_TIMEOUT_MDNS, signal),
    timeout: PING_TIMEOUT_MDNS,
  },
  recorded('remoteForwarded', 'remoteUrlForwarded', PING_TIMEOUT_REMOTE_FORWARDED),
  recorded('cloud', 'remoteUrl', PING_TIMEOUT_CLOUD),
];

export const ALL_STRATEGIES: readonly Strategy[] = STRATEGIES.map(({ name }) => name);
/** A hub on the cloud platform is only reached through the cloud. */
const PLATFORM_STRATEGIES = new Map<string, readonly Strategy[]>([['local', ALL_STRATEGIES], ['cloud', ['cloud']]]);

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Finds the address at which a hub answers: every allowed strategy that applies tries at once, each with its own
 * time-out, and the first hub to answer with the record's id wins (the others are stopped). When all fail for
 * the same reason, that is the answer ('No Homey Found At Address', 'Invalid Homey ID'); for different reasons,
 * 'All Promises rejected' with each strategy's reason in `errors` and its description.
 */
export async function discoverHub(hub: HubRecord, strategies: readonly Strategy[] = ALL_STRATEGIES): Promise<{ address: string; strategy: Strategy }> {
  const id = hub?._id ?? hub?.id;
  if (typeof id !== 'string' || !id) throw new TypeError(messages.invalidHomey);
  if (hub.apiVersion !== undefined && !(SUPPORTED_API_VERSIONS as readonly number[]).includes(hub.apiVersion)) {
    throw new APIError(messages.unsupportedApiVersion);
  }
  const platform = hub.platform ?? 'local';
  const allowed = PLATFORM_STRATEGIES.get(platform);
  if (!allowed || (hub.apiVersion === API_VERSION_LOCAL_V1 && platform !== 'local')) throw new APIError(messages.invalidPlatformVersion);
  const candidates = STRATEGIES.filter(({ name, applies }) => strategies.includes(name) && allowed.includes(name) && applies(hub));
  if (!candidates.length) throw new APIError(messages.noDiscoveryStrategies);

  const race = new AbortController();
  const attempts = candidates.map(async ({ name, address, timeout }) => {
    const found = await address(hub, id, race.signal);
    await ping(found, id, timeout, race.signal);
    return { address: new URL(found).origin, strategy: name };
  });
  try {
    return await promiseAny(attempts);
  } catch (error) {
    const { errors } = error as AllRejectedError;
    if (new Set(errors.map(reason)).size === 1) throw errors[0];
    throw new AllRejectedError(errors, candidates.map(({ name }, index) => `${name}: ${reason(errors[index])}`).join(', '));
  } finally {
    race.abort();
  }
}

import { operations as sessions } from '../../generated/hub/sessions.operations.js';
import { operations as users } from '../../generated/hub/users.operations.js';
import { machineTime } from '../clock.js';
import { API_VERSION_LOCAL_V1, HUB_CALL_TIMEOUT, HUB_CALL_TIMEOUT_LOCAL_V1, TOKEN_REFRESH_MEMO } from '../constants.js';
import { messages } from '../errors.js';
import { createTransport } from '../http/transport.js';
import { HubAPI } from '../hub/hub-api.js';
import type { SignedInCloud } from './signed-in-cloud.js';
import { discoverHub, type HubRecord, type Strategy } from './discovery.js';
import { callOperation } from './service.js';
import type { StoredHub } from './storage.js';

export interface HubSessionOptions {
  /** The discovery strategies to try (default: all). */
  strategies?: readonly Strategy[];
  /** Clock for the refresh memo (default the machine's time). */
  now?: () => number;
  /** Milliseconds before a call times out (default HUB_CALL_TIMEOUT, or HUB_CALL_TIMEOUT_LOCAL_V1 for API version 2 hubs). */
  timeout?: number;
}

const own = (record: Record<string, StoredHub> | undefined, id: string) =>
  record && Object.prototype.hasOwnProperty.call(record, id) ? record[id] : undefined;

/**
 * A user's session on one hub (seed 001 §4): the stored token and session are reused; without them, a delegation
 * token of audience `homey` is exchanged at the hub's `users/login` for a hub token and its session is fetched. On
 * a 401 the stored entry is cleared and the login done again, once per stale token: refreshes for the same token
 * share one login, remembered for 30 s so that late 401s of that token do not sign in again.
 */
export class HubSession {
  private entry: StoredHub = {};
  private readonly memo = new Map<string, { done: Promise<void>; at?: number }>();

  constructor(
    private readonly cloud: SignedInCloud,
    readonly homeyId: string,
    readonly address: string,
    private readonly now: () => number = machineTime,
    private readonly timeout = HUB_CALL_TIMEOUT,
  ) {}

  get token(): string | undefined {
    return this.entry.token;
  }

  get session(): StoredHub['session'] {
    return this.entry.session;
  }

  /** Uses the stored entry, or signs in. */
  async start(): Promise<void> {
    this.entry = own((await this.cloud.state()).homeys, this.homeyId) ?? {};
    if (!this.entry.token) await this.login();
  }

  /** Clears the entry and signs in again, once per stale token (see the class comment). */
  refresh(staleToken = this.entry.token): Promise<void> {
    const stale = staleToken ?? '';
    for (const [token, { at }] of this.memo) if (at !== undefined && this.now() - at >= TOKEN_REFRESH_MEMO) this.memo.delete(token);
    const remembered = this.memo.get(stale);
    if (remembered) return remembered.done;
    const memo: { done: Promise<void>; at?: number } = {
      done: this.save({}).then(() => this.login()).finally(() => (memo.at = this.now())),
    };
    memo.done.catch(() => this.memo.delete(stale));
    this.memo.set(stale, memo);
    return memo.done;
  }

  private async login(): Promise<void> {
    const delegation = await this.cloud.createDelegationToken({ audience: 'homey' });
    let token: string | undefined;
    const http = createTransport({ baseUrl: this.address, token: () => token, homeyId: this.homeyId, timeout: this.timeout });
    token = (await callOperation(http, users.login, { token: delegation })) as string;
    const session = (await callOperation(http, sessions.getSessionMe, {})) as StoredHub['session'];
    await this.save({ token, session });
  }

  private async save(entry: StoredHub): Promise<void> {
    this.entry = entry;
    const homeys = { ...(await this.cloud.state()).homeys };
    Object.defineProperty(homeys, this.homeyId, { value: entry, enumerable: true, configurable: true, writable: true });
    await this.cloud.update({ homeys });
  }
}

/** How long a call to this hub may take (§9): the local platform v1 (API version 2) is slower than the others. */
const hubCallTimeout = (hub: HubRecord): number => (hub.apiVersion === API_VERSION_LOCAL_V1 ? HUB_CALL_TIMEOUT_LOCAL_V1 : HUB_CALL_TIMEOUT);

/** Finds the hub, opens (or reuses) the session and answers a HubAPI whose calls renew it on a 401. */
export async function openHubSession(cloud: SignedInCloud, hub: HubRecord, { strategies, now, timeout }: HubSessionOptions = {}): Promise<HubAPI> {
  if (typeof cloud?.createDelegationToken !== 'function') throw new TypeError(messages.missingCloudApi);
  const { address } = await discoverHub(hub, strategies);
  timeout ??= hubCallTimeout(hub);
  const session = new HubSession(cloud, hub._id ?? hub.id, address, now, timeout);
  await session.start();
  return HubAPI.open({
    address,
    id: session.homeyId,
    token: () => session.token,
    refresh: { isStale: async () => true, refresh: (stale) => session.refresh(stale), token: () => session.token },
    session: () => session.session,
    role: hub.role,
    timeout,
  });
}

import { RateLimiterMemory, RateLimiterRes, type IRateLimiterOptions, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ApiError } from './errors.js';

/**
 * Makes the store of one limiter. In memory by default (one instance; a restart forgives); to share counts between
 * instances pass e.g. `(options) => new RateLimiterRedis({ storeClient, ...options })`.
 */
export type LimiterStore = (options: IRateLimiterOptions) => RateLimiterAbstract;

export const memoryStore: LimiterStore = (options) => new RateLimiterMemory(options);

/** 429 with Retry-After in whole seconds (at least 1). */
export function tooManyRequests(description: (seconds: number) => string, waitMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new ApiError(429, 'too_many_requests', description(seconds), { 'Retry-After': String(seconds) });
}

/** The client's address as one key: an IPv4 client of a dual-stack server (`::ffff:1.2.3.4`) is `1.2.3.4`. */
export const addressKey = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');

/** At most `points` calls per key in each window of `durationMs` (sign-ups per address, mails per account). */
export class RateLimit {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    name: string,
    { points, durationMs }: { points: number; durationMs: number },
    private readonly description: (seconds: number) => string,
    store: LimiterStore = memoryStore,
  ) {
    this.limiter = store({ keyPrefix: name, points, duration: Math.ceil(durationMs / 1000) });
  }

  /** Counts a call of `key`, or refuses it with 429 once the window's calls are used up. */
  async take(key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) throw tooManyRequests(this.description, refusal.msBeforeNext);
      throw refusal;
    }
  }

  /** Gives back a call of `key` that was refused after all (a ticket that was not stored). */
  async giveBack(key: string): Promise<void> {
    await this.limiter.reward(key, 1);
  }
}

/** How failures of one key (a username, an address) slow down its further attempts. */
export interface FailurePolicy {
  /** Failures without any wait. */
  freeFailures: number;
  /** The wait after the first failure beyond the free ones; each further failure doubles it. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Failures are counted in windows this long from the first (longer than maxDelayMs); then they are forgotten. */
  windowMs: number;
}

const MINUTE = 60_000;
const growing = { firstDelayMs: 1000, maxDelayMs: 15 * MINUTE, windowMs: 60 * MINUTE };
/** A username is one person's: five typos are free. */
export const USERNAME_POLICY: FailurePolicy = { ...growing, freeFailures: 5 };
/** An address may be a whole household's, and a success does not clear it (see LoginThrottle): ten are free. */
export const ADDRESS_POLICY: FailurePolicy = { ...growing, freeFailures: 10 };

/** Failure counts per key, and the wait they impose: none for the free ones, then 1 s, 2 s, 4 s ... up to a cap. */
export class FailureThrottle {
  private readonly failures: RateLimiterAbstract;
  /** A key is locked (blocked) for the wait its last failure imposed. */
  private readonly locks: RateLimiterAbstract;
  /** Attempts begun and not ended; a minute outlives any password check, and forgets those of a stopped instance. */
  private readonly underWay: RateLimiterAbstract;

  constructor(
    name: string,
    private readonly policy: FailurePolicy,
    store: LimiterStore = memoryStore,
  ) {
    this.failures = store({ keyPrefix: name, points: Number.MAX_SAFE_INTEGER, duration: policy.windowMs / 1000 });
    this.locks = store({ keyPrefix: `${name}-lock`, points: 1, duration: 1 });
    this.underWay = store({ keyPrefix: `${name}-under-way`, points: Number.MAX_SAFE_INTEGER, duration: 60 });
  }

  /** How long the key must wait before its next attempt; 0 when it may try now. */
  async waitMs(key: string): Promise<number> {
    const lock = await this.locks.get(key);
    return lock && lock.consumedPoints > 1 ? Math.max(0, lock.msBeforeNext) : 0;
  }

  /**
   * An attempt is under way (end() must follow): the wait it must keep instead, when the key's failures and the
   * attempts under way besides it already use up the free ones, so that parallel guesses cannot all pass one check.
   */
  async begin(key: string): Promise<number> {
    const { consumedPoints: underWay } = await this.underWay.consume(key);
    const failures = (await this.failures.get(key))?.consumedPoints ?? 0;
    const waitMs = underWay > 1 ? this.delayAfter(failures + underWay - 1) : 0;
    if (waitMs) await this.end(key);
    return waitMs;
  }

  async end(key: string): Promise<void> {
    await this.underWay.reward(key);
  }

  /** A failure: counted, and the key locked for its wait. */
  async fail(key: string): Promise<void> {
    const { consumedPoints } = await this.failures.penalty(key);
    const delay = this.delayAfter(consumedPoints);
    if (delay) await this.locks.block(key, Math.ceil(delay / 1000));
  }

  async clear(key: string): Promise<void> {
    await Promise.all([this.failures.delete(key), this.locks.delete(key)]);
  }

  private delayAfter(failures: number): number {
    const beyond = failures - this.policy.freeFailures;
    return beyond > 0 ? Math.min(this.policy.firstDelayMs * 2 ** (beyond - 1), this.policy.maxDelayMs) : 0;
  }
}

export const tooManySignIns = (waitMs: number) => tooManyRequests((seconds) => `Too many failed sign-ins: try again in ${seconds} s`, waitMs);

/**
 * Password guessing, slowed per username (case-insensitive, as usernames are) and per client address (one address
 * trying many usernames). While either is locked an attempt is refused at once, its password unchecked.
 * Only failures count against an address, so that a household or office signing in at once is not refused; a
 * username also counts its attempts under way (one person does not sign in many times at once, a guesser does).
 * A correct password clears its username but not its address: else an attacker holding any one account could
 * reset the address between guesses at the others.
 */
export class LoginThrottle {
  private readonly usernames: FailureThrottle;
  private readonly addresses: FailureThrottle;

  constructor(store: LimiterStore = memoryStore) {
    this.usernames = new FailureThrottle('login-username', USERNAME_POLICY, store);
    this.addresses = new FailureThrottle('login-address', ADDRESS_POLICY, store);
  }

  /** Runs `verify` (the password check, null when wrong) unless a key is locked, then counts its outcome. */
  async attempt<T>(username: string, address: string, verify: () => Promise<T | null>): Promise<T | null> {
    const user = username.toLowerCase();
    const from = addressKey(address);
    const waitMs = Math.max(await this.usernames.waitMs(user), await this.addresses.waitMs(from));
    if (waitMs > 0) throw tooManySignIns(waitMs);
    const underWayMs = await this.usernames.begin(user);
    if (underWayMs > 0) throw tooManySignIns(underWayMs);
    let result: T | null = null;
    try {
      result = await verify();
    } finally {
      await this.usernames.end(user);
      if (result === null) await Promise.all([this.usernames.fail(user), this.addresses.fail(from)]);
    }
    if (result !== null) await this.usernames.clear(user);
    return result;
  }
}

import { ApiError } from '../../http/errors.js';

/** How failures of one key (a username, an address) slow down its further attempts. */
export interface ThrottlePolicy {
  /** Failures without any wait. */
  freeFailures: number;
  /** The wait after the first failure beyond the free ones; each further failure doubles it. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A key without a failure for this long starts again from nothing (longer than maxDelayMs). */
  forgetAfterMs: number;
  /** Keys tracked at most; beyond, the least recently tried is forgotten. */
  maxKeys: number;
}

const MINUTE = 60_000;
const growing = { firstDelayMs: 1000, maxDelayMs: 15 * MINUTE, forgetAfterMs: 60 * MINUTE, maxKeys: 10_000 };
/** A username is one person's: five typos are free. */
export const USERNAME_POLICY: ThrottlePolicy = { ...growing, freeFailures: 5 };
/** An address may be a whole household's, and a success does not clear it (see LoginThrottle): ten are free. */
export const ADDRESS_POLICY: ThrottlePolicy = { ...growing, freeFailures: 10 };

interface Entry {
  failures: number;
  lastFailureAt: number;
  /** Attempts under way: counted as if they would fail, so that parallel guesses cannot all pass one check. */
  pending: number;
}

/** Failure counts per key, and the wait they impose: none for the free ones, then 1 s, 2 s, 4 s ... up to a cap. */
export class FailureThrottle {
  /** In order of the last attempt, least recent first. */
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly policy: ThrottlePolicy,
    private readonly now: () => number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** How long the key must wait before its next attempt; 0 when it may try now. */
  waitMs(key: string): number {
    const entry = this.current(key);
    if (!entry) return 0;
    const locked = entry.lastFailureAt + this.delayAfter(entry.failures) - this.now();
    return Math.max(0, locked, entry.pending ? this.delayAfter(entry.failures + entry.pending) : 0);
  }

  /** An attempt is under way; end() must follow. */
  begin(key: string): void {
    const entry = this.current(key) ?? { failures: 0, lastFailureAt: this.now(), pending: 0 };
    this.entries.delete(key);
    this.forgetStale();
    if (this.entries.size >= this.policy.maxKeys) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { ...entry, pending: entry.pending + 1 });
  }

  end(key: string, failed: boolean): void {
    const entry = this.entries.get(key) ?? { failures: 0, lastFailureAt: 0, pending: 1 };
    const next = { failures: entry.failures + (failed ? 1 : 0), lastFailureAt: failed ? this.now() : entry.lastFailureAt, pending: entry.pending - 1 };
    if (next.failures || next.pending) this.entries.set(key, next);
    else this.entries.delete(key);
  }

  clear(key: string): void {
    this.entries.delete(key);
  }

  /** The key's entry, unless it has been quiet long enough to be forgotten. */
  private current(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && this.isStale(entry)) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private isStale(entry: Entry): boolean {
    return !entry.pending && this.now() - entry.lastFailureAt >= this.policy.forgetAfterMs;
  }

  /** Forgets quiet keys from the least recently tried on; any left are forgotten when next looked up or evicted. */
  private forgetStale(): void {
    for (const [key, entry] of this.entries) {
      if (!this.isStale(entry)) return;
      this.entries.delete(key);
    }
  }

  private delayAfter(failures: number): number {
    const beyond = failures - this.policy.freeFailures;
    return beyond > 0 ? Math.min(this.policy.firstDelayMs * 2 ** (beyond - 1), this.policy.maxDelayMs) : 0;
  }
}

/** The client's address as one key: an IPv4 client of a dual-stack server (`::ffff:1.2.3.4`) is `1.2.3.4`. */
export const addressKey = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');

export const tooManyAttempts = (waitMs: number) => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new ApiError(429, 'too_many_requests', `Too many failed sign-ins: try again in ${seconds} s`, { 'Retry-After': String(seconds) });
};

/**
 * Password guessing, slowed per username (case-insensitive, as usernames are) and per client address (one
 * address trying many usernames). While either is locked an attempt is refused at once, its password unchecked.
 * A correct password clears its username but not its address: else an attacker holding any one account could
 * reset the address between guesses at the others.
 */
export class LoginThrottle {
  private readonly usernames: FailureThrottle;
  private readonly addresses: FailureThrottle;

  constructor(now: () => number) {
    this.usernames = new FailureThrottle(USERNAME_POLICY, now);
    this.addresses = new FailureThrottle(ADDRESS_POLICY, now);
  }

  /** Runs `verify` (the password check, null when wrong) unless a key is locked, then counts its outcome. */
  async attempt<T>(username: string, address: string, verify: () => Promise<T | null>): Promise<T | null> {
    const user = username.toLowerCase();
    const from = addressKey(address);
    const waitMs = Math.max(this.usernames.waitMs(user), this.addresses.waitMs(from));
    if (waitMs > 0) throw tooManyAttempts(waitMs);
    this.usernames.begin(user);
    this.addresses.begin(from);
    let result: T | null = null;
    try {
      result = await verify();
    } finally {
      this.usernames.end(user, result === null);
      this.addresses.end(from, result === null);
    }
    if (result !== null) this.usernames.clear(user);
    return result;
  }
}

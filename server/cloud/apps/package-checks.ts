import { ApiError } from '../../http/errors.js';
import { tooManyRequests } from '../../http/throttle.js';

/** Package checks one developer may have under way at once, and the whole service. */
export const CHECKS_PER_USER = 2;
export const CHECKS_IN_ALL = 4;
/** A check ends within seconds (a package inflates to 32 MB at most): the wait a refused caller is told. */
const RETRY_AFTER_MS = 5_000;

/**
 * The package checks under way, bounded per user and in all: each may hold a package's inflate budget of work
 * and memory, so that no run of uploads can take the process's memory. A user over their bound gets 429, anyone
 * over the service's 503, both with Retry-After.
 */
export class PackageChecks {
  private readonly byUser = new Map<string, number>();
  private total = 0;

  async run<T>(userId: string, check: () => Promise<T>): Promise<T> {
    const mine = this.byUser.get(userId) ?? 0;
    if (mine >= CHECKS_PER_USER) throw tooManyRequests((s) => `You have ${CHECKS_PER_USER} package checks under way: try again in ${s} s`, RETRY_AFTER_MS);
    if (this.total >= CHECKS_IN_ALL) {
      throw new ApiError(503, 'service_unavailable', `The store is checking ${CHECKS_IN_ALL} packages: try again in ${RETRY_AFTER_MS / 1000} s`, { 'Retry-After': String(RETRY_AFTER_MS / 1000) });
    }
    this.byUser.set(userId, mine + 1);
    this.total++;
    try {
      return await check();
    } finally {
      this.total--;
      const left = this.byUser.get(userId)! - 1;
      if (left) this.byUser.set(userId, left);
      else this.byUser.delete(userId);
    }
  }
}

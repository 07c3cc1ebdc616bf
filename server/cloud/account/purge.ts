import { every } from '../../http/clock.js';
import type { Account } from './context.js';
import { expireSubscriptions } from './self-hosted-servers.js';

export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes what can no longer be used: expired tokens (unless their refresh token lives), codes, reset and
 * verification tokens; marks the self-hosted servers' subscriptions that ran out as expired.
 */
export async function purgeExpired(account: Account): Promise<void> {
  const now = account.iso();
  await account.db
    .deleteFrom('tokens')
    .where('access_expires_at', '<=', now)
    .where((eb) => eb.or([eb('refresh_expires_at', 'is', null), eb('refresh_expires_at', '<=', now)]))
    .execute();
  await account.db.deleteFrom('auth_codes').where('expires_at', '<=', now).execute();
  await account.db.deleteFrom('password_resets').where('expires_at', '<=', now).execute();
  await account.db.deleteFrom('email_verifications').where('expires_at', '<=', now).execute();
  await expireSubscriptions(account);
}

/** Purges now and every hour on the account's clock; returns the stop, which waits for the purges under way. */
export function schedulePurge(account: Account, onError: (error: unknown) => void): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  // Chained: a clock advanced by hours fires several runs at once, and the stop must wait for all of them.
  const run = () => {
    running = running.then(() => purgeExpired(account)).catch(onError);
  };
  run();
  const cancel = every(account.clock, PURGE_INTERVAL_MS, run);
  return () => {
    cancel();
    return running;
  };
}

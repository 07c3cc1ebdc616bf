import { every } from '../../http/clock.js';
import type { Account } from './context.js';

export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** Deletes what can no longer be used: expired tokens (unless their refresh token lives), codes and reset tokens. */
export async function purgeExpired(account: Account): Promise<void> {
  const now = account.iso();
  await account.db
    .deleteFrom('tokens')
    .where('access_expires_at', '<=', now)
    .where((eb) => eb.or([eb('refresh_expires_at', 'is', null), eb('refresh_expires_at', '<=', now)]))
    .execute();
  await account.db.deleteFrom('auth_codes').where('expires_at', '<=', now).execute();
  await account.db.deleteFrom('password_resets').where('expires_at', '<=', now).execute();
}

/** Purges now and every hour on the account's clock; returns the stop, which waits for a purge under way. */
export function schedulePurge(account: Account, onError: (error: unknown) => void): () => Promise<void> {
  const run = () => purgeExpired(account).catch(onError);
  let running = run();
  const cancel = every(account.clock, PURGE_INTERVAL_MS, () => {
    running = run();
  });
  return () => {
    cancel();
    return running;
  };
}

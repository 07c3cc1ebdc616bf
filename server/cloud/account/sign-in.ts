import type { Account } from './context.js';
import { findUserByEmail } from './callers.js';

/**
 * A password sign-in (the password grant and the sign-in page): the account's id, or null when the address or the
 * password is wrong; 429 while throttled. An unknown address costs the same hash check as a known one, so that the
 * time of the answer does not tell who has an account. A hash of an older scheme or cost is replaced on success.
 */
export async function passwordSignIn(account: Account, email: string, password: string, remoteAddress: string): Promise<string | null> {
  return account.throttle.attempt(email, remoteAddress, async () => {
    const user = email ? await findUserByEmail(account, email) : undefined;
    if (!user) {
      await account.passwords.verifyNobody(password);
      return null;
    }
    if (!(await account.passwords.verify(password, user.password_hash))) return null;
    if (account.passwords.isOutdated(user.password_hash)) {
      const password_hash = await account.passwords.hash(password);
      await account.db.updateTable('users').set({ password_hash }).where('id', '=', user.id).where('password_hash', '=', user.password_hash).execute();
    }
    return user.id;
  });
}

import { badRequest } from '../../http/errors.js';
import type { Account } from './context.js';
import { digest, newSecret } from './crypto.js';

export const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;

/** Why an address awaits verification: a new account's, or an address changed. */
export type VerificationReason = 'sign-up' | 'change';

/**
 * Mails a link with a one-use token to an unverified address; following it verifies the address. The mail carries
 * no text a caller wrote (not even a name): the address is not yet known to be the caller's.
 */
export async function sendVerification(account: Account, user: { id: string; email: string }, reason: VerificationReason): Promise<void> {
  const token = newSecret();
  await account.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('email_verifications').where('user_id', '=', user.id).execute();
    await trx.insertInto('email_verifications').values({ token_hash: digest(token), user_id: user.id, email: user.email, expires_at: account.iso(VERIFY_TTL_MS) }).execute();
  });
  const link = `${account.publicUrl}/login/email-verification?token=${encodeURIComponent(token)}`;
  await account.mail({
    to: user.email,
    subject: 'Verify your e-mail address',
    text:
      reason === 'sign-up'
        ? `Hello,\n\nAn account was made with this e-mail address. Follow this link within 24 hours to verify it:\n\n${link}\n\nIf you did not make it, ignore this mail.`
        : `Hello,\n\nYour account's e-mail address is now ${user.email}. Follow this link within 24 hours to verify it:\n\n${link}\n\nIf you did not change it, ignore this mail.`,
  });
}

export async function verifyEmail(account: Account, token: string): Promise<{ email: string; emailVerified: true }> {
  const row = await account.db.selectFrom('email_verifications').selectAll().where('token_hash', '=', digest(token)).executeTakeFirst();
  const user = row && (await account.db.selectFrom('users').select('email').where('id', '=', row.user_id).executeTakeFirst());
  if (!row || !user || row.expires_at <= account.iso() || user.email !== row.email) throw badRequest('The verification link is invalid, used or expired');
  await markVerified(account, row.user_id);
  return { email: user.email, emailVerified: true };
}

/** The account's address is verified (its link was followed, or an operator vouches for it: the demo account). */
export async function markVerified(account: Account, userId: string): Promise<void> {
  await account.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ email_verified: 1, updated_at: account.iso() }).where('id', '=', userId).execute();
    await trx.deleteFrom('email_verifications').where('user_id', '=', userId).execute();
  });
}

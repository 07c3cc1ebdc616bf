import type { SignedIn } from '../../http/api.js';
import { badRequest, forbidden } from '../../http/errors.js';
import type { Account, AccountContext } from './context.js';
import { digest, newSecret } from './crypto.js';
import { signDelegationToken } from './delegation.js';
import { callerId, findUserByEmail, requireUser } from './callers.js';
import { setPassword } from './users.js';
import { rolesOf } from './roles.js';
import { hasScope } from '../../../client/scopes.js';

export const RESET_TTL_MS = 60 * 60 * 1000;

/** Mails a reset token to the account of this address, if there is one; the caller learns nothing either way. */
export async function forgotPassword(account: Account, email: string): Promise<void> {
  const user = await findUserByEmail(account, email);
  if (!user) return;
  const token = newSecret();
  await account.db
    .insertInto('password_resets')
    .values({ token_hash: digest(token), user_id: user.id, expires_at: account.iso(RESET_TTL_MS) })
    .execute();
  await account.mail({
    to: user.email,
    subject: 'Reset your password',
    text: `Someone asked to reset the password of your account. If it was you, send this token with a new password to POST ${account.publicUrl}/login/password-reset within an hour:\n\n${token}\n\nIf it was not you, ignore this mail.`,
  });
}

export async function resetPassword(account: Account, token: string, password: string): Promise<void> {
  const row = await account.db.selectFrom('password_resets').selectAll().where('token_hash', '=', digest(token)).executeTakeFirst();
  if (!row || row.expires_at <= account.iso()) throw badRequest('The reset token is invalid, used or expired');
  await setPassword(account, row.user_id, password);
}

const isHubScope = (scope: string) => scope === 'homey' || scope.startsWith('homey.');

/**
 * The audiences of the user-facing cloud services and of the support form's back end (docs/protocol.md §8): a token
 * of one is signed for a caller whose token grants `account.readonly`, which the service then grants. Any other
 * audience (`homey`, a hub's id) is a hub's: its token carries the caller's hub scopes.
 */
export const SERVICE_AUDIENCES: ReadonlySet<string> = new Set(['apps', 'backup', 'connect', 'flow', 'icons', 'setup', 'store', 'support', 'webhooks']);
const SERVICE_SCOPE = 'account.readonly';

/** A delegation token for the caller: of a service's audience (see SERVICE_AUDIENCES), or carrying the caller's hub scopes. */
export async function createDelegation(context: SignedIn<AccountContext>, audience: string, meta: Record<string, unknown> | undefined): Promise<string> {
  const userId = callerId(context);
  const { session } = context;
  if (SERVICE_AUDIENCES.has(audience)) {
    if (!hasScope(session.scopes, SERVICE_SCOPE)) throw forbidden(`This token lacks the scope ${SERVICE_SCOPE} that a token of audience ${audience} needs`);
    return delegateFor(context.account, userId, { audience, scopes: [SERVICE_SCOPE], clientName: session.clientName, meta });
  }
  const scopes = session.scopes.filter(isHubScope);
  if (!scopes.length) throw forbidden('This token carries no hub scope (homey ...) to delegate');
  return delegateFor(context.account, userId, { audience, scopes, clientName: session.clientName, meta });
}

/** A delegation token for a user, with the user's profile: the caller's own (above), or a hub's owner's for the services it calls as them. */
export async function delegateFor(
  account: Account,
  userId: string,
  { audience, scopes, clientName, meta }: { audience: string; scopes: string[]; clientName: string; meta?: Record<string, unknown> },
): Promise<string> {
  const user = await requireUser(account, userId);
  const profile = { email: user.email, email_verified: user.email_verified === 1, given_name: user.firstname, family_name: user.lastname, roles: rolesOf(user) };
  return signDelegationToken(account.keys, { userId, audience, scopes, clientName, meta, profile, nowMs: account.now() });
}

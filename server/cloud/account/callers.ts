import { forbidden, notFound } from '../../http/errors.js';
import type { Account, AccountContext } from './context.js';
import { rolesOf } from './roles.js';

/** Who calls, read from the database without the rest of the account model (users.ts): guards and domains share it. */
export const findUser = (account: Pick<Account, 'db'>, id: string) => account.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findUserByEmail = (account: Pick<Account, 'db'>, email: string) =>
  account.db.selectFrom('users').selectAll().where('email_key', '=', email.toLowerCase()).executeTakeFirst();

/** The account at `id`, or 404. */
export async function requireUser(account: Account, id: string) {
  const row = await findUser(account, id);
  if (!row) throw notFound('User');
  return row;
}

/** The caller's user id, or 403 for a token of a client without a user (client credentials). */
export function callerId(context: AccountContext): string {
  const userId = context.session?.userId;
  if (!userId) throw forbidden('This token belongs to an app, not to a user: sign a user in');
  return userId;
}

/** Whether the account holds the role admin (given by operators: npm run admin, or by another admin: grantRole). */
export const isAdmin = async (context: AccountContext, userId: string) => {
  const row = await findUser(context.account, userId);
  return Boolean(row && rolesOf(row).includes('admin'));
};

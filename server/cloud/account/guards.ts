import spec from '../../../generated/cloud/account.openapi.json' with { type: 'json' };
import type { Guard } from '../../http/api.js';
import { forbidden, notFound } from '../../http/errors.js';
import { onWellFormedPaths as wellFormed } from '../../http/path-guards.js';
import { callerId, isAdmin, requireUser } from './callers.js';
import type { AccountContext } from './context.js';

/**
 * Who may call an account operation, decided from the token and the path before the body is read (see Guard):
 * each operation names one of these in its handler table.
 */
export type AccountGuard = Guard<AccountContext>;

/** A user's token (403 for a client's own token, client credentials). */
export const signedInUser: AccountGuard = (_path, context) => void callerId(context);

export const adminOnly: AccountGuard = async (_path, context) => {
  if (!(await isAdmin(context, callerId(context)))) throw forbidden('Only an admin may do this');
};

/** The account `id`: its own tokens and admins' only (403), and it must exist (404). */
export async function requireOwnAccount(context: AccountContext, id: string): Promise<void> {
  const caller = callerId(context);
  if (caller !== id && !(await isAdmin(context, caller))) throw forbidden('Only the account itself may do this');
  await requireUser(context.account, id);
}

/** The account named by the path parameter `param` (see requireOwnAccount). */
export const ownAccount =
  (param: string): AccountGuard =>
  (path, context) =>
    requireOwnAccount(context, path[param]!);

/** An existing account named by the path parameter `param`, for admins only. */
export const adminOver =
  (param: string): AccountGuard =>
  async (path, context) => {
    await adminOnly(path, context);
    await requireUser(context.account, path[param]!);
  };

/** A hub named by the path parameter `param` that the caller belongs to; 404 for any other (strangers learn nothing). */
export const memberOfHub =
  (param: string): AccountGuard =>
  async (path, context) => {
    const member = await context.account.db
      .selectFrom('hub_users')
      .select('role')
      .where('hub_id', '=', path[param]!)
      .where('user_id', '=', callerId(context))
      .executeTakeFirst();
    if (!member) throw notFound('Homey');
  };

/** See the kernel's onWellFormedPaths: the account contract's path patterns, checked before each guard. */
export const onWellFormedPaths = (guards: Record<string, AccountGuard>): Record<string, AccountGuard> => wellFormed(spec, guards);

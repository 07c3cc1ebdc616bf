import { forbidden, notFound } from '../../http/errors.js';
import type { AccountContext } from './context.js';
import { hubOrderFor } from './hub-order.js';
import { requireHomey, type HomeyView } from './hubs.js';
import { callerId, findUser, isAdmin } from './callers.js';

/**
 * The person setting a hub up claims its record: a record nobody activated yet becomes theirs (an admin may name
 * another account), with the role owner; the users of whoever held it before go with them. A record someone else
 * activated is theirs: 404, as every call about another account's hub answers.
 */
export async function activateHomey(context: AccountContext, id: string, userId: string | undefined): Promise<HomeyView> {
  const { account } = context;
  const caller = callerId(context);
  const owner = userId ?? caller;
  if (owner !== caller && !(await isAdmin(context, caller))) throw forbidden('Only an admin may activate a hub for another account');
  if (!(await findUser(account, owner))) throw notFound('User');
  const row = await account.db.selectFrom('hubs').select(['owner_id', 'activated_at']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Homey');
  if (row.activated_at !== null) {
    if (row.owner_id !== owner) throw notFound('Homey');
    return requireHomey(account, owner, id);
  }
  const now = account.iso();
  await account.db.transaction().execute(async (trx) => {
    if (row.owner_id !== owner) {
      await trx.deleteFrom('hub_users').where('hub_id', '=', id).execute();
      await trx.deleteFrom('invites').where('hub_id', '=', id).execute();
      await trx.insertInto('hub_users').values({ hub_id: id, user_id: owner, role: 'owner', notify_push: 1, notify_email: 0, added_order: hubOrderFor(owner) }).execute();
    }
    await trx.updateTable('hubs').set({ owner_id: owner, activated_at: now, updated_at: now }).where('id', '=', id).execute();
  });
  return requireHomey(account, owner, id);
}

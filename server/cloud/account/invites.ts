import type { Selectable } from 'kysely';
import type { components } from '../../../generated/cloud/account.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import type { Account } from './context.js';
import { newId } from './crypto.js';
import type { Tables } from './db.js';
import { hubOrderFor } from './hub-order.js';
import { requireHomey, requireOwned } from './hubs.js';
import { findUser } from './callers.js';

export type InviteView = components['schemas']['Invite'];
type Role = InviteView['role'];

const view = (row: Selectable<Tables['invites']> & { name: string }): InviteView => ({
  _id: row.id,
  homeyId: row.hub_id,
  homeyName: row.name,
  inviterId: row.inviter_id,
  userId: row.user_id,
  role: row.role as Role,
  ...(row.token !== null ? { token: row.token } : {}),
  createdAt: row.created_at,
  acceptedAt: row.accepted_at,
});

const withHub = (account: Account) => account.db.selectFrom('invites').innerJoin('hubs', 'hubs.id', 'invites.hub_id').selectAll('invites').select('hubs.name');

/** The owner invites an account; inviting it again replaces the pending invitation. */
export async function invite(account: Account, ownerId: string, hubId: string, input: { user: string; role: Role; token?: string }): Promise<InviteView> {
  const homey = await requireOwned(account, ownerId, hubId);
  if (!(await findUser(account, input.user))) throw notFound('User');
  const member = await account.db.selectFrom('hub_users').select('role').where('hub_id', '=', hubId).where('user_id', '=', input.user).executeTakeFirst();
  if (member) throw conflict('This account is a user of the hub already');
  const row = { id: newId(), hub_id: hubId, inviter_id: ownerId, user_id: input.user, role: input.role, token: input.token ?? null, created_at: account.iso(), accepted_at: null };
  await account.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('invites').where('hub_id', '=', hubId).where('user_id', '=', input.user).execute();
    await trx.insertInto('invites').values(row).execute();
  });
  return view({ ...row, name: homey.name });
}

/** The invited account accepts every pending invitation of one inviter and becomes a user of those hubs. */
export async function acceptInvites(account: Account, userId: string, inviterId: string): Promise<InviteView[]> {
  const pending = await withHub(account).where('invites.user_id', '=', userId).where('invites.inviter_id', '=', inviterId).where('invites.accepted_at', 'is', null).execute();
  if (!pending.length) throw notFound('Invitation');
  const acceptedAt = account.iso();
  await account.db.transaction().execute(async (trx) => {
    for (const row of pending) {
      await trx.insertInto('hub_users').values({ hub_id: row.hub_id, user_id: userId, role: row.role, notify_push: 1, notify_email: 0, added_order: hubOrderFor(userId) }).execute();
      await trx.updateTable('invites').set({ accepted_at: acceptedAt }).where('id', '=', row.id).execute();
    }
  });
  return pending.map((row) => view({ ...row, accepted_at: acceptedAt }));
}

export async function acceptedInvites(account: Account, userId: string): Promise<InviteView[]> {
  const rows = await withHub(account).where('invites.user_id', '=', userId).where('invites.accepted_at', 'is not', null).orderBy('invites.accepted_at', 'desc').orderBy('invites.id').execute();
  return rows.map(view);
}

/** The owner removes a user or an invitation; anyone else may only leave. Strangers learn nothing (404). */
export async function removeHubUser(account: Account, callerId: string, hubId: string, userId: string): Promise<void> {
  const homey = await requireHomey(account, callerId, hubId);
  if (homey.role !== 'owner' && callerId !== userId) throw forbidden('Only the owner removes other users of a hub');
  if (userId === homey.ownerId) throw conflict("The owner cannot be removed from the hub: delete the hub's record instead");
  const member = await account.db.deleteFrom('hub_users').where('hub_id', '=', hubId).where('user_id', '=', userId).executeTakeFirst();
  const invited = await account.db.deleteFrom('invites').where('hub_id', '=', hubId).where('user_id', '=', userId).executeTakeFirst();
  if (member.numDeletedRows === 0n && invited.numDeletedRows === 0n) throw notFound('User of the hub');
}

export async function resetHubUsers(account: Account, ownerId: string, hubId: string): Promise<void> {
  await requireOwned(account, ownerId, hubId);
  await account.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('hub_users').where('hub_id', '=', hubId).where('role', '!=', 'owner').execute();
    await trx.deleteFrom('invites').where('hub_id', '=', hubId).execute();
  });
}

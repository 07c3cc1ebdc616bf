import type { components } from '../../../generated/cloud/account.js';
import { conflict, notFound } from '../../http/errors.js';
import type { Account } from './context.js';
import { newId } from './crypto.js';

export type Address = components['schemas']['Address'];
type Fields = components['schemas']['AddressUpdate'];

export const MAX_ADDRESSES = 20;

const view = (row: { id: string; data: string; created_at: string; updated_at: string }): Address =>
  ({ ...(JSON.parse(row.data) as Fields), _id: row.id, createdAt: row.created_at, updatedAt: row.updated_at }) as Address;

export async function addressesOf(account: Account, userId: string): Promise<Address[]> {
  const rows = await account.db.selectFrom('user_addresses').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
  return rows.map(view);
}

export async function addAddress(account: Account, userId: string, fields: Fields): Promise<Address> {
  const { count } = await account.db.selectFrom('user_addresses').select((eb) => eb.fn.countAll<number | string>().as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  if (Number(count) >= MAX_ADDRESSES) throw conflict(`An account has at most ${MAX_ADDRESSES} addresses: delete one first`);
  const now = account.iso();
  const row = { id: newId(), user_id: userId, data: JSON.stringify(fields), created_at: now, updated_at: now };
  await account.db.insertInto('user_addresses').values(row).execute();
  return view(row);
}

async function requireAddress(account: Account, userId: string, id: string) {
  const row = await account.db.selectFrom('user_addresses').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('Address');
  return row;
}

export async function updateAddress(account: Account, userId: string, id: string, patch: Fields): Promise<Address> {
  const row = await requireAddress(account, userId, id);
  const updated = { ...row, data: JSON.stringify({ ...(JSON.parse(row.data) as Fields), ...patch }), updated_at: account.iso() };
  await account.db.updateTable('user_addresses').set({ data: updated.data, updated_at: updated.updated_at }).where('id', '=', id).execute();
  return view(updated);
}

export async function deleteAddress(account: Account, userId: string, id: string): Promise<void> {
  await requireAddress(account, userId, id);
  await account.db.deleteFrom('user_addresses').where('id', '=', id).execute();
}

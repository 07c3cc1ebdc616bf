import type { components } from '../../../generated/cloud/account.js';
import { conflict, notFound } from '../../http/errors.js';
import type { Account } from './context.js';
import { newId } from './crypto.js';

export type UserDevice = components['schemas']['UserDevice'];
type DeviceInput = components['schemas']['UserDeviceInput'];

export const MAX_DEVICES = 50;

const view = (row: { id: string; data: string; created_at: string; updated_at: string }): UserDevice => ({
  ...(JSON.parse(row.data) as DeviceInput),
  _id: row.id,
  created: row.created_at,
  updated: row.updated_at,
}) as UserDevice;

export async function devicesOf(account: Account, userId: string): Promise<UserDevice[]> {
  const rows = await account.db.selectFrom('user_devices').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
  return rows.map(view);
}

export async function createDevice(account: Account, userId: string, input: DeviceInput): Promise<UserDevice> {
  const { count } = await account.db.selectFrom('user_devices').select((eb) => eb.fn.countAll<number | string>().as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  if (Number(count) >= MAX_DEVICES) throw conflict(`An account has at most ${MAX_DEVICES} devices: remove one first`);
  const now = account.iso();
  const row = { id: newId(), user_id: userId, data: JSON.stringify({ devmode: false, ...input }), created_at: now, updated_at: now };
  await account.db.insertInto('user_devices').values(row).execute();
  return view(row);
}

async function requireDevice(account: Account, userId: string, id: string) {
  const row = await account.db.selectFrom('user_devices').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('Device');
  return row;
}

export async function updateDevice(account: Account, userId: string, id: string, patch: DeviceInput): Promise<UserDevice> {
  const row = await requireDevice(account, userId, id);
  const updated = { ...row, data: JSON.stringify({ ...(JSON.parse(row.data) as DeviceInput), ...patch }), updated_at: account.iso() };
  await account.db.updateTable('user_devices').set({ data: updated.data, updated_at: updated.updated_at }).where('id', '=', id).execute();
  return view(updated);
}

export async function deleteDevice(account: Account, userId: string, id: string): Promise<void> {
  await requireDevice(account, userId, id);
  await account.db.deleteFrom('user_devices').where('id', '=', id).execute();
}

import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { Account } from './context.js';
import { isUniqueViolation } from './db.js';
import { requireHomey, requireOwned } from './hubs.js';

export const MAX_KEYS = 100;
export const MAX_VALUE_BYTES = 16 * 1024;

type Value = Record<string, unknown>;

function encode(value: Value): string {
  const text = JSON.stringify(value);
  if (Buffer.byteLength(text) > MAX_VALUE_BYTES) throw badRequest(`A metadata value is at most ${MAX_VALUE_BYTES / 1024} KiB as JSON`);
  return text;
}

/** Every value of a hub the caller belongs to, by key (a prototype-less map: keys are client input). */
export async function allMetadata(account: Account, userId: string, hubId: string): Promise<Record<string, Value>> {
  await requireHomey(account, userId, hubId);
  const rows = await account.db.selectFrom('hub_metadata').select(['key', 'value']).where('hub_id', '=', hubId).orderBy('key').execute();
  return Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value) as Value]));
}

export async function getMetadata(account: Account, userId: string, hubId: string, key: string): Promise<Value> {
  await requireHomey(account, userId, hubId);
  const row = await account.db.selectFrom('hub_metadata').select('value').where('hub_id', '=', hubId).where('key', '=', key).executeTakeFirst();
  if (!row) throw notFound('Metadata key');
  return JSON.parse(row.value) as Value;
}

export async function createMetadata(account: Account, userId: string, hubId: string, key: string, value: Value): Promise<Value> {
  await requireOwned(account, userId, hubId);
  const text = encode(value);
  const { count } = await account.db.selectFrom('hub_metadata').select((eb) => eb.fn.countAll<number | string>().as('count')).where('hub_id', '=', hubId).executeTakeFirstOrThrow();
  if (Number(count) >= MAX_KEYS) throw conflict(`A hub has at most ${MAX_KEYS} metadata keys`);
  try {
    await account.db.insertInto('hub_metadata').values({ hub_id: hubId, key, value: text, updated_at: account.iso() }).execute();
  } catch (error) {
    throw isUniqueViolation(error) ? conflict(`The metadata key ${key} exists already: update it`) : error;
  }
  return value;
}

export async function updateMetadata(account: Account, userId: string, hubId: string, key: string, value: Value): Promise<Value> {
  await requireOwned(account, userId, hubId);
  const { numUpdatedRows } = await account.db
    .updateTable('hub_metadata')
    .set({ value: encode(value), updated_at: account.iso() })
    .where('hub_id', '=', hubId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (numUpdatedRows === 0n) throw notFound('Metadata key');
  return value;
}

export async function deleteMetadata(account: Account, userId: string, hubId: string, key: string): Promise<void> {
  await requireOwned(account, userId, hubId);
  const { numDeletedRows } = await account.db.deleteFrom('hub_metadata').where('hub_id', '=', hubId).where('key', '=', key).executeTakeFirst();
  if (numDeletedRows === 0n) throw notFound('Metadata key');
}

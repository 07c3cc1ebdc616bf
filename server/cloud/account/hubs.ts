import type { Selectable } from 'kysely';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import type { Account } from './context.js';
import { newId } from './crypto.js';
import { isUniqueViolation, sql, type Tables } from './db.js';

export const PAGE_SIZE = 50;

type HubRow = Selectable<Tables['hubs']>;
type Role = 'owner' | 'manager' | 'user' | 'guest';

/** The fields of a record besides id, owner and times; those beyond name, serial and version live in `data`. */
export interface HomeyFields {
  name?: string;
  platform?: 'local' | 'cloud';
  apiVersion?: 1 | 2 | 3;
  model?: string;
  softwareVersion?: string;
  serial?: string;
  language?: string;
  localUrl?: string;
  localUrlSecure?: string;
  remoteUrl?: string;
  remoteUrlForwarded?: string;
  mdnsFqdn?: string;
}

export interface HomeyView extends HomeyFields {
  _id: string;
  name: string;
  platform: 'local' | 'cloud';
  apiVersion: 1 | 2 | 3;
  role: Role;
  ownerId: string;
  createdAt: string;
  updatedAt: string;
}

const view = (row: HubRow, role: string): HomeyView => ({
  ...(JSON.parse(row.data) as HomeyFields),
  ...(row.serial !== null ? { serial: row.serial } : {}),
  ...(row.software_version !== null ? { softwareVersion: row.software_version } : {}),
  _id: row.id,
  name: row.name,
  role: role as Role,
  ownerId: row.owner_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
} as HomeyView);

const withRoles = (account: Account, userId: string) =>
  account.db
    .selectFrom('hubs')
    .innerJoin('hub_users', 'hub_users.hub_id', 'hubs.id')
    .where('hub_users.user_id', '=', userId);

/** The hubs a user owns or is a user of, newest first (a user's `homeys`). */
export async function homeysOf(account: Account, userId: string): Promise<HomeyView[]> {
  const rows = await withRoles(account, userId).selectAll('hubs').select('hub_users.role').orderBy('hubs.created_at', 'desc').orderBy('hubs.id').execute();
  return rows.map((row) => view(row, row.role));
}

export interface HomeyFilter {
  serial?: string;
  softwareVersion?: string;
  search?: string;
  page: number;
}

export async function listHomeys(account: Account, userId: string, filter: HomeyFilter) {
  let query = withRoles(account, userId);
  if (filter.serial !== undefined) query = query.where('hubs.serial', '=', filter.serial);
  if (filter.softwareVersion !== undefined) query = query.where('hubs.software_version', '=', filter.softwareVersion);
  if (filter.search) {
    const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`lower(hubs.name) like ${pattern} escape '\\'`);
  }
  const { total } = await query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll('hubs')
    .select('hub_users.role')
    .orderBy('hubs.created_at', 'desc')
    .orderBy('hubs.id')
    .limit(PAGE_SIZE)
    .offset((filter.page - 1) * PAGE_SIZE)
    .execute();
  return { homeys: rows.map((row) => view(row, row.role)), page: filter.page, pageSize: PAGE_SIZE, total: Number(total) };
}

/** Splits fields into the columns and the JSON rest. */
function columns(fields: HomeyFields, current: HomeyFields = {}) {
  const { name, serial, softwareVersion, ...rest } = { ...current, ...fields };
  return { name, serial: serial ?? null, software_version: softwareVersion ?? null, data: JSON.stringify(rest) };
}

export async function createHomey(account: Account, ownerId: string, input: HomeyFields & { _id?: string }): Promise<HomeyView> {
  const { _id: id = newId(), ...fields } = input;
  const now = account.iso();
  const row: HubRow = {
    id,
    owner_id: ownerId,
    ...columns({ platform: 'local', apiVersion: 3, ...fields }),
    name: input.name ?? 'Homey',
    created_at: now,
    updated_at: now,
  };
  try {
    await account.db.transaction().execute(async (trx) => {
      await trx.insertInto('hubs').values(row).execute();
      await trx.insertInto('hub_users').values({ hub_id: id, user_id: ownerId, role: 'owner' }).execute();
    });
  } catch (error) {
    throw isUniqueViolation(error) ? conflict('A hub record with this _id exists already') : error;
  }
  return view(row, 'owner');
}

/** A hub record the user belongs to, with their role; 404 for any other (strangers learn nothing). */
export async function requireHomey(account: Account, userId: string, id: string): Promise<HomeyView> {
  const row = await withRoles(account, userId).where('hubs.id', '=', id).selectAll('hubs').select('hub_users.role').executeTakeFirst();
  if (!row) throw notFound('Homey');
  return view(row, row.role);
}

async function requireOwned(account: Account, userId: string, id: string): Promise<HomeyView> {
  const homey = await requireHomey(account, userId, id);
  if (homey.role !== 'owner') throw forbidden("Only the hub's owner may change its record");
  return homey;
}

export async function updateHomey(account: Account, userId: string, id: string, patch: HomeyFields): Promise<HomeyView> {
  const { _id, role, ownerId, createdAt, updatedAt, ...current } = await requireOwned(account, userId, id);
  const updated_at = account.iso();
  await account.db.updateTable('hubs').set({ ...columns(patch, current), updated_at }).where('id', '=', id).execute();
  return { ...current, ...patch, _id, role, ownerId, createdAt, updatedAt: updated_at } as HomeyView;
}

export async function deleteHomey(account: Account, userId: string, id: string): Promise<void> {
  await requireOwned(account, userId, id);
  await account.db.deleteFrom('hubs').where('id', '=', id).execute();
}

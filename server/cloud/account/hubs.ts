import type { Selectable } from 'kysely';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import type { components } from '../../../generated/cloud/account.js';
import type { Account } from './context.js';
import { newId } from './crypto.js';
import { isUniqueViolation, sql, type Tables } from './db.js';
import { extrasOf, replaceApps, type HubExtras } from './hub-extras.js';
import { hubOrderFor } from './hub-order.js';

export const PAGE_SIZE = 50;

type HubRow = Selectable<Tables['hubs']>;
type Role = HomeyView['role'];

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
  region?: string;
  apps?: components['schemas']['HomeyApp'][];
}

export type HomeyView = components['schemas']['Homey'];

/** The caller's membership of a hub: role and notification choices. */
interface Membership {
  role: string;
  notify_push: number;
  notify_email: number;
}

const view = (row: HubRow, { role, notify_push, notify_email }: Membership, extras: HubExtras): HomeyView => ({
  ...(JSON.parse(row.data) as HomeyFields),
  ...(row.serial !== null ? { serial: row.serial } : {}),
  ...(row.software_version !== null ? { softwareVersion: row.software_version } : {}),
  ...(row.region !== null ? { region: row.region } : {}),
  _id: row.id,
  name: row.name,
  role: role as Role,
  connectionNotifications: { push: notify_push === 1, email: notify_email === 1 },
  activated: row.activated_at !== null,
  ...(row.activated_at !== null ? { activatedAt: row.activated_at } : {}),
  ...extras,
  ownerId: row.owner_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
} as HomeyView);

/** The records as their member sees them, with their apps, bridges and self-hosted server details. */
async function views(account: Account, rows: Array<HubRow & Membership>): Promise<HomeyView[]> {
  const extras = await extrasOf(account, rows.map((row) => row.id));
  return rows.map((row) => view(row, row, extras.get(row.id)!));
}

const withRoles = (account: Account, userId: string) =>
  account.db
    .selectFrom('hubs')
    .innerJoin('hub_users', 'hub_users.hub_id', 'hubs.id')
    .where('hub_users.user_id', '=', userId);

/** The hubs a user owns or is a user of, in the order they were added (a user's `homeys`: clients take the first). */
export async function homeysOf(account: Account, userId: string): Promise<HomeyView[]> {
  const rows = await withRoles(account, userId).selectAll('hubs').select(['hub_users.role', 'hub_users.notify_push', 'hub_users.notify_email']).orderBy('hub_users.added_order').orderBy('hubs.id').execute();
  return views(account, rows);
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
    .select(['hub_users.role', 'hub_users.notify_push', 'hub_users.notify_email'])
    .orderBy('hubs.created_at', 'desc')
    .orderBy('hubs.id')
    .limit(PAGE_SIZE)
    .offset((filter.page - 1) * PAGE_SIZE)
    .execute();
  return { homeys: await views(account, rows), page: filter.page, pageSize: PAGE_SIZE, total: Number(total) };
}

/** Splits fields into the columns and the JSON rest (apps have a table of their own). */
function columns(fields: HomeyFields, current: HomeyFields = {}) {
  const { name, serial, softwareVersion, region, apps, ...rest } = { ...current, ...fields };
  return { name, serial: serial ?? null, software_version: softwareVersion ?? null, region: region ?? null, data: JSON.stringify(rest) };
}

/**
 * A new record owned by `ownerId`. `activated`: the owner is the person setting the hub up; otherwise it is a
 * production record (made by an admin) that the person setting the hub up claims later (activateHomey).
 */
export async function createHomey(account: Account, ownerId: string, input: HomeyFields & { _id?: string }, activated: boolean): Promise<HomeyView> {
  const { _id: id = newId(), ...fields } = input;
  const now = account.iso();
  const row: HubRow = {
    id,
    owner_id: ownerId,
    ...columns({ platform: 'local', apiVersion: 3, ...fields }),
    name: input.name ?? 'Homey',
    activated_at: activated ? now : null,
    created_at: now,
    updated_at: now,
  };
  try {
    await account.db.transaction().execute(async (trx) => {
      await trx.insertInto('hubs').values(row).execute();
      await trx.insertInto('hub_users').values({ hub_id: id, user_id: ownerId, role: 'owner', notify_push: 1, notify_email: 0, added_order: hubOrderFor(ownerId) }).execute();
    });
  } catch (error) {
    throw isUniqueViolation(error) ? conflict('A hub record with this _id exists already') : error;
  }
  if (fields.apps) await replaceApps(account, id, fields.apps);
  return requireHomey(account, ownerId, id);
}

/** A hub record the user belongs to, with their role; 404 for any other (strangers learn nothing). */
/** The account that owns a hub record, or null for a hub the account service has no record of (for the cloud's own services). */
export async function hubOwner(account: Account, id: string): Promise<string | null> {
  const row = await account.db.selectFrom('hubs').select('owner_id').where('id', '=', id).executeTakeFirst();
  return row?.owner_id ?? null;
}

/** Whether an account is the owner or a user of a hub (the connect service's check of its callers). */
export async function isHubUser(account: Account, userId: string, hubId: string): Promise<boolean> {
  const row = await account.db.selectFrom('hub_users').select('hub_id').where('user_id', '=', userId).where('hub_id', '=', hubId).executeTakeFirst();
  return row !== undefined;
}

export async function requireHomey(account: Account, userId: string, id: string): Promise<HomeyView> {
  const row = await withRoles(account, userId).where('hubs.id', '=', id).selectAll('hubs').select(['hub_users.role', 'hub_users.notify_push', 'hub_users.notify_email']).executeTakeFirst();
  if (!row) throw notFound('Homey');
  return (await views(account, [row]))[0]!;
}

export async function requireOwned(account: Account, userId: string, id: string): Promise<HomeyView> {
  const homey = await requireHomey(account, userId, id);
  if (homey.role !== 'owner') throw forbidden("Only the hub's owner may change its record");
  return homey;
}

export async function updateHomey(account: Account, userId: string, id: string, patch: HomeyFields): Promise<HomeyView> {
  const { _id, role, connectionNotifications, ownerId, createdAt, updatedAt, activated, activatedAt, apps, bridges, selfHostedServer, ...current } =
    await requireOwned(account, userId, id);
  await account.db.updateTable('hubs').set({ ...columns(patch, current), updated_at: account.iso() }).where('id', '=', id).execute();
  if (patch.apps) await replaceApps(account, id, patch.apps);
  return requireHomey(account, userId, id);
}

export async function setConnectionNotifications(account: Account, userId: string, id: string, choice: { push?: boolean; email?: boolean }): Promise<HomeyView> {
  await requireHomey(account, userId, id);
  const changes = {
    ...(choice.push !== undefined ? { notify_push: choice.push ? 1 : 0 } : {}),
    ...(choice.email !== undefined ? { notify_email: choice.email ? 1 : 0 } : {}),
  };
  await account.db.updateTable('hub_users').set(changes).where('hub_id', '=', id).where('user_id', '=', userId).execute();
  return requireHomey(account, userId, id);
}

/** Adds a license to any hub (admins decide, see api.ts); answers the record as its owner sees it. */
export async function addLicense(account: Account, id: string, license: string): Promise<HomeyView> {
  const row = await account.db.selectFrom('hubs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Homey');
  const data = JSON.parse(row.data) as HomeyFields & { licenses?: string[] };
  const licenses = [...new Set([...(data.licenses ?? []), license])];
  await account.db.updateTable('hubs').set({ data: JSON.stringify({ ...data, licenses }), updated_at: account.iso() }).where('id', '=', id).execute();
  return requireHomey(account, row.owner_id, id);
}

export async function deleteHomey(account: Account, userId: string, id: string): Promise<void> {
  await requireOwned(account, userId, id);
  await account.db.deleteFrom('hubs').where('id', '=', id).execute();
}

import { badRequest } from '../../http/errors.js';
import type { Account } from './context.js';
import { sql } from './db.js';

/** Statistics over the hub records and their owners (admins only, see api.ts), computed from the tables as they are. */

const DAY_MS = 24 * 60 * 60 * 1000;
export const OWNERS_PAGE_SIZE = 50;

const byCount = <T extends { homeys: number }>(key: (row: T) => string) => (a: T, b: T) => b.homeys - a.homeys || (key(a) < key(b) ? -1 : 1);

function countInto(map: Map<string, number>, key: string, by = 1) {
  map.set(key, (map.get(key) ?? 0) + by);
}

export async function appInstalls(account: Account) {
  const rows = await account.db
    .selectFrom('hub_apps')
    .select(['app_id', 'version', 'channel', (eb) => eb.fn.countAll<number | string>().as('homeys')])
    .groupBy(['app_id', 'version', 'channel'])
    .execute();
  const apps = new Map<string, { appId: string; homeys: number; versions: Map<string, number>; channels: Map<string, number> }>();
  for (const row of rows) {
    const app = apps.get(row.app_id) ?? { appId: row.app_id, homeys: 0, versions: new Map(), channels: new Map() };
    apps.set(row.app_id, app);
    app.homeys += Number(row.homeys);
    countInto(app.versions, row.version, Number(row.homeys));
    countInto(app.channels, row.channel, Number(row.homeys));
  }
  return [...apps.values()]
    .map((app) => ({ ...app, versions: Object.fromEntries(app.versions), channels: Object.fromEntries(app.channels) }))
    .sort(byCount((app) => app.appId));
}

/** Per app and entry of a JSON list column of hub_apps (drivers, flow cards): the hubs that list it. */
async function perAppEntry(account: Account, column: 'drivers' | 'flow_cards') {
  const rows = await account.db.selectFrom('hub_apps').select(['app_id', column]).where(column, '!=', '[]').execute();
  const counts = new Map<string, { appId: string; entry: string; homeys: number }>();
  for (const row of rows) {
    for (const entry of JSON.parse(row[column as keyof typeof row]) as string[]) {
      const key = JSON.stringify([row.app_id, entry]);
      const count = counts.get(key) ?? { appId: row.app_id, entry, homeys: 0 };
      count.homeys += 1;
      counts.set(key, count);
    }
  }
  return [...counts.values()].sort(byCount((count) => `${count.appId} ${count.entry}`));
}

export const appDrivers = async (account: Account) =>
  (await perAppEntry(account, 'drivers')).map(({ appId, entry, homeys }) => ({ appId, driverId: entry, homeys }));

export const appFlowCards = async (account: Account) =>
  (await perAppEntry(account, 'flow_cards')).map(({ appId, entry, homeys }) => ({ appId, card: entry, homeys }));

/** Hubs per value of a column, `unknown` for none. */
async function perColumn(account: Account, column: 'region' | 'software_version', sinceIso?: string) {
  let query = account.db.selectFrom('hubs').select([column, (eb) => eb.fn.countAll<number | string>().as('homeys')]).groupBy(column);
  if (sinceIso !== undefined) query = query.where('created_at', '>=', sinceIso);
  const counts = new Map<string, number>();
  for (const row of await query.execute()) countInto(counts, (row[column as keyof typeof row] as string | null) ?? 'unknown', Number(row.homeys));
  return [...counts].map(([value, homeys]) => ({ value, homeys })).sort(byCount((count) => count.value));
}

export async function locations(account: Account, since: number | undefined) {
  const sinceIso = since === undefined ? undefined : new Date(Math.min(since, 8.64e15)).toISOString();
  return (await perColumn(account, 'region', sinceIso)).map(({ value, homeys }) => ({ region: value, homeys }));
}

export const versions = async (account: Account) =>
  (await perColumn(account, 'software_version')).map(({ value, homeys }) => ({ softwareVersion: value, homeys }));

/** Records created per day (UTC) from `min` to `max` inclusive, days without any included. */
export async function production(account: Account, min: string | undefined, max: string | undefined) {
  const today = new Date(account.now()).toISOString().slice(0, 10);
  const last = max ?? today;
  const first = min ?? new Date(Date.parse(last) - 29 * DAY_MS).toISOString().slice(0, 10);
  const days = (Date.parse(last) - Date.parse(first)) / DAY_MS + 1;
  if (days < 1) throw badRequest('min must not be after max');
  if (days > 366) throw badRequest('The range spans at most 366 days');
  const end = new Date(Date.parse(last) + DAY_MS).toISOString();
  const day = sql<string>`substr(created_at, 1, 10)`;
  const rows = await account.db
    .selectFrom('hubs')
    .select([day.as('day'), (eb) => eb.fn.countAll<number | string>().as('homeys')])
    .where('created_at', '>=', new Date(Date.parse(first)).toISOString())
    .where('created_at', '<', end)
    .groupBy(day)
    .execute();
  const counts = new Map(rows.map((row) => [row.day, Number(row.homeys)]));
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(Date.parse(first) + i * DAY_MS).toISOString().slice(0, 10);
    return { date, homeys: counts.get(date) ?? 0 };
  });
}

export interface OwnerFilter {
  softwareVersion?: string;
  homeyId?: string;
  homeySn?: string;
  barcodeMin?: string;
  barcodeMax?: string;
  appId?: string;
  appChannel?: string;
  appVersion?: string;
  page?: number;
}

/** The owners of the records matching every filter, oldest record first. */
export async function owners(account: Account, filter: OwnerFilter) {
  const page = filter.page ?? 1;
  let query = account.db.selectFrom('hubs').innerJoin('users', 'users.id', 'hubs.owner_id');
  if (filter.softwareVersion !== undefined) query = query.where('hubs.software_version', '=', filter.softwareVersion);
  if (filter.homeyId !== undefined) query = query.where('hubs.id', '=', filter.homeyId);
  if (filter.homeySn !== undefined) query = query.where('hubs.serial', '=', filter.homeySn);
  if (filter.barcodeMin !== undefined) query = query.where('hubs.serial', '>=', filter.barcodeMin);
  if (filter.barcodeMax !== undefined) query = query.where('hubs.serial', '<=', filter.barcodeMax);
  if (filter.appId !== undefined || filter.appChannel !== undefined || filter.appVersion !== undefined) {
    query = query.where(({ exists, selectFrom }) => {
      let apps = selectFrom('hub_apps').select('hub_apps.app_id').whereRef('hub_apps.hub_id', '=', 'hubs.id');
      if (filter.appId !== undefined) apps = apps.where('hub_apps.app_id', '=', filter.appId);
      if (filter.appChannel !== undefined) apps = apps.where('hub_apps.channel', '=', filter.appChannel);
      if (filter.appVersion !== undefined) apps = apps.where('hub_apps.version', '=', filter.appVersion);
      return exists(apps);
    });
  }
  const { total } = await query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  const rows = await query
    .select(['hubs.id', 'hubs.serial', 'hubs.software_version', 'users.id as user_id', 'users.email', 'users.firstname', 'users.lastname', 'users.language'])
    .orderBy('hubs.created_at')
    .orderBy('hubs.id')
    .limit(OWNERS_PAGE_SIZE)
    .offset((page - 1) * OWNERS_PAGE_SIZE)
    .execute();
  return {
    page,
    pageSize: OWNERS_PAGE_SIZE,
    total: Number(total),
    owners: rows.map((row) => ({
      homeyId: row.id,
      serial: row.serial,
      softwareVersion: row.software_version,
      userId: row.user_id,
      email: row.email,
      firstname: row.firstname,
      lastname: row.lastname,
      language: row.language,
    })),
  };
}

import { sql } from 'kysely';
import type { components } from '../../../generated/cloud/apps.js';
import { isoNow, type AppsState } from './context.js';
import { increment } from './db.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** How far back the per-day statistics go. */
export const STATS_DAYS = 30;

export const hourOf = (ms: number) => Math.floor(ms / HOUR_MS);

/** Counts an install (of a version) or a page view of an app, in the current hour; page views are buffered. */
export async function recordEvent(state: AppsState, appId: string, kind: 'install' | 'pageview', version = ''): Promise<void> {
  if (kind === 'pageview') return state.pageviews.count(appId, hourOf(state.clock.now()));
  await state.db
    .insertInto('app_events')
    .values({ app_id: appId, kind, version, hour: hourOf(state.clock.now()), count: 1 })
    .onConflict((c) => c.columns(['app_id', 'kind', 'version', 'hour']).doUpdateSet({ count: increment('app_events') }))
    .execute();
}

/** The total and the last STATS_DAYS days of installs or page views (installs also per version). */
export async function countStats(state: AppsState, appId: string, kind: 'install' | 'pageview'): Promise<components['schemas']['CountStats']> {
  if (kind === 'pageview') await state.pageviews.flush();
  const since = hourOf(state.clock.now() - STATS_DAYS * DAY_MS);
  const rows = await state.db.selectFrom('app_events').select(['version', 'hour', 'count']).where('app_id', '=', appId).where('kind', '=', kind).execute();
  const days = new Map<string, number>();
  const versions = new Map<string, number>();
  let total = 0;
  for (const row of rows) {
    const count = Number(row.count);
    total += count;
    if (kind === 'install') versions.set(row.version, (versions.get(row.version) ?? 0) + count);
    if (Number(row.hour) < since) continue;
    const day = new Date(Number(row.hour) * HOUR_MS).toISOString().slice(0, 10);
    days.set(day, (days.get(day) ?? 0) + count);
  }
  const answer: components['schemas']['CountStats'] = { total, days: [...days].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, count]) => ({ day, count })) };
  if (kind === 'install') answer.versions = [...versions].map(([version, count]) => ({ version, count })).sort((a, b) => b.count - a.count);
  return answer;
}

/** Installs per app over the last `days`, for the store front's popular apps. */
export async function recentInstalls(state: AppsState, days: number): Promise<Map<string, number>> {
  const rows = await state.db
    .selectFrom('app_events')
    .select(['app_id', sql<number>`sum(count)`.as('n')])
    .where('kind', '=', 'install')
    .where('hour', '>=', hourOf(state.clock.now() - days * DAY_MS))
    .groupBy('app_id')
    .execute();
  return new Map(rows.map((row) => [row.app_id, Number(row.n)]));
}

/**
 * A hub's report of an app's use: its devices per driver replace what it said before; flow card runs add up.
 * One transaction, so that a report is counted whole or not at all.
 */
export async function reportUsage(state: AppsState, appId: string, homeyId: string, drivers: Record<string, number>, flowCards: Record<string, number>): Promise<void> {
  const updated_at = isoNow(state);
  await state.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('app_usage').where('app_id', '=', appId).where('homey_id', '=', homeyId).where('kind', '=', 'driver').execute();
    for (const [key, count] of Object.entries(drivers)) {
      await trx.insertInto('app_usage').values({ app_id: appId, homey_id: homeyId, kind: 'driver', key, count, updated_at }).execute();
    }
    for (const [key, count] of Object.entries(flowCards)) {
      await trx
        .insertInto('app_usage')
        .values({ app_id: appId, homey_id: homeyId, kind: 'flowcard', key, count, updated_at })
        .onConflict((c) => c.columns(['app_id', 'homey_id', 'kind', 'key']).doUpdateSet({ count: increment('app_usage', count), updated_at }))
        .execute();
    }
  });
}

/** Per driver or flow card: hubs using it and the count, most used first. */
export async function usageStats(state: AppsState, appId: string, kind: 'driver' | 'flowcard'): Promise<components['schemas']['UsageStats']> {
  const rows = await state.db
    .selectFrom('app_usage')
    .select(['key', sql<number>`count(*)`.as('homeys'), sql<number>`sum(count)`.as('total')])
    .where('app_id', '=', appId)
    .where('kind', '=', kind)
    .groupBy('key')
    .execute();
  const items = rows.map((row) => ({ id: row.key, homeys: Number(row.homeys), count: Number(row.total) }));
  return { items: items.sort((a, b) => b.count - a.count || (a.id < b.id ? -1 : 1)) };
}

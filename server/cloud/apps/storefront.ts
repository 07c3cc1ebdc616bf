import { sql } from 'kysely';
import type { components } from '../../../generated/cloud/apps.js';
import { requireSecret } from './access.js';
import type { AppsState } from './context.js';
import { recentInstalls } from './stats.js';
import { byInstalls, summarize, type StoreEntry } from './store-index.js';
import { fits, type HubFit, type StoreBuild, type StoreDriver } from './store-info.js';

type Schemas = components['schemas'];
type Summary = Schemas['AppSummary'];
type Platform = 'local' | 'cloud';

const live = (entry: StoreEntry) => entry.builds[0]!;
const wordsOf = (query: string | undefined) => (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);

/** The published apps, newest release first, a page at a time (pages from 1). */
export function listApps(state: AppsState, args: { page?: number; count?: number; category?: string; author?: string }): Summary[] {
  const count = args.count ?? 20;
  const entries = [...state.index.all()]
    .filter((e) => (!args.category || live(e).category.includes(args.category)) && (!args.author || e.author.userId === args.author))
    .sort((a, b) => (live(b).publishedAt > live(a).publishedAt ? 1 : live(b).publishedAt < live(a).publishedAt ? -1 : a.id < b.id ? -1 : 1));
  return entries.slice(((args.page ?? 1) - 1) * count, (args.page ?? 1) * count).map((e) => summarize(e, live(e), 'en'));
}

/** How well an app's build matches words: in its id or name counts double. */
function score(build: StoreBuild, words: readonly string[]): number {
  let total = 0;
  for (const word of words) if (build.words.includes(word)) total += build.title.includes(word) ? 2 : 1;
  return total;
}

/** Live apps matching any word, each with its newest stable build that runs on the hub described. */
export function searchApps(state: AppsState, args: { query: string; language?: string } & HubFit): Summary[] {
  const words = wordsOf(args.query);
  const found: Array<{ entry: StoreEntry; build: StoreBuild; score: number }> = [];
  for (const entry of state.index.all()) {
    const build = entry.builds.find((b) => fits(b, args));
    if (!build) continue;
    const points = score(build, words);
    if (points > 0) found.push({ entry, build, score: points });
  }
  found.sort((a, b) => b.score - a.score || byInstalls(a.entry, b.entry));
  return found.slice(0, 100).map(({ entry, build }) => summarize(entry, build, args.language ?? 'en'));
}

export interface BrowseArgs {
  query?: string;
  language?: string;
  platform?: Platform[];
  connectivity?: string[];
  category?: string[];
  features?: Array<'devices' | 'flow' | 'settings' | 'api'>;
  limit?: number;
  offset?: number;
}

const anyOf = <T>(wanted: readonly T[] | undefined, has: readonly T[]) => !wanted?.length || wanted.some((w) => has.includes(w));

/** Live apps matching every filter, most installed first, a page at a time. */
export function browseApps(state: AppsState, args: BrowseArgs): Schemas['AppPage'] {
  const words = wordsOf(args.query);
  const limit = args.limit ?? 20;
  const offset = args.offset ?? 0;
  const matching = [...state.index.all()].filter((entry) => {
    const build = live(entry);
    return (
      anyOf(args.platform, build.platforms) &&
      anyOf(args.connectivity, build.connectivity) &&
      anyOf(args.category, build.category) &&
      (args.features ?? []).every((f) => build.features.includes(f)) &&
      words.every((word) => build.words.includes(word))
    );
  });
  matching.sort(byInstalls);
  return { total: matching.length, offset, limit, apps: matching.slice(offset, offset + limit).map((e) => summarize(e, live(e), args.language ?? 'en')) };
}

/** Apps whose newest build that fits the hub has drivers matching `match`, most installed first. */
function driverSearch(state: AppsState, hub: HubFit, language: string | undefined, match: (driver: StoreDriver) => boolean, max = 50): Schemas['DriverMatch'][] {
  const found: Array<{ entry: StoreEntry; build: StoreBuild; drivers: StoreDriver[] }> = [];
  for (const entry of state.index.all()) {
    const build = entry.builds.find((b) => fits(b, hub));
    const drivers = build?.drivers.filter(match) ?? [];
    if (build && drivers.length) found.push({ entry, build, drivers });
  }
  found.sort((a, b) => byInstalls(a.entry, b.entry));
  return found.slice(0, max).map(({ entry, build, drivers }) => ({
    app: summarize(entry, build, language ?? 'en'),
    drivers: drivers.map((d) => ({ id: d.id, name: typeof d.name === 'string' ? d.name : (d.name[language ?? 'en'] ?? d.name.en ?? d.id) })),
  }));
}

interface HubArgs {
  language?: string;
  homeyVersion?: string;
  homeyPlatform?: Platform;
  homeyMinimumSdkVersion?: number;
}
const hubOf = (args: HubArgs): HubFit => ({ homeyVersion: args.homeyVersion, homeyPlatform: args.homeyPlatform, minimumSdk: args.homeyMinimumSdkVersion });

export const searchZigbee = (state: AppsState, args: HubArgs & { manufacturerName?: string; productId?: string }) =>
  driverSearch(state, hubOf(args), args.language, ({ zigbee }) =>
    Boolean(zigbee && (!args.manufacturerName || zigbee.manufacturerName.includes(args.manufacturerName)) && (!args.productId || zigbee.productId.includes(args.productId))),
  );

export const searchZwave = (state: AppsState, args: HubArgs & { manufacturerId: number; productTypeId?: number; productId?: number }) =>
  driverSearch(state, hubOf(args), args.language, ({ zwave }) =>
    Boolean(
      zwave &&
        zwave.manufacturerId.includes(args.manufacturerId) &&
        (args.productTypeId === undefined || zwave.productTypeId.includes(args.productTypeId)) &&
        (args.productId === undefined || zwave.productId.includes(args.productId)),
    ),
  );

export const searchMatter = (state: AppsState, args: HubArgs & { vendorId: number; productId?: number }) =>
  driverSearch(state, hubOf(args), args.language, ({ matter }) => Boolean(matter && matter.vendorId.includes(args.vendorId) && (args.productId === undefined || matter.productId.includes(args.productId))));

/** Whether a signal's pulses appear in a recording, each within 25 % of the recorded length. */
function inRecording(signal: readonly number[], recording: readonly number[]): boolean {
  for (let start = 0; start + signal.length <= recording.length; start++) {
    if (signal.every((pulse, i) => Math.abs(recording[start + i]! - pulse) <= pulse * 0.25)) return true;
  }
  return false;
}

export const searchRf433 = (state: AppsState, args: HubArgs & { recordings: number[][] }) =>
  driverSearch(state, hubOf(args), args.language, ({ rf433 }) => Boolean(rf433 && args.recordings.some((recording) => inRecording(rf433, recording))));

/** Apps whose live build's discovery strategies or BLE drivers match what a hub sees. */
export function discoverApps(state: AppsState, seen: { ssdp?: string[]; ble?: string[]; mac?: string[]; 'mdns-sd'?: string[] }): Summary[] {
  const lower = (values: string[] | undefined) => (values ?? []).map((v) => v.toLowerCase());
  const ssdp = lower(seen.ssdp);
  const mdns = lower(seen['mdns-sd']);
  const macs = lower(seen.mac).map((mac) => mac.replace(/-/g, ':'));
  const ble = lower(seen.ble);
  const matches = (build: StoreBuild) =>
    build.discovery.some(
      ({ type, values }) =>
        (type === 'ssdp' && values.some((v) => ssdp.some((s) => s.includes(v)))) ||
        (type === 'mdns-sd' && values.some((v) => mdns.some((m) => m.startsWith(v)))) ||
        (type === 'mac' && values.some((v) => macs.some((m) => m.startsWith(v)))),
    ) || build.drivers.some((d) => d.ble.some((name) => ble.includes(name)));
  return [...state.index.all()].filter((e) => matches(live(e))).sort(byInstalls).map((e) => summarize(e, live(e), 'en'));
}

export function liveIds(state: AppsState, page: { offset?: number; limit?: number }): string[] {
  const ids = [...state.index.all()].map((e) => e.id).sort();
  return ids.slice(page.offset ?? 0, (page.offset ?? 0) + (page.limit ?? 10_000));
}

export function liveApps(state: AppsState, page: { language?: string; offset?: number; limit?: number }): Summary[] {
  const entries = [...state.index.all()].sort((a, b) => (a.id < b.id ? -1 : 1));
  return entries.slice(page.offset ?? 0, (page.offset ?? 0) + (page.limit ?? 1000)).map((e) => summarize(e, live(e), page.language ?? 'en'));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The 10 apps most installed in the last 30 days on the platforms given. */
export async function highlighted(state: AppsState, platforms: string | undefined): Promise<Summary[]> {
  const wanted = platforms?.split(',') as Platform[] | undefined;
  const recent = await recentInstalls(state, 30);
  return [...state.index.all()]
    .filter((e) => anyOf(wanted, live(e).platforms))
    .sort((a, b) => (recent.get(b.id) ?? 0) - (recent.get(a.id) ?? 0) || byInstalls(a, b))
    .slice(0, 10)
    .map((e) => summarize(e, live(e), 'en'));
}

const TAGS = ['popular', 'new', 'updated', 'top-rated'] as const;

/** The store front's sections, each of at most 10 apps. */
export async function highlightSections(state: AppsState, args: { platform?: Platform[]; language?: string; tags?: Array<(typeof TAGS)[number]> }): Promise<Schemas['Highlight'][]> {
  const entries = [...state.index.all()].filter((e) => anyOf(args.platform, live(e).platforms));
  const recent = await recentInstalls(state, 30);
  const monthAgo = new Date(state.clock.now() - 30 * DAY_MS).toISOString();
  const average = (e: StoreEntry) => (e.ratingCount ? e.ratingSum / e.ratingCount : 0);
  const sections: Record<(typeof TAGS)[number], () => StoreEntry[]> = {
    popular: () => entries.filter((e) => recent.has(e.id)).sort((a, b) => recent.get(b.id)! - recent.get(a.id)!),
    new: () => entries.filter((e) => e.firstPublishedAt >= monthAgo).sort((a, b) => (b.firstPublishedAt > a.firstPublishedAt ? 1 : -1)),
    updated: () => [...entries].sort((a, b) => (live(b).publishedAt > live(a).publishedAt ? 1 : -1)),
    'top-rated': () => entries.filter((e) => e.ratingCount > 0).sort((a, b) => average(b) - average(a) || b.ratingCount - a.ratingCount),
  };
  return (args.tags?.length ? TAGS.filter((t) => args.tags!.includes(t)) : TAGS).map((tag) => ({
    tag,
    apps: sections[tag]().slice(0, 10).map((e) => summarize(e, live(e), args.language ?? 'en')),
  }));
}

/** Reads every app of the store again into the search index. */
export async function syncApps(state: AppsState): Promise<{ synced: number }> {
  await state.index.load();
  return { synced: state.index.size };
}

const countOf = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) => Number((await query.executeTakeFirstOrThrow()).n);

/** The store in figures, for the platform's services holding the secret. */
export async function storeSummary(state: AppsState, secret: string): Promise<Schemas['StoreSummary']> {
  requireSecret(state, secret);
  const { db } = state;
  const n = sql<number>`count(*)`.as('n');
  return {
    apps: await countOf(db.selectFrom('apps').select(n)),
    liveApps: state.index.size,
    builds: await countOf(db.selectFrom('app_builds').select(n)),
    inReview: await countOf(db.selectFrom('app_builds').select(n).where('state', '=', 'in_review')),
    developers: await countOf(db.selectFrom('apps').select(sql<number>`count(distinct author_id)`.as('n'))),
    reviews: await countOf(db.selectFrom('app_reviews').select(n)),
    installs: await countOf(db.selectFrom('app_events').select(sql<number>`coalesce(sum(count), 0)`.as('n')).where('kind', '=', 'install')),
    crashes: await countOf(db.selectFrom('app_crashes').select(n)),
  };
}

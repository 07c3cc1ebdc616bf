import { sql } from 'kysely';
import type { AppsDb } from './db.js';
import { inLanguage, storeBuild, type AppSummary, type StoreBuild } from './store-info.js';

/** A published app as the store front holds it in memory. */
export interface StoreEntry {
  id: string;
  author: { userId: string; name: string; verified: boolean };
  orgId: string | null;
  /** Its stable builds, newest first: the first is the live one; searches take the newest that fits the hub. */
  builds: StoreBuild[];
  firstPublishedAt: string;
  ratingSum: number;
  ratingCount: number;
  installs: number;
}

/**
 * The published apps in memory, so that browsing and searching 5,000 apps costs no query: loaded at start, and
 * each app read again when what the store shows of it changes (a release, a review, an author), its install
 * count kept as installs happen.
 */
export class StoreIndex {
  private readonly apps = new Map<string, StoreEntry>();

  constructor(private readonly db: AppsDb) {}

  async load(): Promise<void> {
    this.apps.clear();
    const ids = await this.db.selectFrom('app_builds').select('app_id').distinct().where('channel', '=', 'stable').execute();
    for (const { app_id } of ids) await this.refresh(app_id);
  }

  /** Reads one app again (or drops it when it has no stable build any more). */
  async refresh(appId: string): Promise<void> {
    const app = await this.db.selectFrom('apps').selectAll().where('id', '=', appId).executeTakeFirst();
    const builds = app
      ? await this.db
          .selectFrom('app_builds')
          .select(['id', 'version', 'channel', 'icon', 'manifest', 'published_at', 'updated_at'])
          .where('app_id', '=', appId)
          .where('channel', '=', 'stable')
          .where('manifest', 'is not', null)
          .orderBy('id', 'desc')
          .execute()
      : [];
    if (!app || builds.length === 0) return void this.apps.delete(appId);
    const ratings = await this.db
      .selectFrom('app_reviews')
      .select([sql<number>`coalesce(sum(rating), 0)`.as('sum'), sql<number>`count(*)`.as('count')])
      .where('app_id', '=', appId)
      .executeTakeFirstOrThrow();
    const installs = await this.db
      .selectFrom('app_events')
      .select(sql<number>`coalesce(sum(count), 0)`.as('n'))
      .where('app_id', '=', appId)
      .where('kind', '=', 'install')
      .executeTakeFirstOrThrow();
    const stable = builds.map((build) => storeBuild({ ...build, channel: 'stable' }, JSON.parse(build.manifest!) as Record<string, unknown>));
    this.apps.set(appId, {
      id: appId,
      author: { userId: app.author_id, name: app.author_name, verified: Boolean(app.author_verified) },
      orgId: app.org_id,
      builds: stable,
      firstPublishedAt: stable.map((b) => b.publishedAt).sort()[0]!,
      ratingSum: Number(ratings.sum),
      ratingCount: Number(ratings.count),
      installs: Number(installs.n),
    });
  }

  get(appId: string): StoreEntry | undefined {
    return this.apps.get(appId);
  }

  countInstall(appId: string): void {
    const entry = this.apps.get(appId);
    if (entry) entry.installs++;
  }

  /** Every published app, in no particular order. */
  all(): IterableIterator<StoreEntry> {
    return this.apps.values();
  }

  get size(): number {
    return this.apps.size;
  }
}

/** An app as the store front lists it, from one of its builds, in a language. */
export function summarize(entry: StoreEntry, build: StoreBuild, language: string): AppSummary {
  return {
    id: entry.id,
    name: inLanguage(build.name, language),
    description: inLanguage(build.description, language),
    version: build.version,
    sdk: build.sdk,
    brandColor: build.brandColor,
    icon: build.icon,
    author: entry.author,
    category: build.category,
    platforms: build.platforms,
    connectivity: build.connectivity,
    features: build.features,
    rating: { average: entry.ratingCount ? Math.round((entry.ratingSum / entry.ratingCount) * 10) / 10 : null, count: entry.ratingCount },
    installs: entry.installs,
    updatedAt: build.publishedAt,
  };
}

/** Most installed first, then by id: the store front's usual order. */
export const byInstalls = (a: StoreEntry, b: StoreEntry) => b.installs - a.installs || (a.id < b.id ? -1 : 1);

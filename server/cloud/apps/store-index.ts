import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { AppsDb, AppsTables } from './db.js';
import { inLanguage, storeBuild, type AppSummary, type StoreBuild } from './store-info.js';

type AppRow = Selectable<AppsTables['apps']>;
type BuildRows = Array<Pick<AppsTables['app_builds'], 'app_id' | 'id' | 'version' | 'channel' | 'icon' | 'manifest' | 'published_at' | 'updated_at'>>;

/** What changed in an instance's index: an app read again, or an install counted. */
export interface IndexChange {
  type: 'refresh' | 'install';
  appId: string;
}

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

  /**
   * `announce` is told of each change made here, so that the other instances of a cloud apply it to their own
   * index too (apps/shared-index.ts); they apply it with `apply`, which announces nothing.
   */
  constructor(
    private readonly db: AppsDb,
    private readonly announce?: (change: IndexChange) => void,
  ) {}

  /** A change another instance made. */
  async apply(change: IndexChange): Promise<void> {
    if (change.type === 'refresh') await this.read(change.appId);
    else this.count(change.appId);
  }

  /** Reads every published app in four queries (not a few per app: 5,000 apps load in well under a second). */
  async load(): Promise<void> {
    this.apps.clear();
    const [apps, builds, ratings, installs] = await Promise.all([
      this.db.selectFrom('apps').selectAll().where('id', 'in', this.db.selectFrom('app_builds').select('app_id').where('channel', '=', 'stable')).execute(),
      this.stableBuilds().execute(),
      this.ratings().execute(),
      this.installs().execute(),
    ]);
    const buildsOf = new Map<string, BuildRows>();
    for (const build of builds) (buildsOf.get(build.app_id) ?? buildsOf.set(build.app_id, []).get(build.app_id)!).push(build);
    const ratingOf = new Map(ratings.map((row) => [row.app_id, row]));
    const installsOf = new Map(installs.map((row) => [row.app_id, row.n]));
    for (const app of apps) {
      const rating = ratingOf.get(app.id);
      this.set(app, buildsOf.get(app.id) ?? [], { sum: rating?.sum ?? 0, count: rating?.count ?? 0 }, installsOf.get(app.id) ?? 0);
    }
  }

  /** Reads one app again (or drops it when it has no stable build any more). */
  async refresh(appId: string): Promise<void> {
    await this.read(appId);
    this.announce?.({ type: 'refresh', appId });
  }

  private async read(appId: string): Promise<void> {
    const app = await this.db.selectFrom('apps').selectAll().where('id', '=', appId).executeTakeFirst();
    const builds = app ? await this.stableBuilds().where('app_id', '=', appId).execute() : [];
    if (!app || builds.length === 0) return void this.apps.delete(appId);
    const ratings = await this.ratings().where('app_id', '=', appId).executeTakeFirst();
    const installs = await this.installs().where('app_id', '=', appId).executeTakeFirst();
    this.set(app, builds, { sum: ratings?.sum ?? 0, count: ratings?.count ?? 0 }, installs?.n ?? 0);
  }

  /** Stable builds with a checked package, newest first. */
  private stableBuilds() {
    return this.db
      .selectFrom('app_builds')
      .select(['app_id', 'id', 'version', 'channel', 'icon', 'manifest', 'published_at', 'updated_at'])
      .where('channel', '=', 'stable')
      .where('manifest', 'is not', null)
      .orderBy('app_id')
      .orderBy('id', 'desc');
  }

  private ratings() {
    return this.db.selectFrom('app_reviews').select(['app_id', sql<number>`coalesce(sum(rating), 0)`.as('sum'), sql<number>`count(*)`.as('count')]).groupBy('app_id');
  }

  private installs() {
    return this.db.selectFrom('app_events').select(['app_id', sql<number>`coalesce(sum(count), 0)`.as('n')]).where('kind', '=', 'install').groupBy('app_id');
  }

  private set(app: AppRow, builds: BuildRows, ratings: { sum: number; count: number }, installs: number): void {
    if (builds.length === 0) return void this.apps.delete(app.id);
    const stable = builds.map((build) => storeBuild({ ...build, channel: 'stable' }, JSON.parse(build.manifest!) as Record<string, unknown>));
    this.apps.set(app.id, {
      id: app.id,
      author: { userId: app.author_id, name: app.author_name, verified: Boolean(app.author_verified) },
      orgId: app.org_id,
      builds: stable,
      firstPublishedAt: stable.map((b) => b.publishedAt).sort()[0]!,
      ratingSum: Number(ratings.sum),
      ratingCount: Number(ratings.count),
      installs: Number(installs),
    });
  }

  get(appId: string): StoreEntry | undefined {
    return this.apps.get(appId);
  }

  countInstall(appId: string): void {
    this.count(appId);
    this.announce?.({ type: 'install', appId });
  }

  private count(appId: string): void {
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

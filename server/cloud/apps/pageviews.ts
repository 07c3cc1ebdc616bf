import { every, type Clock } from '../../http/clock.js';
import type { AppsDb } from './db.js';
import { increment } from './db.js';

/** How often buffered page views are written, by default. */
export const PAGEVIEW_FLUSH_MS = 10_000;

/**
 * Page views counted in memory per app and hour, written in one transaction now and then, before they are read
 * and at close: a store front read costs no database write, and a clean shutdown loses none.
 */
export class PageViewCounter {
  private pending = new Map<string, { appId: string; hour: number; count: number }>();
  private readonly stopFlushing: () => void;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: AppsDb,
    clock: Clock,
    flushMs = PAGEVIEW_FLUSH_MS,
  ) {
    this.stopFlushing = every(clock, flushMs, () => void this.flush().catch(() => undefined));
  }

  count(appId: string, hour: number): void {
    const key = `${appId}\n${hour}`;
    const entry = this.pending.get(key);
    if (entry) entry.count += 1;
    else this.pending.set(key, { appId, hour, count: 1 });
  }

  /** Forgets what is pending of a deleted app. */
  forget(appId: string): void {
    for (const [key, entry] of this.pending) if (entry.appId === appId) this.pending.delete(key);
  }

  /** Writes what is pending; flushes run one after another, and a failed one keeps its counts for the next. */
  flush(): Promise<void> {
    const run = this.writing.catch(() => undefined).then(() => this.write());
    this.writing = run;
    return run;
  }

  async close(): Promise<void> {
    this.stopFlushing();
    await this.flush();
  }

  private async write(): Promise<void> {
    if (!this.pending.size) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const { appId, hour, count } of batch) {
          await trx
            .insertInto('app_events')
            .values({ app_id: appId, kind: 'pageview', version: '', hour, count })
            .onConflict((c) => c.columns(['app_id', 'kind', 'version', 'hour']).doUpdateSet({ count: increment('app_events', count) }))
            .execute();
        }
      });
    } catch (error) {
      for (const entry of batch) {
        const key = `${entry.appId}\n${entry.hour}`;
        const later = this.pending.get(key);
        this.pending.set(key, { ...entry, count: entry.count + (later?.count ?? 0) });
      }
      throw error;
    }
  }
}

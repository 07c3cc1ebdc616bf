import { existsSync, statSync } from 'node:fs';
import type { components } from '../../../generated/hub/database.js';
import type { HubCore } from '../core/context.js';

type Size = components['schemas']['DatabaseSize'];
type Optimization = components['schemas']['DatabaseOptimization'];

const LAST_KEY = 'database.lastOptimization';

/** The database's size from SQLite's own page counts, and its write-ahead log's from the disk. */
export function databaseSize(hub: HubCore): Size {
  const pragma = (name: string) => hub.db.pragma(name, { simple: true }) as number;
  const pageSize = pragma('page_size');
  const pageCount = pragma('page_count');
  const wal = `${hub.db.name}-wal`;
  return {
    pageSize,
    pageCount,
    freePageCount: pragma('freelist_count'),
    bytes: pageSize * pageCount,
    walBytes: !hub.db.memory && existsSync(wal) ? statSync(wal).size : 0,
  };
}

/** Moves the log into the file, refreshes the planner's statistics and rewrites the file without free pages. */
export function optimizeDatabase(hub: HubCore): Optimization {
  const before = databaseSize(hub);
  hub.db.pragma('wal_checkpoint(TRUNCATE)');
  hub.db.pragma('optimize');
  hub.db.exec('VACUUM');
  // VACUUM in WAL mode writes the new pages through the log: checkpoint again so the file holds them.
  hub.db.pragma('wal_checkpoint(TRUNCATE)');
  const optimization: Optimization = { optimizedAt: new Date(hub.now()).toISOString(), before, after: databaseSize(hub) };
  hub.settings.set(LAST_KEY, optimization);
  return optimization;
}

export const databaseState = (hub: HubCore): components['schemas']['DatabaseState'] => ({
  size: databaseSize(hub),
  lastOptimization: hub.settings.get<Optimization>(LAST_KEY) ?? null,
});

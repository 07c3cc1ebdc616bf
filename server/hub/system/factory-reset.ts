import type { components } from '../../../generated/hub/system.js';
import { log } from '../../http/log.js';
import type { HubCore } from '../core/context.js';
import { seedDemoHome, type DemoHomeHub } from '../demo/home.js';
import type { HubItemType } from '../core/items.js';

export type FactoryResetSummary = components['schemas']['SystemFactoryReset'];

/** The one setting a factory reset (and a restore) keeps: the cloud knows the hub by its id. */
export const KEPT_SETTING = 'hubId';

/** The tables managers keep beside the items and settings. */
export function otherTables(hub: HubCore): string[] {
  const rows = hub.db
    .prepare<[], { name: string }>(`SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
    .all();
  return rows.map((row) => row.name).filter((name) => name !== 'items' && name !== 'settings');
}

/**
 * Empties the hub, inside the caller's transaction: sessions first (their tokens stop working and their sockets
 * close), then every item through the store (so every manager and client hears the deletes), then the tables
 * managers keep beside the items, then the settings but the hub's id.
 */
export function clearData(hub: HubCore): void {
  for (const session of hub.store.values('session')) hub.sessions.revoke(session.id);
  // The rows are the store's own, written under its item types' names.
  const items = hub.db.prepare<[], { type: HubItemType; id: string }>('SELECT type, id FROM main.items').all();
  for (const { type, id } of items) hub.store.remove(type, id);
  for (const table of otherTables(hub)) hub.db.prepare(`DELETE FROM main."${table.replace(/"/g, '""')}"`).run();
  hub.db.prepare('DELETE FROM main.settings WHERE key <> ?').run(KEPT_SETTING);
}

/** Erases the hub (clearData); it then boots again and, if it runs the demo home, seeds it anew. */
export function erase(hub: DemoHomeHub): void {
  hub.store.transaction(() => clearData(hub));
  hub.system.reboot('factory-reset');
  if (hub.config.demoHome) seedDemoHome(hub);
}

/** Counts what will go, and erases it right after the answer is sent (a socket caller's ack included). */
export function factoryReset(hub: DemoHomeHub): FactoryResetSummary {
  const count = (sql: string, ...params: string[]) => hub.db.prepare<string[], { n: number }>(sql).get(...params)!.n;
  const summary = {
    items: count(`SELECT count(*) AS n FROM items WHERE type <> 'session'`),
    sessions: hub.store.count('session'),
    settings: count('SELECT count(*) AS n FROM settings WHERE key <> ?', KEPT_SETTING),
  };
  setImmediate(() => {
    try {
      erase(hub);
    } catch (err) {
      hub.system.log.write('info', 'homey:manager:system', `factory reset failed: ${String(err)}`);
      log.error({ err }, 'The factory reset failed');
    }
  });
  return summary;
}

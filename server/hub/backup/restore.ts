import Database from 'better-sqlite3';
import { ApiError } from '../../http/errors.js';
import type { HubCore } from '../core/context.js';
import type { HubItemType } from '../core/items.js';
import { clearData, KEPT_SETTING, otherTables } from '../system/factory-reset.js';

/** What a restore brings back of none: the backup's sessions (every session ends, as after a factory reset). */
const SESSION_ITEMS = 'session';
const SESSION_TABLES = new Set(['session_tokens']);

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Refuses (502) a file that is not a readable hub database: one with the items and settings tables, intact. */
export function requireHubDatabase(file: string): void {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const tables = new Set(db.prepare<[], string>(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all());
    const check = db.prepare<[], string>('PRAGMA quick_check').pluck().get();
    if (!tables.has('items') || !tables.has('settings') || check !== 'ok') throw new Error('not a hub database');
  } catch {
    throw new ApiError(502, 'bad_gateway', 'The backup is not a hub database the hub can read');
  } finally {
    db?.close();
  }
}

/** Copies a table's rows from the attached backup, by the columns both have (a backup of an older version may lack some). */
function copyTable(hub: HubCore, table: string): void {
  const columnsOf = (schema: string) => hub.db.prepare<[string, string], string>('SELECT name FROM pragma_table_info(?, ?)').pluck().all(table, schema);
  const theirs = new Set(columnsOf('restored'));
  const columns = columnsOf('main').filter((column) => theirs.has(column)).map(quoted).join(', ');
  if (columns) hub.db.prepare(`INSERT INTO main.${quoted(table)} (${columns}) SELECT ${columns} FROM restored.${quoted(table)}`).run();
}

/**
 * Puts the hub database in `file` (checked with requireHubDatabase) in place of the hub's data while the hub runs,
 * in one transaction: the hub is emptied as by a factory reset (clearData: sessions end, items go through the
 * store), then the backup's tables, settings but the hub's id, and items come in, the items through the store so
 * that every manager and client hears them created. The hub then boots again, as after a restore of its files.
 */
export function restoreData(hub: HubCore, file: string): void {
  hub.db.prepare('ATTACH DATABASE ? AS restored').run(file);
  try {
    hub.store.transaction(() => {
      clearData(hub);
      const theirs = new Set(hub.db.prepare<[], string>(`SELECT name FROM restored.sqlite_master WHERE type = 'table'`).pluck().all());
      for (const table of otherTables(hub)) if (theirs.has(table) && !SESSION_TABLES.has(table)) copyTable(hub, table);
      hub.db.prepare('INSERT INTO main.settings (key, value) SELECT key, value FROM restored.settings WHERE key <> ?').run(KEPT_SETTING);
      const items = hub.db.prepare<[string], { type: HubItemType; data: string }>('SELECT type, data FROM restored.items WHERE type <> ?').all(SESSION_ITEMS);
      for (const { type, data } of items) hub.store.insert(type, JSON.parse(data));
    });
  } finally {
    hub.db.prepare('DETACH DATABASE restored').run();
  }
  hub.system.reboot('reboot');
}

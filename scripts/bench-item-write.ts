import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * The one SQLite write of the bench's write baselines: a JSON row by id in a fresh file, with the hub's pragmas for
 * capability values (WAL, synchronous NORMAL).
 */
export function itemWriter(name: string): (id: string, json: string) => void {
  const db = new Database(path.join(mkdtempSync(path.join(tmpdir(), `${name}-`)), `${name}.sqlite`));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE items (id TEXT PRIMARY KEY, data TEXT NOT NULL)');
  const put = db.prepare<[string, string]>('INSERT OR REPLACE INTO items (id, data) VALUES (?, ?)');
  return (id, json) => void put.run(id, json);
}

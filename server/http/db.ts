import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export type Db = Database.Database;

/** Opens (creating if needed) a SQLite file in write-ahead-log mode, the store of one hub or one service. */
export function openDb(file: string): Db {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // FULL: a commit is on disk when it returns, so users, sessions and settings survive a power cut. Writes that may
  // lose their last seconds (capability values ...) ask for less with ItemStore.relaxed.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  return db;
}

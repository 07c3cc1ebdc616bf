import { randomBytes } from 'node:crypto';
import type { Db } from '../../http/db.js';

/** The hub's own key/value settings (its id, name, options), persisted beside its items. */
export class Settings {
  private readonly statements;

  constructor(db: Db) {
    db.exec(`CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
    this.statements = {
      get: db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?'),
      set: db.prepare<[string, string]>('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)'),
      unset: db.prepare<[string]>('DELETE FROM settings WHERE key = ?'),
    };
  }

  get<T>(key: string): T | undefined {
    const row = this.statements.get.get(key);
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  /** The stored value, or `initial()` stored on first use. */
  getOrCreate<T>(key: string, initial: () => T): T {
    const existing = this.get<T>(key);
    if (existing !== undefined) return existing;
    const value = initial();
    this.set(key, value);
    return value;
  }

  set<T>(key: string, value: T): void {
    this.statements.set.run(key, JSON.stringify(value));
  }

  unset(key: string): void {
    this.statements.unset.run(key);
  }
}

/** A hub id: 24 hexadecimal characters, like the ids existing clients have seen. */
export const newHubId = () => randomBytes(12).toString('hex');

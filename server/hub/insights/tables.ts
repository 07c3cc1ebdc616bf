import type { Db } from '../../http/db.js';
import type { Window } from './resolutions.js';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** Values as recorded serve the resolutions with steps under an hour, whose windows reach at most 49 hours back. */
export const VALUES_KEPT_MS = 3 * DAY_MS;
/** Hourly aggregates serve the rest; the longest window (lastYear, last2Years) reaches 731 days back. */
export const HOURS_KEPT_MS = 745 * DAY_MS;

/** A value to record: the log's key, epoch ms, the value (booleans as 0 and 1). */
export type Entry = [key: number, t: number, v: number];

type WindowRows = { log: number; start: number; step: number; until: number };

/** One step of a window: its index from the window's start and the mean of its values. */
export interface StepMean {
  step: number;
  mean: number;
}

/** One step of a window with the sum of its values and its last value too. */
export interface StepRow extends StepMean {
  sum: number;
  last: number;
}

/**
 * The time series of insights, in tables of their own in the hub's database: each log gets a small integer key;
 * every value is a row (log, t, v) clustered by log and time (of two values of a log in one millisecond the last
 * is kept) for 3 days, and is added to its hour's aggregate (sum, count, last), kept for 745 days. Windows with
 * steps of an hour or more read the hours, so a year is 8,760 rows per log however often the value changed.
 */
export class InsightsTables {
  private readonly keys = new Map<string, number>();
  private readonly statements;

  constructor(private readonly db: Db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS insights_logs (key INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE);
      CREATE TABLE IF NOT EXISTS insights_values (log INTEGER NOT NULL, t INTEGER NOT NULL, v REAL NOT NULL, PRIMARY KEY (log, t)) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS insights_hours (
        log INTEGER NOT NULL, hour INTEGER NOT NULL, total REAL NOT NULL, count INTEGER NOT NULL, last REAL NOT NULL,
        PRIMARY KEY (log, hour)) WITHOUT ROWID`);
    const step = (column: string) => `CAST((${column} - @start) / @step AS INTEGER)`;
    this.statements = {
      logs: db.prepare<[], { key: number; id: string }>('SELECT key, id FROM insights_logs'),
      addLog: db.prepare<[string]>('INSERT INTO insights_logs (id) VALUES (?)'),
      removeLog: db.prepare<[number]>('DELETE FROM insights_logs WHERE key = ?'),
      addValue: db.prepare<[number, number, number]>('INSERT OR REPLACE INTO insights_values (log, t, v) VALUES (?, ?, ?)'),
      addToHour: db.prepare<[number, number, number, number, number]>(`INSERT INTO insights_hours (log, hour, total, count, last) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (log, hour) DO UPDATE SET total = total + excluded.total, count = count + excluded.count, last = excluded.last`),
      // With one max() in an aggregate, SQLite takes bare columns (v, last) from its row: the step's latest value.
      values: db.prepare<WindowRows, StepRow>(`SELECT ${step('t')} AS step, avg(v) AS mean, total(v) AS sum, v AS last, max(t)
        FROM insights_values WHERE log = @log AND t >= @start AND t < @until GROUP BY 1 ORDER BY 1`),
      hours: db.prepare<WindowRows, StepRow>(`SELECT ${step('hour')} AS step, sum(total) / sum(count) AS mean, sum(total) AS sum, last, max(hour)
        FROM insights_hours WHERE log = @log AND hour >= @start AND hour < @until GROUP BY 1 ORDER BY 1`),
      // A number log needs only the means: without max() and its bare columns a year of hours groups in 3/4 of the time.
      valueMeans: db.prepare<WindowRows, StepMean>(`SELECT ${step('t')} AS step, avg(v) AS mean
        FROM insights_values WHERE log = @log AND t >= @start AND t < @until GROUP BY 1 ORDER BY 1`),
      hourMeans: db.prepare<WindowRows, StepMean>(`SELECT ${step('hour')} AS step, sum(total) / sum(count) AS mean
        FROM insights_hours WHERE log = @log AND hour >= @start AND hour < @until GROUP BY 1 ORDER BY 1`),
      valueBefore: db.prepare<[number, number], { v: number }>('SELECT v FROM insights_values WHERE log = ? AND t < ? ORDER BY t DESC LIMIT 1'),
      lastValue: db.prepare<[number], { t: number; v: number }>('SELECT t, v FROM insights_values WHERE log = ? ORDER BY t DESC LIMIT 1'),
      hourBefore: db.prepare<[number, number], { v: number }>('SELECT last AS v FROM insights_hours WHERE log = ? AND hour <= ? ORDER BY hour DESC LIMIT 1'),
      clearValues: db.prepare<[number, number]>('DELETE FROM insights_values WHERE log = ? AND t < ?'),
      clearHours: db.prepare<[number, number]>('DELETE FROM insights_hours WHERE log = ? AND hour < ?'),
      valueCount: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM insights_values'),
      hourCount: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM insights_hours'),
      bytes: db.prepare<[], { bytes: number | null }>(`SELECT sum(pgsize) AS bytes FROM dbstat
        WHERE name IN ('insights_logs', 'insights_values', 'insights_hours')
          OR name LIKE 'sqlite_autoindex_insights_%'`),
    };
    for (const { key, id } of this.statements.logs.all()) this.keys.set(id, key);
  }

  keyOf(id: string): number | undefined {
    return this.keys.get(id);
  }

  /** The log's key, a new one for a log not seen before. */
  addLog(id: string): number {
    const known = this.keys.get(id);
    if (known !== undefined) return known;
    const key = Number(this.statements.addLog.run(id).lastInsertRowid);
    this.keys.set(id, key);
    return key;
  }

  /** Forgets the log and every entry it had. */
  removeLog(id: string): void {
    const key = this.keys.get(id);
    if (key === undefined) return;
    this.clear(key, Number.MAX_SAFE_INTEGER);
    this.statements.removeLog.run(key);
    this.keys.delete(id);
  }

  /** Logs whose rows may exist: every key, by log id. */
  ids(): string[] {
    return [...this.keys.keys()];
  }

  /** Records values (booleans as 0 and 1) in one transaction, adding them to their hours: one write per log and hour. */
  add(rows: ReadonlyArray<Entry>): void {
    const hours = new Map<string, [key: number, hour: number, total: number, count: number, last: number]>();
    this.db.transaction(() => {
      for (const [key, t, v] of rows) {
        this.statements.addValue.run(key, t, v);
        const hour = t - (t % HOUR_MS);
        const sum = hours.get(`${key}:${hour}`);
        if (sum) hours.set(`${key}:${hour}`, [key, hour, sum[2] + v, sum[3] + 1, v]);
        else hours.set(`${key}:${hour}`, [key, hour, v, 1, v]);
      }
      for (const sum of hours.values()) this.statements.addToHour.run(...sum);
    })();
  }

  /** The steps of a window that have values: from the values as recorded for steps under an hour, else from the hours. */
  steps(key: number, window: Window): StepRow[] {
    return (window.step < HOUR_MS ? this.statements.values : this.statements.hours).all({ log: key, start: window.start, step: window.step, until: window.until });
  }

  /** The means alone of the steps that have values (what a number log answers), from the same rows as `steps`. */
  means(key: number, window: Window): StepMean[] {
    return (window.step < HOUR_MS ? this.statements.valueMeans : this.statements.hourMeans).all({ log: key, start: window.start, step: window.step, until: window.until });
  }

  /** The last value before `time`: from the values as recorded (3 days), else from the last whole hour before it. */
  valueBefore(key: number, time: number): number | undefined {
    return (this.statements.valueBefore.get(key, time) ?? this.statements.hourBefore.get(key, time - HOUR_MS))?.v;
  }

  /** The log's last value as recorded (within retention of the values), with its time. */
  lastEntry(key: number): { t: number; v: number } | undefined {
    return this.statements.lastValue.get(key);
  }

  /** Deletes the log's entries older than `before` (all of them with MAX_SAFE_INTEGER). */
  clear(key: number, before: number): void {
    this.statements.clearValues.run(key, before);
    this.statements.clearHours.run(key, before);
  }

  /** Deletes what has outlived its retention, per log: a range of its index each. */
  prune(now: number): void {
    this.db.transaction(() => {
      for (const key of this.keys.values()) {
        this.statements.clearValues.run(key, now - VALUES_KEPT_MS);
        this.statements.clearHours.run(key, now - HOURS_KEPT_MS);
      }
    })();
  }

  storage(): { valueCount: number; hourCount: number; bytes: number } {
    return {
      valueCount: this.statements.valueCount.get()!.n,
      hourCount: this.statements.hourCount.get()!.n,
      bytes: this.statements.bytes.get()?.bytes ?? 0,
    };
  }
}

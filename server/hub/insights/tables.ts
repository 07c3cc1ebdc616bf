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
type DayRows = WindowRows & { daysUntil: number };

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

/** The start of the day of `dayPhase` (ms past a UTC midnight) that holds `time`. */
const dayOf = (time: number, dayPhase: number) => time - ((((time - dayPhase) % DAY_MS) + DAY_MS) % DAY_MS);

/**
 * The time series of insights, in tables of their own in the hub's database: each log gets a small integer key;
 * every value is a row (log, t, v) clustered by log and time (of two values of a log in one millisecond the last
 * is kept) for 3 days, and is added to its hour's aggregate (sum, count, last), kept for 745 days. Windows with
 * steps of an hour or more read the hours, so a year is 8,760 rows per log however often the value changed.
 * Each day's hours are also summed into a day row (the same columns), so that a window with day steps starting on
 * the days' phase (the hub's local midnight: thisYear, lastYear) reads 365 rows. A day row is always its hours'
 * sum, made from them whenever they change: answers read from days are those the hours give.
 */
export class InsightsTables {
  private readonly keys = new Map<string, number>();
  private readonly statements;

  /** `dayPhase`: where the day rows start, in ms past a UTC midnight (a whole hour). */
  constructor(private readonly db: Db, private readonly dayPhase: number) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS insights_logs (key INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE);
      CREATE TABLE IF NOT EXISTS insights_values (log INTEGER NOT NULL, t INTEGER NOT NULL, v REAL NOT NULL, PRIMARY KEY (log, t)) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS insights_hours (
        log INTEGER NOT NULL, hour INTEGER NOT NULL, total REAL NOT NULL, count INTEGER NOT NULL, last REAL NOT NULL,
        PRIMARY KEY (log, hour)) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS insights_days (
        log INTEGER NOT NULL, day INTEGER NOT NULL, total REAL NOT NULL, count INTEGER NOT NULL, last REAL NOT NULL,
        PRIMARY KEY (log, day)) WITHOUT ROWID`);
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
      // A window's whole days from the days, its last step, when cut short by now, from the hours.
      days: db.prepare<DayRows, StepRow>(`SELECT ${step('day')} AS step, total / count AS mean, total AS sum, last
        FROM insights_days WHERE log = @log AND day >= @start AND day < @daysUntil
        UNION ALL SELECT step, mean, sum, last FROM (SELECT ${step('hour')} AS step, sum(total) / sum(count) AS mean, sum(total) AS sum, last, max(hour)
        FROM insights_hours WHERE log = @log AND hour >= @daysUntil AND hour < @until GROUP BY 1) ORDER BY 1`),
      dayMeans: db.prepare<DayRows, StepMean>(`SELECT ${step('day')} AS step, total / count AS mean
        FROM insights_days WHERE log = @log AND day >= @start AND day < @daysUntil
        UNION ALL SELECT ${step('hour')} AS step, sum(total) / sum(count) AS mean
        FROM insights_hours WHERE log = @log AND hour >= @daysUntil AND hour < @until GROUP BY 1 ORDER BY 1`),
      // The day's row from its hours (the last value of its latest hour: max()'s bare column); none without hours.
      dayFromHours: db.prepare<{ log: number; day: number }>(`INSERT OR REPLACE INTO insights_days (log, day, total, count, last)
        SELECT log, @day, total, count, last FROM (SELECT log, sum(total) AS total, sum(count) AS count, last, max(hour)
        FROM insights_hours WHERE log = @log AND hour >= @day AND hour < @day + ${DAY_MS} GROUP BY log)`),
      daysFromHours: db.prepare<{ phase: number }>(`INSERT INTO insights_days (log, day, total, count, last)
        SELECT log, day, total, count, last FROM (SELECT log, hour - ((hour - @phase) % ${DAY_MS} + ${DAY_MS}) % ${DAY_MS} AS day,
        sum(total) AS total, sum(count) AS count, last, max(hour) FROM insights_hours GROUP BY log, day)`),
      anyDay: db.prepare<[], { day: number }>('SELECT day FROM insights_days LIMIT 1'),
      anyHour: db.prepare<[], { hour: number }>('SELECT hour FROM insights_hours LIMIT 1'),
      clearAllDays: db.prepare('DELETE FROM insights_days'),
      valueBefore: db.prepare<[number, number], { v: number }>('SELECT v FROM insights_values WHERE log = ? AND t < ? ORDER BY t DESC LIMIT 1'),
      lastValue: db.prepare<[number], { t: number; v: number }>('SELECT t, v FROM insights_values WHERE log = ? ORDER BY t DESC LIMIT 1'),
      hourBefore: db.prepare<[number, number], { v: number }>('SELECT last AS v FROM insights_hours WHERE log = ? AND hour <= ? ORDER BY hour DESC LIMIT 1'),
      clearValues: db.prepare<[number, number]>('DELETE FROM insights_values WHERE log = ? AND t < ?'),
      clearHours: db.prepare<[number, number]>('DELETE FROM insights_hours WHERE log = ? AND hour < ?'),
      clearDays: db.prepare<[number, number]>('DELETE FROM insights_days WHERE log = ? AND day < ?'),
      valueCount: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM insights_values'),
      hourCount: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM insights_hours'),
      bytes: db.prepare<[], { bytes: number | null }>(`SELECT sum(pgsize) AS bytes FROM dbstat
        WHERE name IN ('insights_logs', 'insights_values', 'insights_hours', 'insights_days')
          OR name LIKE 'sqlite_autoindex_insights_%'`),
    };
    for (const { key, id } of this.statements.logs.all()) this.keys.set(id, key);
    this.buildDays();
  }

  /**
   * Makes the day rows from the hours when they are missing (a database from before them) or start at another
   * phase (the hub's time zone changed).
   */
  private buildDays(): void {
    const { anyDay, anyHour, clearAllDays, daysFromHours } = this.statements;
    const day = anyDay.get()?.day;
    if (day === undefined ? anyHour.get() === undefined : dayOf(day, this.dayPhase) === day) return;
    this.db.transaction(() => {
      clearAllDays.run();
      daysFromHours.run({ phase: this.dayPhase });
    })();
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

  /**
   * Records values (booleans as 0 and 1) in one transaction, adding them to their hours (one write per log and
   * hour) and remaking their days from those hours (one per log and day).
   */
  add(rows: Iterable<Entry>): void {
    const hours = new Map<string, [key: number, hour: number, total: number, count: number, last: number]>();
    this.db.transaction(() => {
      for (const [key, t, v] of rows) {
        this.statements.addValue.run(key, t, v);
        const hour = t - (t % HOUR_MS);
        const sum = hours.get(`${key}:${hour}`);
        if (sum) hours.set(`${key}:${hour}`, [key, hour, sum[2] + v, sum[3] + 1, v]);
        else hours.set(`${key}:${hour}`, [key, hour, v, 1, v]);
      }
      const days = new Map<string, { log: number; day: number }>();
      for (const sum of hours.values()) {
        this.statements.addToHour.run(...sum);
        const day = dayOf(sum[1], this.dayPhase);
        days.set(`${sum[0]}:${day}`, { log: sum[0], day });
      }
      for (const day of days.values()) this.statements.dayFromHours.run(day);
    })();
  }

  /**
   * The steps of a window that have values: from the values as recorded for steps under an hour, from the days for
   * day steps on their phase, else from the hours.
   */
  steps(key: number, window: Window): StepRow[] {
    const days = this.daysOf(key, window);
    if (days) return this.statements.days.all(days);
    return (window.step < HOUR_MS ? this.statements.values : this.statements.hours).all({ log: key, start: window.start, step: window.step, until: window.until });
  }

  /** The means alone of the steps that have values (what a number log answers), from the same rows as `steps`. */
  means(key: number, window: Window): StepMean[] {
    const days = this.daysOf(key, window);
    if (days) return this.statements.dayMeans.all(days);
    return (window.step < HOUR_MS ? this.statements.valueMeans : this.statements.hourMeans).all({ log: key, start: window.start, step: window.step, until: window.until });
  }

  /**
   * What to read of the days, when a window's steps are days and its first whole hour starts one of them (each step
   * then holds a day's hours exactly): its whole days, up to `daysUntil`, then the hours of a last step cut short.
   */
  private daysOf(key: number, { start, step, until }: Window): DayRows | undefined {
    const first = Math.ceil(start / HOUR_MS) * HOUR_MS;
    if (step !== DAY_MS || dayOf(first, this.dayPhase) !== first) return undefined;
    return { log: key, start, step, until, daysUntil: first + Math.floor((until - first) / DAY_MS) * DAY_MS };
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
    this.clearHours(key, before);
  }

  /** Deletes the log's hours before `before` and the days they were in, and remakes the day it cuts from what is left. */
  private clearHours(key: number, before: number): void {
    const { clearHours, clearDays, dayFromHours } = this.statements;
    clearHours.run(key, before);
    clearDays.run(key, before);
    dayFromHours.run({ log: key, day: dayOf(before, this.dayPhase) });
  }

  /** Deletes what has outlived its retention, per log: a range of its index each. */
  prune(now: number): void {
    this.db.transaction(() => {
      for (const key of this.keys.values()) {
        this.statements.clearValues.run(key, now - VALUES_KEPT_MS);
        this.clearHours(key, now - HOURS_KEPT_MS);
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

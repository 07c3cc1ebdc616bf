import type { Statement } from 'better-sqlite3';
import type { Db } from '../../http/db.js';
import { DAY_MS, HOUR_MS } from './periods.js';

/** Electricity one device used in one hour, with what it was when it used it. */
export interface UsageRow {
  deviceId: string;
  /** Start of the hour, epoch ms (UTC). */
  hour: number;
  name: string;
  zone: string;
  category: string;
  kWh: number;
}

export interface UsageSum {
  key: string | number;
  kWh: number;
  cost: number | null;
}

export interface DeviceSum extends UsageSum {
  name: string;
  zone: string;
  category: string;
}

/** How a report groups its buckets: by hour, by UTC day, or by UTC month. */
export type BucketSize = 'hour' | 'day' | 'month';

const bucketKey: Record<BucketSize, string> = {
  hour: 'hour',
  day: `hour - hour % ${DAY_MS}`,
  month: `CAST(strftime('%s', hour / 1000, 'unixepoch', 'start of month') AS INTEGER) * 1000`,
};

/** Each row priced by its hour of the day (UTC) from 24 bound prices. */
const priced = (where: string) =>
  `WITH price(h, p) AS (VALUES ${Array.from({ length: 24 }, (_, h) => `(${h}, ?)`).join(', ')})
   SELECT * FROM energy_usage JOIN price ON price.h = (hour / ${HOUR_MS}) % 24 WHERE ${where}`;

/**
 * Recorded electricity, per device and hour, in the hub's SQLite file: real rows (dummy = 0) and generated ones
 * (dummy = 1) apart, so that dummy data can be removed without touching what was measured.
 */
export class UsageTable {
  private readonly statements;

  constructor(private readonly db: Db) {
    db.exec(`CREATE TABLE IF NOT EXISTS energy_usage (
      device_id TEXT NOT NULL, hour INTEGER NOT NULL, dummy INTEGER NOT NULL,
      name TEXT NOT NULL, zone TEXT NOT NULL, category TEXT NOT NULL, kwh REAL NOT NULL,
      PRIMARY KEY (device_id, hour, dummy)
    ) WITHOUT ROWID`);
    db.exec('CREATE INDEX IF NOT EXISTS energy_usage_by_hour ON energy_usage (hour)');
    const range = 'hour >= ? AND hour < ?';
    this.statements = {
      add: db.prepare<[string, number, number, string, string, string, number]>(
        `INSERT INTO energy_usage (device_id, hour, dummy, name, zone, category, kwh) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (device_id, hour, dummy) DO UPDATE SET kwh = kwh + excluded.kwh, name = excluded.name, zone = excluded.zone, category = excluded.category`,
      ),
      any: db.prepare<[number, number], { found: number }>(`SELECT 1 AS found FROM energy_usage WHERE ${range} LIMIT 1`),
      buckets: Object.fromEntries(
        (Object.keys(bucketKey) as BucketSize[]).map((size) => [
          size,
          db.prepare<unknown[]>(`SELECT ${bucketKey[size]} AS key, SUM(kwh) AS kWh, SUM(kwh * p) AS cost FROM (${priced(range)}) GROUP BY key`),
        ]),
      ) as Record<BucketSize, Statement<unknown[]>>,
      devices: db.prepare(
        `SELECT device_id AS key, MAX(hour), name, zone, category, SUM(kwh) AS kWh, SUM(kwh * p) AS cost FROM (${priced(range)}) GROUP BY device_id`,
      ),
      zones: db.prepare(`SELECT zone AS key, SUM(kwh) AS kWh, SUM(kwh * p) AS cost FROM (${priced(range)}) GROUP BY zone`),
      categories: db.prepare(`SELECT category AS key, SUM(kwh) AS kWh, SUM(kwh * p) AS cost FROM (${priced(range)}) GROUP BY category`),
      recategorize: db.prepare<[string, string, number, number]>(`UPDATE energy_usage SET category = ? WHERE device_id = ? AND ${range}`),
      devicesIn: db.prepare<[number, number], { deviceId: string }>(`SELECT DISTINCT device_id AS deviceId FROM energy_usage WHERE ${range}`),
      available: {
        days: db.prepare<[], { id: string }>(`SELECT DISTINCT date(hour / 1000, 'unixepoch') AS id FROM energy_usage ORDER BY id`),
        weeks: db.prepare<[], { id: string }>(`SELECT DISTINCT strftime('%G-W%V', hour / 1000, 'unixepoch') AS id FROM energy_usage ORDER BY id`),
        months: db.prepare<[], { id: string }>(`SELECT DISTINCT strftime('%Y-%m', hour / 1000, 'unixepoch') AS id FROM energy_usage ORDER BY id`),
        years: db.prepare<[], { id: string }>(`SELECT DISTINCT strftime('%Y', hour / 1000, 'unixepoch') AS id FROM energy_usage ORDER BY id`),
      },
      dayCount: db.prepare<[], { count: number }>(`SELECT COUNT(DISTINCT hour / ${DAY_MS}) AS count FROM energy_usage`),
      hasDummy: db.prepare<[], { found: number }>('SELECT 1 AS found FROM energy_usage WHERE dummy = 1 LIMIT 1'),
      deleteAll: db.prepare('DELETE FROM energy_usage'),
      deleteDummy: db.prepare('DELETE FROM energy_usage WHERE dummy = 1'),
    };
  }

  add(rows: readonly UsageRow[], dummy = false): void {
    this.db.transaction(() => {
      for (const row of rows) this.statements.add.run(row.deviceId, row.hour, dummy ? 1 : 0, row.name, row.zone, row.category, row.kWh);
    })();
  }

  has(start: number, end: number): boolean {
    return this.statements.any.get(start, end) !== undefined;
  }

  buckets(size: BucketSize, start: number, end: number, prices: ReadonlyArray<number | null>): UsageSum[] {
    return this.statements.buckets[size].all(...prices, start, end) as UsageSum[];
  }

  devices(start: number, end: number, prices: ReadonlyArray<number | null>): DeviceSum[] {
    return this.statements.devices.all(...prices, start, end) as DeviceSum[];
  }

  zones(start: number, end: number, prices: ReadonlyArray<number | null>): UsageSum[] {
    return this.statements.zones.all(...prices, start, end) as UsageSum[];
  }

  categories(start: number, end: number, prices: ReadonlyArray<number | null>): UsageSum[] {
    return this.statements.categories.all(...prices, start, end) as UsageSum[];
  }

  deviceIds(start: number, end: number): string[] {
    return this.statements.devicesIn.all(start, end).map((row) => row.deviceId);
  }

  recategorize(deviceId: string, category: string, start: number, end: number): void {
    this.statements.recategorize.run(category, deviceId, start, end);
  }

  available(): { days: string[]; weeks: string[]; months: string[]; years: string[] } {
    const ids = (statement: { all(): Array<{ id: string }> }) => statement.all().map((row) => row.id);
    const { days, weeks, months, years } = this.statements.available;
    return { days: ids(days), weeks: ids(weeks), months: ids(months), years: ids(years) };
  }

  dayCount(): number {
    return this.statements.dayCount.get()!.count;
  }

  hasDummy(): boolean {
    return this.statements.hasDummy.get() !== undefined;
  }

  deleteAll(): void {
    this.statements.deleteAll.run();
  }

  deleteDummy(): void {
    this.statements.deleteDummy.run();
  }
}

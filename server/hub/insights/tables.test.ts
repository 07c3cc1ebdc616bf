import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb, type Db } from '../../http/db.js';
import { resolutions, windowOf, yearDayPhase, type Window } from './resolutions.js';
import { DAY_MS, HOUR_MS, HOURS_KEPT_MS, InsightsTables, VALUES_KEPT_MS, type Entry, type StepRow } from './tables.js';

const MINUTE = 60_000;
const now = Date.UTC(2026, 6, 15, 13, 25);

/**
 * The steps a window should answer, from the values as written (in write order): values as recorded for steps
 * under an hour, else grouped by their hour (as the hours keep them), each step with the last value of its latest
 * hour. `kept`: the values and hours retention left.
 */
function fromRaw(written: Entry[], key: number, { start, step, until }: Window, kept = { values: 0, hours: 0 }): StepRow[] {
  const steps = new Map<number, StepRow & { at: number }>();
  for (const [log, t, v] of written) {
    const at = step < HOUR_MS ? t : t - (t % HOUR_MS);
    if (log !== key || at < start || at >= until || (step < HOUR_MS ? t < kept.values : at < kept.hours)) continue;
    const index = Math.floor((at - start) / step);
    const row = steps.get(index) ?? { step: index, mean: 0, sum: 0, last: 0, at: -Infinity };
    row.sum += v;
    row.mean += 1; // the count, until the end
    if (at >= row.at) Object.assign(row, { last: v, at });
    steps.set(index, row);
  }
  return [...steps.values()].sort((a, b) => a.step - b.step).map(({ step, mean: count, sum, last }) => ({ step, mean: sum / count, sum, last }));
}

/**
 * Values of two logs over `days` days before now, at irregular whole seconds, small integers (exact sums in any
 * order).
 */
function history(days: number, every: number, seed: number): Entry[] {
  const rows: Entry[] = [];
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648);
  for (let t = now - days * DAY_MS; t <= now; t += every + 1000 * (next() % (every / 1000))) rows.push([1 + (next() % 2), t, next() % 40]);
  return rows;
}

/** Writes rows in batches of up to `size`, as the hub's flushes do. */
function addInBatches(tables: InsightsTables, rows: Entry[], size: number): void {
  for (let at = 0; at < rows.length; at += size) tables.add(rows.slice(at, at + size));
}

const phaseOn = yearDayPhase(now);
/** A step's fields (the hours' and values' rows also carry the max() that picks their last value). */
const fields = (rows: StepRow[]) => rows.map(({ step, mean, sum, last }) => ({ step, mean, sum, last }));

describe.each([
  ['on the hub\'s local midnight, so day steps read the days', phaseOn],
  ['an hour off it, so day steps read the hours', (phaseOn + HOUR_MS) % DAY_MS],
])('insights tables with days starting %s', (_, dayPhase) => {
  let db: Db;
  let tables: InsightsTables;
  const written: Entry[] = [];
  const expectEveryResolution = (kept?: { values: number; hours: number }) => {
    for (const resolution of resolutions()) {
      const window = windowOf(resolution, now);
      for (const key of [1, 2]) {
        const raw = fromRaw(written, key, window, kept);
        expect({ resolution, key, steps: fields(tables.steps(key, window)) }).toEqual({ resolution, key, steps: raw });
        expect({ resolution, key, means: tables.means(key, window) }).toEqual({ resolution, key, means: raw.map(({ step, mean }) => ({ step, mean })) });
      }
    }
  };

  beforeAll(() => {
    db = openDb(':memory:');
    tables = new InsightsTables(db, dayPhase);
    expect(tables.addLog('a')).toBe(1);
    expect(tables.addLog('b')).toBe(2);
  });
  afterAll(() => db.close());

  it('when values are written in batches, some into hours and days written before, then every resolution answers the raw values\' steps', () => {
    const rows = history(760, 20 * MINUTE, 7);
    const late = rows.filter((_, index) => index % 9 === 0);
    const onTime = rows.filter((_, index) => index % 9 !== 0);
    addInBatches(tables, onTime, 40);
    addInBatches(tables, late, 3);
    written.push(...onTime, ...late);
    expectEveryResolution();
  });

  it('when a year of values is imported in one batch, then every resolution answers the raw values\' steps', () => {
    const rows = history(366, 5 * MINUTE, 11).map(([key, t, v]): Entry => [key, t + 1, v]);
    tables.add(rows);
    written.push(...rows);
    expectEveryResolution();
  });

  it('when retention cuts the hours in the middle of a day, then a day-step window over that day answers the hours left', () => {
    const later = now + 30 * DAY_MS + 7 * HOUR_MS;
    tables.prune(later);
    const kept = { values: later - VALUES_KEPT_MS, hours: later - HOURS_KEPT_MS };
    expectEveryResolution(kept);
    const firstDay = later - HOURS_KEPT_MS - ((later - HOURS_KEPT_MS - dayPhase) % DAY_MS);
    const window = { start: firstDay - DAY_MS, end: firstDay + 5 * DAY_MS, step: DAY_MS, until: firstDay + 5 * DAY_MS };
    const raw = fromRaw(written, 1, window, kept);
    expect(raw.map(({ step }) => step)).toEqual([1, 2, 3, 4, 5]);
    expect(fields(tables.steps(1, window))).toEqual(raw);
  });

  it('when a log is deleted, then none of its rows is left, and the other log answers as before', () => {
    tables.removeLog('a');
    const left = db.prepare('SELECT (SELECT count(*) FROM insights_hours WHERE log = 1) + (SELECT count(*) FROM insights_days WHERE log = 1) AS n').get();
    expect(left).toEqual({ n: 0 });
    written.splice(0, written.length, ...written.filter(([key]) => key !== 1));
    expectEveryResolution({ values: now + 30 * DAY_MS + 7 * HOUR_MS - VALUES_KEPT_MS, hours: now + 30 * DAY_MS + 7 * HOUR_MS - HOURS_KEPT_MS });
  });
});

describe('insights tables opened on a database from before the days', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'insights-days-'));
  const file = path.join(dir, 'hub.db');
  const rows = history(400, 30 * MINUTE, 3);
  const lastYear = windowOf('lastYear', now);
  const dayPhases = (db: Db) => db.prepare(`SELECT DISTINCT (day % ${DAY_MS}) AS phase FROM insights_days`).all();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('when a hub upgraded from a database without days starts, then it builds them from the hours and lastYear reads them', () => {
    const old = openDb(file);
    const before = new InsightsTables(old, phaseOn);
    before.addLog('a');
    before.addLog('b');
    before.add(rows);
    old.exec('DROP TABLE insights_days');
    old.close();

    const db = openDb(file);
    const tables = new InsightsTables(db, phaseOn);
    expect(dayPhases(db)).toEqual([{ phase: phaseOn }]);
    expect(fields(tables.steps(2, lastYear))).toEqual(fromRaw(rows, 2, lastYear));
    db.exec('DELETE FROM insights_hours'); // what lastYear reads is the days alone
    expect(tables.means(2, lastYear)).toEqual(fromRaw(rows, 2, lastYear).map(({ step, mean }) => ({ step, mean })));
    db.close();
  });

  it('when the hub\'s time zone moved its midnight, then the days are built again on the new phase', () => {
    const db = openDb(file);
    db.exec('DROP TABLE insights_days');
    new InsightsTables(db, phaseOn).add(rows);
    const moved = (phaseOn + 5 * HOUR_MS) % DAY_MS;
    const tables = new InsightsTables(db, moved);
    expect(dayPhases(db)).toEqual([{ phase: moved }]);
    const window = { ...lastYear, start: lastYear.start + 5 * HOUR_MS, until: lastYear.until + 5 * HOUR_MS };
    expect(fields(tables.steps(1, window))).toEqual(fromRaw(rows, 1, window));
    const offTheHour = { ...window, start: window.start - 30 * MINUTE }; // a midnight at :30 (India): days from the hour after
    expect(fields(tables.steps(1, offTheHour))).toEqual(fromRaw(rows, 1, offTheHour));
    db.close();
  });
});

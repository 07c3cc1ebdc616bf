import { badRequest } from '../../http/errors.js';

/** The report periods, all in UTC. */
export type PeriodType = 'hour' | 'day' | 'week' | 'month' | 'year';
export const PERIOD_TYPES: readonly PeriodType[] = ['hour', 'day', 'week', 'month', 'year'];

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** One report period: its id (`2026-11-23T16`, `2026-11-23`, `2026-W48`, `2026-11`, `2026`) and [start, end). */
export interface Period {
  type: PeriodType;
  id: string;
  start: number;
  end: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dayId = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Monday 00:00 UTC of ISO week 1 of an ISO year: the week that holds 4 January. */
function isoWeekOne(year: number): number {
  const jan4 = Date.UTC(year, 0, 4);
  const weekday = (new Date(jan4).getUTCDay() + 6) % 7;
  return jan4 - weekday * DAY_MS;
}

function monthPeriod(year: number, month: number): Period {
  return { type: 'month', id: `${pad(year, 4)}-${pad(month + 1)}`, start: Date.UTC(year, month, 1), end: Date.UTC(year, month + 1, 1) };
}

/** The period of this type that holds `time` (epoch ms). */
export function periodOf(type: PeriodType, time: number): Period {
  const date = new Date(time);
  const year = date.getUTCFullYear();
  switch (type) {
    case 'hour': {
      const start = time - (((time % HOUR_MS) + HOUR_MS) % HOUR_MS);
      return { type, id: new Date(start).toISOString().slice(0, 13), start, end: start + HOUR_MS };
    }
    case 'day': {
      const start = Date.UTC(year, date.getUTCMonth(), date.getUTCDate());
      return { type, id: dayId(start), start, end: start + DAY_MS };
    }
    case 'week': {
      const day = periodOf('day', time).start;
      const start = day - ((date.getUTCDay() + 6) % 7) * DAY_MS;
      // The ISO year is the year of the week's Thursday.
      const isoYear = new Date(start + 3 * DAY_MS).getUTCFullYear();
      const week = Math.floor((start - isoWeekOne(isoYear)) / (7 * DAY_MS)) + 1;
      return { type, id: `${pad(isoYear, 4)}-W${pad(week)}`, start, end: start + 7 * DAY_MS };
    }
    case 'month':
      return monthPeriod(year, date.getUTCMonth());
    case 'year':
      return { type, id: pad(year, 4), start: Date.UTC(year, 0, 1), end: Date.UTC(year + 1, 0, 1) };
  }
}

const MIN_YEAR = 1970;
const MAX_YEAR = 9999;

function requireYear(year: number, text: string, what: string): void {
  if (year < MIN_YEAR || year > MAX_YEAR) throw badRequest(`${what} ${text} is out of range (years ${MIN_YEAR} to ${MAX_YEAR})`);
}

/** `YYYY-MM-DD`, a day that exists; else 400. */
export function parseDay(text: string, what = 'date'): Period {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [NaN, NaN, NaN];
  const start = Date.UTC(year, month - 1, day);
  if (!match || Number.isNaN(start) || dayId(start) !== text) throw badRequest(`${what} must be a day as YYYY-MM-DD, not ${text}`);
  requireYear(year, text, what);
  return periodOf('day', start);
}

/** `YYYY-Www`, an ISO 8601 week that exists in that year (some years have 53); else 400. */
export function parseIsoWeek(text: string): Period {
  const match = /^(\d{4})-W(\d{2})$/.exec(text);
  if (!match) throw badRequest(`isoWeek must be an ISO week as YYYY-Www, not ${text}`);
  const year = Number(match[1]);
  requireYear(year, text, 'isoWeek');
  const week = periodOf('week', isoWeekOne(year) + (Number(match[2]) - 1) * 7 * DAY_MS);
  if (week.id !== text) throw badRequest(`isoWeek ${text} does not exist: ${year} has weeks W01 to ${periodOf('week', isoWeekOne(year + 1) - DAY_MS).id.slice(5)}`);
  return week;
}

/** `YYYY-MM`; else 400. */
export function parseMonth(text: string): Period {
  const match = /^(\d{4})-(\d{2})$/.exec(text);
  const month = match ? Number(match[2]) : 0;
  if (!match || month < 1 || month > 12) throw badRequest(`yearMonth must be a month as YYYY-MM, not ${text}`);
  requireYear(Number(match[1]), text, 'yearMonth');
  return monthPeriod(Number(match[1]), month - 1);
}

/** `YYYY`; else 400. */
export function parseYear(text: string): Period {
  if (!/^\d{4}$/.test(text)) throw badRequest(`year must be a year as YYYY, not ${text}`);
  requireYear(Number(text), text, 'year');
  return periodOf('year', Date.UTC(Number(text), 0, 1));
}

/** The buckets a report splits its period into: hours of an hour or day, days of a week or month, months of a year. */
export function bucketStarts(period: Period): number[] {
  const starts: number[] = [];
  if (period.type === 'year') {
    const year = new Date(period.start).getUTCFullYear();
    for (let month = 0; month < 12; month++) starts.push(Date.UTC(year, month, 1));
    return starts;
  }
  const step = period.type === 'hour' || period.type === 'day' ? HOUR_MS : DAY_MS;
  for (let at = period.start; at < period.end; at += step) starts.push(at);
  return starts;
}

import { LRUCache } from 'lru-cache';
import type { components } from '../../../generated/hub/insights.js';

export type Resolution = components['schemas']['LogResolution'];

/** A window of time cut into steps `step` long, from `start` to `end` (epoch ms); the last step may be cut short. */
export interface Window {
  start: number;
  end: number;
  step: number;
  /** The first time past the window: `end`, or just after now for a window that ends now (a value of now is in it). */
  until: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Rolling windows end now: [how far back, step]. */
const rolling = new Map<Resolution, [span: number, step: number]>([
  ['lastHour', [HOUR, MINUTE]],
  ['last6Hours', [6 * HOUR, 5 * MINUTE]],
  ['last24Hours', [DAY, 15 * MINUTE]],
  ['last7Days', [7 * DAY, HOUR]],
  ['last14Days', [14 * DAY, 2 * HOUR]],
  ['last31Days', [31 * DAY, 6 * HOUR]],
  ['last2Years', [730 * DAY, DAY]],
]);

type Period = 'day' | 'week' | 'month' | 'year';

/** Calendar windows, in the hub's local time: [period, periods back (0 is the current one), step]. */
const calendar = new Map<Resolution, [period: Period, back: number, step: number]>([
  ['today', ['day', 0, 15 * MINUTE]],
  ['yesterday', ['day', 1, 15 * MINUTE]],
  ['thisWeek', ['week', 0, HOUR]],
  ['lastWeek', ['week', 1, HOUR]],
  ['thisMonth', ['month', 0, 6 * HOUR]],
  ['lastMonth', ['month', 1, 6 * HOUR]],
  ['thisYear', ['year', 0, DAY]],
  ['lastYear', ['year', 1, DAY]],
]);

/** The local midnight starting the period `offset` periods after the one holding `date` (weeks start on Monday). */
function periodStart(date: Date, period: Period, offset: number): number {
  const [year, month, day] = [date.getFullYear(), date.getMonth(), date.getDate()];
  switch (period) {
    case 'day':
      return new Date(year, month, day + offset).getTime();
    case 'week':
      return new Date(year, month, day - ((date.getDay() + 6) % 7) + 7 * offset).getTime();
    case 'month':
      return new Date(year, month + offset, 1).getTime();
    case 'year':
      return new Date(year + offset, 0, 1).getTime();
  }
}

/**
 * The window a resolution covers at `now`. A rolling one holds exactly span ÷ step steps on the grid of whole steps
 * since the epoch, the last one running up to now; a calendar one runs from its period's local midnight to the
 * period's end, or to now for the current period.
 */
export function windowOf(resolution: Resolution, now: number): Window {
  const roll = rolling.get(resolution);
  if (roll) {
    const [span, step] = roll;
    const current = now - (now % step);
    return { start: current + step - span, end: now, step, until: now + 1 };
  }
  const [period, back, step] = calendar.get(resolution)!;
  const date = new Date(now);
  const start = periodStart(date, period, -back);
  const end = back ? periodStart(date, period, 1 - back) : now;
  return { start, end, step, until: back ? end : now + 1 };
}

/**
 * Where the day steps of thisYear and lastYear start, in ms past a UTC midnight: the hub's local midnight of 1 January
 * of `now`'s year, on the hour after it (the first an hourly aggregate can start).
 */
export function yearDayPhase(now: number): number {
  const newYear = new Date(new Date(now).getFullYear(), 0, 1).getTime();
  return (Math.ceil(newYear / HOUR) * HOUR) % DAY;
}

/** Step times of the windows last asked for: a window of days stays the same all day (lastYear all year). */
const stepTimesKept = new LRUCache<string, readonly string[]>({ max: 32 });

/** The ISO time of each step of a window: making a year's 365 costs as much as reading its days. */
export function stepTimes({ start, step, until }: Window): readonly string[] {
  const count = Math.ceil((until - start) / step);
  const key = `${start}/${step}/${count}`;
  let times = stepTimesKept.get(key);
  if (!times) {
    times = Array.from({ length: count }, (_, index) => new Date(start + index * step).toISOString());
    stepTimesKept.set(key, times);
  }
  return times;
}

export const resolutions = (): Resolution[] => [...rolling.keys(), ...calendar.keys()];

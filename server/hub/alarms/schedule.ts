import type { components } from '../../../generated/hub/alarms.js';

export type Alarm = components['schemas']['Alarm'];
export type Repetition = components['schemas']['Repetition'];

/** Repetition's keys by Date#getDay(): Sunday is 0. */
const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** An alarm with no weekday set goes off once. */
export const isOneOff = (repetition: Repetition) => weekdays.every((day) => !repetition[day]);

/**
 * The first moment after `now` (epoch ms) at which `time` ("HH:MM", the machine's local time) falls on a weekday
 * the alarm repeats on, or on any day for a one-off; null for a disabled alarm. Days are stepped with the local
 * calendar, so a daylight-saving change keeps the alarm at its wall-clock time.
 */
export function nextOccurrence({ time, enabled, repetition }: Pick<Alarm, 'time' | 'enabled' | 'repetition'>, now: number): number | null {
  if (!enabled) return null;
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const today = new Date(now);
  const oneOff = isOneOff(repetition);
  // Eight days: an alarm on today's weekday only, whose time has passed, comes round again a week later.
  for (let offset = 0; offset <= 7; offset++) {
    const at = new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset, hours, minutes);
    if (at.getTime() > now && (oneOff || repetition[weekdays[at.getDay()]!])) return at.getTime();
  }
  return null;
}

/** `nextOccurance` as the API answers it: an ISO date-time, or null. */
export const nextOccurance = (alarm: Pick<Alarm, 'time' | 'enabled' | 'repetition'>, now: number): string | null => {
  const next = nextOccurrence(alarm, now);
  return next === null ? null : new Date(next).toISOString();
};

import { nextOccurance, nextOccurrence, type Repetition } from './schedule.js';

/** A moment in the machine's local time, as the hub computes alarms: the expectations hold in any time zone. */
const local = (month: number, day: number, hours: number, minutes = 0) => new Date(2026, month - 1, day, hours, minutes).getTime();
const days = (...set: Array<keyof Repetition>): Repetition => ({
  monday: set.includes('monday'),
  tuesday: set.includes('tuesday'),
  wednesday: set.includes('wednesday'),
  thursday: set.includes('thursday'),
  friday: set.includes('friday'),
  saturday: set.includes('saturday'),
  sunday: set.includes('sunday'),
});
const weekdays = days('monday', 'tuesday', 'wednesday', 'thursday', 'friday');
const never = days();
// 2026-11-23 is a Monday.
const mondayMorning = local(11, 23, 6);

describe('the next occurrence of an alarm', () => {
  it('when a weekday alarm is later today, then it is today', () => {
    expect(nextOccurrence({ time: '07:00', enabled: true, repetition: weekdays }, mondayMorning)).toBe(local(11, 23, 7));
  });

  it('when a weekday alarm has passed on a Friday, then it wraps over the weekend to Monday', () => {
    expect(nextOccurrence({ time: '07:00', enabled: true, repetition: weekdays }, local(11, 27, 8))).toBe(local(11, 30, 7));
  });

  it('when a Saturday alarm is asked on a Sunday, then it is six days later', () => {
    expect(nextOccurrence({ time: '09:30', enabled: true, repetition: days('saturday') }, local(11, 22, 12))).toBe(local(11, 28, 9, 30));
  });

  it("when the only weekday is today's and its time has passed, then it is a week later", () => {
    expect(nextOccurrence({ time: '07:00', enabled: true, repetition: days('monday') }, local(11, 23, 7, 1))).toBe(local(11, 30, 7));
  });

  it('when a one-off alarm is later today, then it is today', () => {
    expect(nextOccurrence({ time: '22:15', enabled: true, repetition: never }, mondayMorning)).toBe(local(11, 23, 22, 15));
  });

  it('when a one-off alarm is earlier today, then it is tomorrow, across a month end too', () => {
    expect(nextOccurrence({ time: '05:00', enabled: true, repetition: never }, mondayMorning)).toBe(local(11, 24, 5));
    expect(nextOccurrence({ time: '06:00', enabled: true, repetition: never }, local(11, 30, 23, 30))).toBe(new Date(2026, 11, 1, 6).getTime());
  });

  it('when now is exactly the alarm time, then the next one is the following occurrence', () => {
    expect(nextOccurrence({ time: '06:00', enabled: true, repetition: never }, mondayMorning)).toBe(local(11, 24, 6));
    expect(nextOccurrence({ time: '06:00', enabled: true, repetition: weekdays }, mondayMorning)).toBe(local(11, 24, 6));
  });

  it('when the alarm is disabled, then there is none: nextOccurance is null', () => {
    expect(nextOccurrence({ time: '07:00', enabled: false, repetition: weekdays }, mondayMorning)).toBeNull();
    expect(nextOccurance({ time: '07:00', enabled: false, repetition: weekdays }, mondayMorning)).toBeNull();
  });

  it('when it is answered, then nextOccurance is the ISO date-time of that moment', () => {
    expect(nextOccurance({ time: '07:00', enabled: true, repetition: weekdays }, mondayMorning)).toBe(new Date(local(11, 23, 7)).toISOString());
  });
});

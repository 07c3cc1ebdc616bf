import { resolutions, stepTimes, windowOf } from './resolutions.js';

const local = (year: number, month: number, day: number, hour = 0, minute = 0) => new Date(year, month - 1, day, hour, minute).getTime();

describe('insights resolutions', () => {
  it('when it is Sunday, then thisWeek began on Monday and lastWeek the Monday before', () => {
    const sunday = local(2026, 11, 29, 20);
    expect(windowOf('thisWeek', sunday)).toEqual({ start: local(2026, 11, 23), end: sunday, step: 3_600_000, until: sunday + 1 });
    expect(windowOf('lastWeek', sunday)).toMatchObject({ start: local(2026, 11, 16), end: local(2026, 11, 23), until: local(2026, 11, 23) });
  });

  it('when it is January, then lastMonth is December and lastYear the year before', () => {
    const january = local(2027, 1, 3, 8);
    expect(windowOf('lastMonth', january)).toMatchObject({ start: local(2026, 12, 1), end: local(2027, 1, 1), step: 6 * 3_600_000 });
    expect(windowOf('lastYear', january)).toMatchObject({ start: local(2026, 1, 1), end: local(2027, 1, 1), step: 24 * 3_600_000 });
    expect(windowOf('yesterday', january)).toMatchObject({ start: local(2027, 1, 2), end: local(2027, 1, 3) });
  });

  it('when asked for every resolution, then each window holds at most 800 steps, the most an answer may carry', () => {
    const now = local(2026, 12, 31, 23, 59);
    for (const resolution of resolutions()) {
      const { start, until, step } = windowOf(resolution, now);
      expect(Math.ceil((until - start) / step)).toBeLessThanOrEqual(800);
    }
  });

  it('when a window\'s step times are asked again, then the same list comes back, each the ISO time of its step', () => {
    const january = local(2027, 1, 3, 8);
    const times = stepTimes(windowOf('lastYear', january));
    expect(times).toHaveLength(365);
    expect([times[0], times[364]]).toEqual([new Date(local(2026, 1, 1)).toISOString(), new Date(local(2026, 1, 1) + 364 * 24 * 3_600_000).toISOString()]);
    expect(stepTimes(windowOf('lastYear', january + 3_600_000))).toBe(times);
    expect(stepTimes(windowOf('thisYear', january))).toEqual([new Date(local(2027, 1, 1)).toISOString(), new Date(local(2027, 1, 2)).toISOString(), new Date(local(2027, 1, 3)).toISOString()]);
  });
});

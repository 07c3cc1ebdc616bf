import { ApiError } from '../../http/errors.js';
import { bucketStarts, parseDay, parseIsoWeek, parseMonth, parseYear, periodOf } from './periods.js';

describe('report periods (UTC)', () => {
  it.each([
    ['2026-11-23', '2026-W48'],
    ['2027-01-01', '2026-W53'],
    ['2024-12-30', '2025-W01'],
    ['2021-01-03', '2020-W53'],
  ])('when the day is %s, then its ISO week is %s', (day, week) => {
    expect(periodOf('week', parseDay(day).start).id).toBe(week);
  });

  it('when a week is parsed, then it runs from Monday to Monday', () => {
    const week = parseIsoWeek('2026-W48');
    expect([new Date(week.start).toISOString(), new Date(week.end).toISOString()]).toEqual(['2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z']);
    expect(bucketStarts(week)).toHaveLength(7);
  });

  it('when a month or year is parsed, then its buckets are its days or months', () => {
    expect(bucketStarts(parseMonth('2024-02'))).toHaveLength(29);
    expect(bucketStarts(parseYear('2026')).map((start) => new Date(start).toISOString().slice(0, 7))).toEqual(
      ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'].map((month) => `2026-${month}`),
    );
    expect(bucketStarts(parseDay('2026-03-29'))).toHaveLength(24);
  });

  it('when an hour is asked, then its id is the ISO hour', () => {
    expect(periodOf('hour', Date.UTC(2026, 10, 23, 16, 59, 59)).id).toBe('2026-11-23T16');
  });

  it.each([['2026-02-29'], ['2026-1-05'], ['0000-01-01'], ['2026-00-10']])('when the day %s is parsed, then 400', (text) => {
    expect(() => parseDay(text)).toThrow(ApiError);
  });

  it.each([['2026-W54'], ['2025-W53'], ['2026-W00'], ['2026W48']])('when the week %s is parsed, then 400', (text) => {
    expect(() => parseIsoWeek(text)).toThrow(ApiError);
  });
});

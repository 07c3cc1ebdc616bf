import { sunAltitude, sunDay, sunPosition } from './sun.js';

const minutesFrom = (ms: number | null, iso: string) => Math.abs((ms ?? Number.NaN) - Date.parse(iso)) / 60_000;
const noon = (date: string) => Date.parse(`${date}T12:00:00Z`);

describe('sun times', () => {
  it.each([
    // Published times (timeanddate.com), within two minutes.
    ['Amsterdam midsummer', '2026-06-21', 52.3676, 4.9041, '2026-06-21T03:18:00Z', '2026-06-21T20:07:00Z'],
    ['Amsterdam midwinter', '2026-12-21', 52.3676, 4.9041, '2026-12-21T07:48:00Z', '2026-12-21T15:29:00Z'],
    ['New York equinox', '2026-03-20', 40.7128, -74.006, '2026-03-20T11:01:00Z', '2026-03-20T23:09:00Z'],
    ['Sydney equinox (sunrise the UTC day before)', '2026-03-20', -33.8688, 151.2093, '2026-03-19T19:59:00Z', '2026-03-20T08:09:00Z'],
  ])('when the day is %s, then sunrise and sunset are those published', (_name, date, latitude, longitude, sunrise, sunset) => {
    const day = sunDay(noon(date), latitude, longitude);
    expect(minutesFrom(day.sunrise, sunrise)).toBeLessThan(2);
    expect(minutesFrom(day.sunset, sunset)).toBeLessThan(2);
    expect(day.dawn!).toBeLessThan(day.sunrise!);
    expect(day.dusk!).toBeGreaterThan(day.sunset!);
    expect(day.solarNoon).toBeGreaterThan(day.sunrise!);
    expect(day.solarNoon).toBeLessThan(day.sunset!);
  });

  it('when the place is beyond the polar circle, then polar night and midnight sun have no sunrise or sunset', () => {
    const winter = sunDay(noon('2026-12-21'), 69.65, 18.96);
    expect([winter.sunrise, winter.sunset]).toEqual([null, null]);
    expect(winter.dawn).not.toBeNull();
    const summer = sunDay(noon('2026-06-21'), 69.65, 18.96);
    expect([summer.sunrise, summer.sunset, summer.dawn, summer.dusk]).toEqual([null, null, null, null]);
    expect(sunAltitude(Date.parse('2026-06-21T23:00:00Z'), 69.65, 18.96)).toBeGreaterThan(0);
  });

  it('when it is noon or midnight in Amsterdam, then the sun is up or down', () => {
    expect(sunAltitude(Date.parse('2026-06-21T11:43:00Z'), 52.3676, 4.9041)).toBeCloseTo(61, 0);
    expect(sunAltitude(Date.parse('2026-06-21T23:43:00Z'), 52.3676, 4.9041)).toBeLessThan(-10);
  });

  it('when the sun rises, culminates and sets in Amsterdam at midsummer, then it stands north-east, south and north-west', () => {
    const at = (iso: string) => sunPosition(Date.parse(iso), 52.3676, 4.9041).azimuth;
    // Published azimuths (timeanddate.com): 50° at sunrise, 310° at sunset.
    expect(at('2026-06-21T03:18:00Z')).toBeCloseTo(50, -1);
    expect(at('2026-06-21T11:43:00Z')).toBeCloseTo(180, 0);
    expect(at('2026-06-21T20:07:00Z')).toBeCloseTo(310, -1);
  });
});

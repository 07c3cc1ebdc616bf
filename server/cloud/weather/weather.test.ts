import request from 'supertest';
import { FakeClock } from '../../http/clock.js';
import { bearer, startTestHub } from '../../hub/testing/test-hub.js';
import { weatherAt } from './model.js';
import { createWeatherService } from './service.js';

const hubId = '5f7e3a1b2c4d6e8f9a0b1c2d';
const at = (iso: string) => Date.parse(iso);
const query = (latitude: number, longitude: number, extra: Record<string, string> = {}) => ({ latitude, longitude, homey: hubId, ...extra });

describe('cloud weather service: getWeather', () => {
  const clock = new FakeClock(at('2026-11-23T12:20:00Z'));
  const weather = createWeatherService({ clock, validateResponses: true, development: true });
  let url: string;
  beforeAll(async () => {
    url = await weather.listen(0);
  });
  afterAll(() => weather.close());

  it('when asked twice in one hour, then the same weather for that hour comes, without a token, in the language asked', async () => {
    const first = await request(url).get('/weather').query(query(52.3676, 4.9041, { language: 'nl' })).expect(200);
    clock.set(at('2026-11-23T12:55:00Z'));
    const again = await request(url).get('/weather').query(query(52.3676, 4.9041, { language: 'nl' })).expect(200);
    expect(again.body).toEqual(first.body);
    expect(first.body).toMatchObject({ latitude: 52.3676, longitude: 4.9041, time: '2026-11-23T12:00:00.000Z' });
    expect(first.body.summary).toBe(weatherAt(52.3676, 4.9041, clock.now(), 'nl').summary);
    expect(first.body.summary).not.toBe(weatherAt(52.3676, 4.9041, clock.now(), 'en').summary);
  });

  it('when the hourly forecast is asked, then each hour from this one on is the weather that hour will answer', async () => {
    const { body } = await request(url).get('/forecast/hourly').query(query(52.3676, 4.9041, { language: 'de', hours: '3' })).expect(200);
    expect(body).toHaveLength(3);
    expect(body.map((hour: { time: string }) => hour.time)).toEqual(['2026-11-23T12:00:00.000Z', '2026-11-23T13:00:00.000Z', '2026-11-23T14:00:00.000Z']);
    expect(body[2]).toEqual(weatherAt(52.3676, 4.9041, clock.now() + 2 * 3_600_000, 'de'));
    expect((await request(url).get('/forecast/hourly').query(query(52.3676, 4.9041)).expect(200)).body).toHaveLength(24);
    await request(url).get('/forecast/hourly').query(query(52.3676, 4.9041, { hours: '49' })).expect(400);
  });

  it('when the hours pass, then the weather changes smoothly: no jump of more than 3 °C from one hour to the next', () => {
    let previous = weatherAt(52.3676, 4.9041, at('2026-11-01T00:00:00Z'));
    for (let hour = 1; hour < 24 * 30; hour++) {
      const next = weatherAt(52.3676, 4.9041, at('2026-11-01T00:00:00Z') + hour * 3_600_000);
      expect(Math.abs(next.temperature - previous.temperature)).toBeLessThan(3);
      previous = next;
    }
  });

  it.each([
    ['the north is warmer in July than in January', 52.37, 4.9, '2026-07-', '2026-01-'],
    ['the south is warmer in January than in July', -33.87, 151.21, '2026-01-', '2026-07-'],
  ])('when the season turns, then %s (monthly means)', (_name, latitude, longitude, warm, cold) => {
    const mean = (month: string) => {
      const days = Array.from({ length: 28 }, (_, day) => weatherAt(latitude, longitude, at(`${month}${String(day + 1).padStart(2, '0')}T12:00:00Z`)).temperature);
      return days.reduce((sum, value) => sum + value, 0) / days.length;
    };
    expect(mean(warm)).toBeGreaterThan(mean(cold) + 5);
  });

  it('when a month of weather is drawn, then it has several conditions and each is consistent with its numbers', () => {
    const month = Array.from({ length: 24 * 30 }, (_, hour) => weatherAt(60.17, 24.94, at('2026-01-01T00:00:00Z') + hour * 3_600_000));
    expect(new Set(month.map((entry) => entry.condition)).size).toBeGreaterThanOrEqual(4);
    for (const entry of month) {
      if (entry.condition === 'snow') expect(entry.temperature).toBeLessThanOrEqual(0);
      if (['drizzle', 'rain', 'snow', 'sleet', 'thunderstorm'].includes(entry.condition)) expect(entry.precipitation).toBeGreaterThan(0);
      else expect(entry.precipitation).toBe(0);
    }
  });

  it.each([
    ['no latitude', { longitude: 4.9, homey: hubId }, 'latitude'],
    ['a latitude beyond the pole', query(91, 4.9), 'latitude'],
    ['no hub id', { latitude: 52, longitude: 4.9 }, 'homey'],
    ['a language that is not a code', query(52, 4.9, { language: 'dutch' }), 'language'],
    ['an argument the operation does not take', query(52, 4.9, { units: 'imperial' }), 'units'],
  ])('when the query has %s, then 400 naming it', async (_name, bad, named) => {
    const res = await request(url).get('/weather').query(bad).expect(400);
    expect(res.body).toMatchObject({ error: 'invalid_request', statusCode: 400 });
    expect(res.body.error_description).toContain(named);
  });

  it('when a caller sends a token anyway, or none, then the weather is public (no 401 or 403 exists); another path is a 404', async () => {
    await request(url).get('/weather').query(query(0, 0)).set('Authorization', 'Bearer not-a-token').expect(200);
    expect((await request(url).get('/weather/today').query(query(0, 0)).expect(404)).body.error).toBe('not_found');
  });

  it("when a hub is pointed at the service, then the hub's geolocation weather is the service's weather", async () => {
    const hub = await startTestHub({ clock, weatherUrl: url });
    try {
      const owner = bearer(hub.token);
      await hub.http().put('/api/manager/geolocation/option/location').set(owner).send({ value: { latitude: 52.3676, longitude: 4.9041 } }).expect(204);
      const { body } = await hub.http().get('/api/manager/geolocation/weather').set(owner).expect(200);
      expect(body).toEqual(weatherAt(52.3676, 4.9041, clock.now(), 'en'));
    } finally {
      await hub.stop();
    }
  });
});

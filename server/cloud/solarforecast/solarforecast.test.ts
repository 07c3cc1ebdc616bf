import { createRequire } from 'node:module';
import request from 'supertest';
import { FakeClock } from '../../http/clock.js';
import { hubSecret } from '../callers/hub-secret.js';
import { createSolarForecastService } from './service.js';

const key = 'test-deployment-key';
const secret = hubSecret(key, '5f7e3a1b2c4d6e8f9a0b1c2d');
const amsterdam = { lat: 52.3676, lng: 4.9041 };

describe('cloud solar forecast service: getSolarForecast', () => {
  const clock = new FakeClock(Date.parse('2026-06-21T08:00:00Z'));
  const solar = createSolarForecastService({ clock, hubSecretKey: key, validateResponses: true, development: true });
  let url: string;
  beforeAll(async () => {
    url = await solar.listen(0);
  });
  afterAll(() => solar.close());
  const forecast = (query: Record<string, unknown>) => request(url).get('/forecast/solar').query({ secret, ...amsterdam, ...query });
  const watts = (body: { hours: Array<{ time: string; watts: number }> }, iso: string) => body.hours.find((hour) => hour.time === iso)!.watts;

  it('when a clear-sky forecast of south-facing panels is asked at midsummer, then they peak near solar noon and make nothing at night', async () => {
    const { body } = await forecast({ strategy: 'clear-sky', panels: '4000:35:180' }).expect(200);
    expect(body).toMatchObject({ strategy: 'clear-sky', peakPower: 4000 });
    expect(body.hours).toHaveLength(48);
    expect(body.days.map((day: { date: string }) => day.date)).toEqual(['2026-06-21', '2026-06-22']);
    const noon = watts(body, '2026-06-21T11:00:00.000Z');
    expect(noon).toBeGreaterThan(2800);
    expect(noon).toBeLessThan(4000);
    expect(watts(body, '2026-06-21T23:00:00.000Z')).toBe(0);
    expect(Math.max(...body.hours.map((hour: { watts: number }) => hour.watts))).toBe(noon);
    // A clear midsummer day in Amsterdam gives 6 to 8 kWh per kWp.
    expect(body.days[0].wattHours / 4).toBeGreaterThan(6000);
    expect(body.days[0].wattHours / 4).toBeLessThan(8500);
  });

  it('when panels face east and west, then the east ones make more in the morning and the west ones in the evening', async () => {
    const east = (await forecast({ strategy: 'clear-sky', panels: '1000:35:90' }).expect(200)).body;
    const west = (await forecast({ strategy: 'clear-sky', panels: '1000:35:270' }).expect(200)).body;
    expect(watts(east, '2026-06-21T06:00:00.000Z')).toBeGreaterThan(watts(west, '2026-06-21T06:00:00.000Z') * 2);
    expect(watts(west, '2026-06-21T16:00:00.000Z')).toBeGreaterThan(watts(east, '2026-06-21T16:00:00.000Z') * 2);
    const both = (await forecast({ strategy: 'clear-sky', panels: ['1000:35:90', '1000:35:270'] }).expect(200)).body;
    expect(both.peakPower).toBe(2000);
    expect(Math.abs(both.days[0].wattHours - east.days[0].wattHours - west.days[0].wattHours)).toBeLessThanOrEqual(1);
  });

  it('when the weather is taken into account, then no hour makes more than under a clear sky; no panels means 1 kW facing south', async () => {
    const clear = (await forecast({ strategy: 'clear-sky' }).expect(200)).body;
    const weather = (await forecast({}).expect(200)).body;
    expect(clear.peakPower).toBe(1000);
    expect(weather.strategy).toBe('weather');
    weather.hours.forEach((hour: { watts: number }, index: number) => expect(hour.watts).toBeLessThanOrEqual(clear.hours[index].watts));
  });

  it.each([
    ['no latitude', { lat: undefined }, 'lat'],
    ['a panel that is not <watts>:<tilt>:<azimuth>', { panels: 'south' }, 'panels'],
    ['a tilt beyond vertical', { panels: '1000:95:180' }, 'tilt'],
    ['an azimuth of a full turn', { panels: '1000:35:360' }, 'azimuth'],
    ['an unknown strategy', { strategy: 'optimistic' }, 'strategy'],
  ])('when the query has %s, then 400 naming it', async (_name, query, named) => {
    const res = await forecast(query).expect(400);
    expect(res.body.error_description).toContain(named);
  });

  it('when the secret is missing, forged or of a service without a key, then 401, 401 and 403, before the rest is looked at', async () => {
    expect((await request(url).get('/forecast/solar').query({ lat: 'x' }).expect(401)).body.error).toBe('unauthorized');
    expect((await forecast({ secret: secret.slice(0, -2) + 'xx' }).expect(401)).body.error).toBe('invalid_secret');
    const keyless = createSolarForecastService({ clock });
    const keylessUrl = await keyless.listen(0);
    try {
      await request(keylessUrl).get('/forecast/solar').query({ secret, ...amsterdam }).expect(403);
    } finally {
      await keyless.close();
    }
  });

  it('when another path is asked, then 404 (the forecast is the only resource)', async () => {
    await request(url).get('/forecast/wind').query({ secret }).expect(404);
  });

  it("when the official AthomSolarForecastAPI (homey-api 3.20.0) asks with its panels as an array, then its query's panels[] are read as the same panels", async () => {
    // homey-api's type declarations leave the service clients out; the package exports them.
    const { AthomSolarForecastAPI } = createRequire(__filename)('homey-api') as { AthomSolarForecastAPI: new (options: { baseUrl: string; secret: string }) => unknown };
    const official = new AthomSolarForecastAPI({ baseUrl: url, secret }) as { getSolarForecast(args: Record<string, unknown>): Promise<unknown> };
    const sent = await official.getSolarForecast({ ...amsterdam, strategy: 'clear-sky', panels: ['1000:35:90', '1000:35:270'] });
    expect(sent).toEqual((await forecast({ strategy: 'clear-sky', panels: ['1000:35:90', '1000:35:270'] }).expect(200)).body);
    expect(sent).not.toEqual((await forecast({ strategy: 'clear-sky' }).expect(200)).body);
  });
});

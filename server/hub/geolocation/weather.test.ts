import { createServer } from 'node:net';
import { FakeClock } from '../../http/clock.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { WEATHER_CACHE_MS, type Weather } from './weather.js';
import { startWeatherDouble } from './weather-double.js';

const weatherPath = '/api/manager/geolocation/weather';
const amsterdam: Weather = {
  latitude: 52.3676, longitude: 4.9041, time: '2026-11-23T12:00:00.000Z', condition: 'cloudy', summary: 'Bewolkt',
  temperature: 7.4, feelsLike: 4.9, humidity: 0.82, pressure: 1012, windSpeed: 5.1, windBearing: 240, cloudCover: 0.8, precipitation: 0.2,
};

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('geolocation weather', () => {
  let double: Awaited<ReturnType<typeof startWeatherDouble>>;
  let hub: TestHub;
  let clock: FakeClock;
  let owner: ReturnType<typeof bearer>;
  beforeAll(async () => {
    double = await startWeatherDouble({ status: 200, body: amsterdam });
    clock = new FakeClock(Date.parse('2026-11-23T12:00:00Z'));
    hub = await startTestHub({ clock, weatherUrl: `${double.url}/` });
    owner = bearer(hub.token);
  });
  afterAll(async () => {
    await hub.stop();
    await double.close();
  });
  beforeEach(() => clock.advance(WEATHER_CACHE_MS));

  it('when the weather is asked, then the hub asks the cloud service for its location, id and language and answers its weather', async () => {
    await hub.http().put('/api/manager/i18n/option/language').set(owner).send({ value: 'nl' }).expect(204);
    const { body } = await hub.http().get(weatherPath).set(owner).expect(200);
    expect(body).toEqual(amsterdam);
    expect(double.queries.at(-1)).toEqual({ latitude: '52.3676', longitude: '4.9041', homey: hub.hub.id, language: 'nl' });
    await hub.http().delete('/api/manager/i18n/option/language').set(owner).expect(204);
  });

  it('when asked again within ten minutes for the same place, then the answer is reused; a new location asks again', async () => {
    await hub.http().get(weatherPath).set(owner).expect(200);
    const asked = double.queries.length;
    clock.advance(WEATHER_CACHE_MS - 1);
    await hub.http().get(weatherPath).set(owner).expect(200);
    expect(double.queries).toHaveLength(asked);
    await hub.http().put('/api/manager/geolocation/option/location').set(owner).send({ value: { latitude: 51.9225, longitude: 4.4792 } }).expect(204);
    await hub.http().get(weatherPath).set(owner).expect(200);
    expect(double.queries.at(-1)).toMatchObject({ latitude: '51.9225', longitude: '4.4792' });
    await hub.http().put('/api/manager/geolocation/option/location').set(owner).send({ value: { latitude: 52.3676, longitude: 4.9041 } }).expect(204);
  });

  it('when the cloud service answers an error or something that is not weather, then 502 and never a made-up forecast', async () => {
    double.answer({ status: 500, body: { error: 'boom' } });
    let res = await hub.http().get(weatherPath).set(owner).expect(502);
    expect(res.body).toMatchObject({ error: 'bad_gateway', error_description: 'The weather service answered 500', statusCode: 502 });
    clock.advance(WEATHER_CACHE_MS);
    double.answer({ status: 200, body: { ...amsterdam, humidity: 82 } });
    res = await hub.http().get(weatherPath).set(owner).expect(502);
    expect(res.body.error_description).toBe('The weather service answered something that is not weather');
    double.answer({ status: 200, body: null, raw: '<html>' });
    await hub.http().get(weatherPath).set(owner).expect(502);
    double.answer({ status: 200, body: amsterdam });
  });

  it('when the hub has no location, then 409', async () => {
    await hub.http().delete('/api/manager/geolocation/option/location').set(owner).expect(204);
    const res = await hub.http().get(weatherPath).set(owner).expect(409);
    expect(res.body).toMatchObject({ error: 'conflict', statusCode: 409 });
    await hub.http().put('/api/manager/geolocation/option/location').set(owner).send({ value: { latitude: 52.3676, longitude: 4.9041 } }).expect(204);
  });

  it('when the token lacks homey.geolocation.readonly, then 403; an unknown query parameter is a 400', async () => {
    await hub.http().get(weatherPath).set(bearer(hub.tokenWith(['homey.system']))).expect(403);
    await hub.http().get(weatherPath).set(bearer(hub.tokenWith(['homey.geolocation.readonly']))).expect(200);
    await hub.http().get(`${weatherPath}?units=imperial`).set(owner).expect(400);
  });

  it('when no weather service is configured or it cannot be reached, then 503', async () => {
    const bare = await startTestHub();
    try {
      const res = await bare.http().get(weatherPath).set(bearer(bare.token)).expect(503);
      expect(res.body).toMatchObject({ error: 'service_unavailable', error_description: 'No weather service is configured (HubConfig.weatherUrl)' });
    } finally {
      await bare.stop();
    }
    const unreachable = await startTestHub({ weatherUrl: `http://127.0.0.1:${await closedPort()}` });
    try {
      const res = await unreachable.http().get(weatherPath).set(bearer(unreachable.token)).expect(503);
      expect(res.body.error_description).toMatch(/^The weather service cannot be reached/);
    } finally {
      await unreachable.stop();
    }
  });
});

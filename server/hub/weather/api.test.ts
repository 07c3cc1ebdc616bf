import { FakeClock } from '../../http/clock.js';
import { weatherAt } from '../../cloud/weather/model.js';
import { createWeatherService } from '../../cloud/weather/service.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const base = '/api/manager/weather';
const HOUR_MS = 3_600_000;

describe('weather manager', () => {
  const clock = new FakeClock(Date.parse('2026-11-24T10:20:00.000Z'));
  const service = createWeatherService({ clock, validateResponses: true, development: true });
  let hub: TestHub;
  let owner: ReturnType<typeof bearer>;
  let location: { latitude: number; longitude: number };
  beforeAll(async () => {
    const weatherUrl = await service.listen(0);
    hub = await startTestHub({ clock, weatherUrl });
    owner = bearer(hub.token);
    location = (await hub.http().get('/api/manager/geolocation/option/location').set(owner).expect(200)).body.value;
  });
  afterAll(async () => {
    await hub.stop();
    await service.close();
  });

  it('when the weather is asked, then the weather service\'s answer for the home\'s location comes, and the state tells of it', async () => {
    expect((await hub.http().get(`${base}/state`).set(owner).expect(200)).body).toEqual({ serviceConfigured: true, hasLocation: true, lastUpdated: null, condition: null, temperature: null });
    const { body: now } = await hub.http().get(`${base}/weather`).set(owner).expect(200);
    expect(now).toEqual(weatherAt(location.latitude, location.longitude, clock.now(), 'en'));
    expect((await hub.http().get('/api/manager/geolocation/weather').set(owner).expect(200)).body).toEqual(now);
    expect((await hub.http().get(`${base}/state`).set(owner).expect(200)).body).toEqual({
      serviceConfigured: true, hasLocation: true, lastUpdated: '2026-11-24T10:20:00.000Z', condition: now.condition, temperature: now.temperature,
    });
  });

  it('when the hourly forecast is asked, then 24 hours come from the service, the first the weather now', async () => {
    const { body: hours } = await hub.http().get(`${base}/forecast/hourly`).set(owner).expect(200);
    expect(hours).toHaveLength(24);
    expect(hours[0]).toEqual((await hub.http().get(`${base}/weather`).set(owner).expect(200)).body);
    expect(hours[23]).toEqual(weatherAt(location.latitude, location.longitude, clock.now() + 23 * HOUR_MS, 'en'));
  });

  it('when the home has no location, then 409; a token without homey.geolocation.readonly gets 403', async () => {
    await hub.http().get(`${base}/weather`).set(bearer(hub.tokenWith(['homey.system.readonly']))).expect(403);
    await hub.http().delete('/api/manager/geolocation/option/location').set(owner).expect(204);
    try {
      expect((await hub.http().get(`${base}/forecast/hourly`).set(owner).expect(409)).body).toMatchObject({ error: 'conflict', statusCode: 409 });
      expect((await hub.http().get(`${base}/state`).set(owner).expect(200)).body.hasLocation).toBe(false);
    } finally {
      await hub.http().put('/api/manager/geolocation/option/location').set(owner).send({ value: location }).expect(204);
    }
  });
});

import { FakeClock } from '../../http/clock.js';
import { connectRealtime } from '../testing/realtime-client.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { hubLocation } from './geolocation.js';

const base = '/api/manager/geolocation';
const midsummerNoon = Date.parse('2026-06-21T12:00:00Z');
const rotterdam = { latitude: 51.9225, longitude: 4.4792 };

describe('geolocation manager', () => {
  let hub: TestHub;
  let clock: FakeClock;
  let owner: ReturnType<typeof bearer>;
  beforeAll(async () => {
    clock = new FakeClock(midsummerNoon);
    hub = await startTestHub({ clock });
    owner = bearer(hub.token);
  });
  afterAll(() => hub.stop());
  const get = async (path: string) => (await hub.http().get(`${base}/${path}`).set(owner).expect(200)).body;

  it('when the demo home is read, then its location, address, manual mode and sun times today answer', async () => {
    expect(await get('option/location')).toEqual({ value: { latitude: 52.3676, longitude: 4.9041, accuracy: 50 } });
    expect(await get('option/address')).toEqual({ value: 'Keizersgracht 123, 1015 CJ Amsterdam, Netherlands' });
    expect(await get('option/mode')).toEqual({ value: 'manual' });
    const state = await get('state');
    expect(state).toMatchObject({ mode: 'manual', location: { latitude: 52.3676 }, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    expect(state.sun).toMatchObject({ date: '2026-06-21', isUp: true });
    expect(Math.abs(Date.parse(state.sun.sunrise) - Date.parse('2026-06-21T03:18:00Z'))).toBeLessThan(120_000);
    expect(Math.abs(Date.parse(state.sun.sunset) - Date.parse('2026-06-21T20:07:00Z'))).toBeLessThan(120_000);
    clock.advance(11 * 3_600_000); // 23:00 UTC, the sun is down
    expect((await get('state')).sun.isUp).toBe(false);
  });

  it('when the location and address are set in auto mode, then they are stored and the mode becomes manual; unset forgets them', async () => {
    await hub.http().put(`${base}/option/mode`).set(owner).send({ value: 'auto' }).expect(204);
    await hub.http().put(`${base}/option/location`).set(owner).send({ value: rotterdam }).expect(204);
    expect(await get('option/location')).toEqual({ value: rotterdam });
    expect(await get('option/mode')).toEqual({ value: 'manual' });
    await hub.http().put(`${base}/option/mode`).set(owner).send({ value: 'auto' }).expect(204);
    await hub.http().put(`${base}/option/address`).set(owner).send({ value: '  Coolsingel 40, Rotterdam ' }).expect(204);
    expect(await get('option/address')).toEqual({ value: 'Coolsingel 40, Rotterdam' });
    expect(await get('option/mode')).toEqual({ value: 'manual' });
    await hub.http().delete(`${base}/option/location`).set(owner).expect(204);
    await hub.http().delete(`${base}/option/address`).set(owner).expect(204);
    await hub.http().delete(`${base}/option/mode`).set(owner).expect(204);
    expect(await get('state')).toMatchObject({ mode: 'auto', location: null, address: null, sun: null });
    expect(hubLocation(hub.hub)).toBeNull();
    await hub.http().put(`${base}/option/location`).set(owner).send({ value: { latitude: -90, longitude: 180, accuracy: 0 } }).expect(204);
    expect((await get('state')).sun.sunrise).toBeNull(); // the South Pole in June: polar night
  });

  it('when a coordinate is out of bounds or missing, the address blank or too long, or the mode unknown, then 400 and nothing changes', async () => {
    await hub.http().put(`${base}/option/location`).set(owner).send({ value: rotterdam }).expect(204);
    const locations = [{ latitude: 90.1, longitude: 0 }, { latitude: 0, longitude: -180.5 }, { latitude: 52 }, { latitude: '52', longitude: 4 },
      { ...rotterdam, accuracy: -1 }, { ...rotterdam, altitude: 3 }, null, 'Rotterdam'];
    for (const value of locations) {
      const res = await hub.http().put(`${base}/option/location`).set(owner).send({ value }).expect(400);
      expect(res.body).toMatchObject({ error: 'invalid_request', statusCode: 400 });
    }
    for (const value of ['', '   ', 'x'.repeat(201), 12, null]) await hub.http().put(`${base}/option/address`).set(owner).send({ value }).expect(400);
    for (const value of ['gps', '', null]) await hub.http().put(`${base}/option/mode`).set(owner).send({ value }).expect(400);
    await hub.http().put(`${base}/option/mode`).set(owner).send({}).expect(400);
    expect(await get('option/location')).toEqual({ value: rotterdam });
  });

  it('when the token lacks the scope, then 403: homey.geolocation to set, .readonly to read, homey.system.readonly for the state', async () => {
    const reader = bearer(hub.tokenWith(['homey.geolocation.readonly']));
    for (const option of ['mode', 'location', 'address']) {
      await hub.http().get(`${base}/option/${option}`).set(reader).expect(200);
      await hub.http().delete(`${base}/option/${option}`).set(reader).expect(403);
    }
    await hub.http().put(`${base}/option/mode`).set(reader).send({ value: 'auto' }).expect(403);
    await hub.http().put(`${base}/option/location`).set(reader).send({ value: rotterdam }).expect(403);
    await hub.http().put(`${base}/option/address`).set(reader).send({ value: 'Coolsingel 40' }).expect(403);
    await hub.http().get(`${base}/state`).set(reader).expect(403);
    await hub.http().get(`${base}/option/location`).set(bearer(hub.tokenWith(['homey.system']))).expect(403);
  });

  it.each(['v2', 'v4'] as const)('when options change, then %s subscribers of homey:manager:geolocation get option.update', async (version) => {
    await hub.http().put(`${base}/option/mode`).set(owner).send({ value: 'auto' }).expect(204);
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    const events: unknown[] = [];
    try {
      expect((await client.request('subscribe', 'homey:manager:geolocation'))[0]).toBeNull();
      const done = client.next('homey:manager:geolocation', (_event, data) => events.push(data) === 4);
      await hub.http().put(`${base}/option/location`).set(owner).send({ value: rotterdam }).expect(204);
      await hub.http().put(`${base}/option/address`).set(owner).send({ value: 'Coolsingel 40' }).expect(204);
      await hub.http().delete(`${base}/option/address`).set(owner).expect(204);
      await done;
      expect(events).toEqual([
        { id: 'location', value: rotterdam },
        { id: 'mode', value: 'manual' },
        { id: 'address', value: 'Coolsingel 40' },
        { id: 'address', value: null },
      ]);
    } finally {
      client.close();
    }
  });
});

import { FakeClock } from '../../http/clock.js';
import type { Device } from '../devices/device.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import type { Log } from './insights.js';

const local = (year: number, month: number, day: number, hour = 0, minute = 0) => new Date(year, month - 1, day, hour, minute).getTime();
const iso = (time: number) => new Date(time).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('insights manager', () => {
  const clock = new FakeClock(local(2025, 3, 10, 9));
  let hub: TestHub;
  let thermostat: Device;
  let spots: Device;
  const auth = () => bearer(hub.token);
  const base = (device: Device, capability: string) => `/api/manager/insights/log/homey:device:${device.id}/homey:device:${device.id}:${capability}`;
  const entries = (device: Device, capability: string, resolution: string) =>
    hub.http().get(`${base(device, capability)}/entry?resolution=${resolution}`).set(auth());
  /**
   * Moves the hub's clock to `time`; a jump of more than a day restarts the hub on its data, so that the minute
   * timers of other managers (energy) do not fire a million times over months.
   */
  const moveTo = async (time: number) => {
    if (time - clock.now() <= DAY) return clock.set(time);
    await hub.stop({ keepData: true });
    clock.set(time);
    hub = await startTestHub({ clock, dataDir: hub.dataDir });
  };
  /** Sets a capability through the devices API at `time` on the hub's clock. */
  const setAt = async (time: number, device: Device, capability: string, value: unknown) => {
    await moveTo(time);
    await hub.http().put(`/api/manager/devices/device/${device.id}/capability/${capability}`).set(auth()).send({ value }).expect(204);
  };
  const nonNull = (body: { values: Array<{ t: string; v: unknown }> }) => body.values.filter((entry) => entry.v !== null);

  beforeAll(async () => {
    hub = await startTestHub({ clock });
    const devices = hub.hub.store.values('device');
    thermostat = devices.find((device) => device.name === 'Living room thermostat')!;
    spots = devices.find((device) => device.name === 'Kitchen spots')!;
  });
  afterAll(() => hub.stop());

  it('when the demo home starts, then each capability with insights has a log keyed by id, and the state counts them', async () => {
    const { body } = await hub.http().get('/api/manager/insights/log').set(auth()).expect(200).expect('Content-Type', /application\/json/);
    const expected = hub.hub.store.values('device').flatMap((device) => device.insights.map((entry) => `${entry.uri}:${entry.id}`));
    expect(Object.keys(body).sort()).toEqual(expected.sort());
    for (const [id, log] of Object.entries<Log>(body)) expect(log.id).toBe(id);
    expect(body[`homey:device:${thermostat.id}:target_temperature`]).toEqual({
      id: `homey:device:${thermostat.id}:target_temperature`,
      ownerUri: `homey:device:${thermostat.id}`,
      ownerId: thermostat.id,
      ownerName: 'Living room thermostat',
      title: 'Target temperature',
      titleTrue: null,
      titleFalse: null,
      type: 'number',
      units: '°C',
      decimals: 1,
      lastValue: 21,
      lastUpdated: expect.any(String),
    });
    expect(body[`homey:device:${spots.id}:onoff`]).toMatchObject({ type: 'boolean', titleTrue: 'Turned on', titleFalse: 'Turned off', lastValue: false });
    const state = await hub.http().get('/api/manager/insights/state').set(auth()).expect(200);
    expect(state.body).toEqual({ logCount: expected.length });
  });

  it('when the demo home starts, then its sensors have a week of readings that swing around their value now', async () => {
    const climate = hub.hub.store.values('device').find((device) => device.name === 'Living room climate')!;
    const { body } = await entries(climate, 'measure_temperature', 'last7Days').expect(200);
    const readings = nonNull(body) as Array<{ v: number }>;
    expect(readings.length).toBeGreaterThanOrEqual(167);
    for (const { v } of readings) expect(Math.abs(v - 21.3)).toBeLessThanOrEqual(3);
    expect(new Set(readings.map(({ v }) => v)).size).toBeGreaterThan(10);
    expect(nonNull((await entries(climate, 'measure_temperature', 'last6Hours').expect(200)).body).length).toBeGreaterThanOrEqual(20);
  });

  it('when getting one log by its id with raw colons, then it comes back; an unknown id is a 404', async () => {
    const id = `homey:device:${thermostat.id}:target_temperature`;
    const { body } = await hub.http().get(`/api/manager/insights/log/${id}`).set(auth()).expect(200);
    expect(body).toMatchObject({ id, ownerName: 'Living room thermostat', lastValue: 21 });
    const missing = await hub.http().get(`/api/manager/insights/log/homey:device:${thermostat.id}:teleport`).set(auth()).expect(404);
    expect(missing.body).toMatchObject({ error: 'not_found', statusCode: 404 });
  });

  it('when a capability is set through the API across months, then every resolution answers its window in steps, aggregated', async () => {
    const now = local(2026, 11, 25, 12, 30); // a Wednesday
    const writes: Array<[time: number, value: number]> = [
      [local(2025, 3, 10, 10), 20],
      [local(2025, 3, 10, 10, 30), 21],
      [local(2026, 10, 15, 8), 22],
      [local(2026, 11, 18, 9, 15), 23],
      [local(2026, 11, 24, 18, 5), 24],
      [local(2026, 11, 25, 3), 25],
      [local(2026, 11, 25, 12), 26],
      [local(2026, 11, 25, 12, 10), 27],
    ];
    for (const [time, value] of writes) await setAt(time, thermostat, 'target_temperature', value);
    await moveTo(now);
    /** The expected steps: the writes in [start, until), averaged per step of the grid from `origin`. */
    const expected = (start: number, until: number, step: number, origin = 0) => {
      const steps = new Map<number, number[]>();
      for (const [time, value] of writes.filter(([time]) => time >= start && time < until)) {
        const at = origin + Math.floor((time - origin) / step) * step;
        steps.set(at, [...(steps.get(at) ?? []), value]);
      }
      return [...steps].map(([at, values]) => ({ t: iso(at), v: values.reduce((sum, value) => sum + value, 0) / values.length }));
    };
    const rolling: Array<[resolution: string, span: number, step: number]> = [
      ['lastHour', HOUR, MINUTE],
      ['last6Hours', 6 * HOUR, 5 * MINUTE],
      ['last24Hours', 24 * HOUR, 15 * MINUTE],
      ['last7Days', 7 * 24 * HOUR, HOUR],
      ['last14Days', 14 * 24 * HOUR, 2 * HOUR],
      ['last31Days', 31 * 24 * HOUR, 6 * HOUR],
      ['last2Years', 730 * 24 * HOUR, 24 * HOUR],
    ];
    for (const [resolution, span, step] of rolling) {
      const { body } = await entries(thermostat, 'target_temperature', resolution).expect(200);
      const start = now - (now % step) + step - span;
      expect({ resolution, ...body, values: nonNull(body) }).toEqual({
        resolution, start: iso(start), end: iso(now), step, lastValue: 27, values: expected(start, now + 1, step),
      });
      expect(body.values).toHaveLength(span / step);
    }
    const calendar: Array<[resolution: string, start: number, end: number, step: number]> = [
      ['today', local(2026, 11, 25), now, 15 * MINUTE],
      ['yesterday', local(2026, 11, 24), local(2026, 11, 25), 15 * MINUTE],
      ['thisWeek', local(2026, 11, 23), now, HOUR],
      ['lastWeek', local(2026, 11, 16), local(2026, 11, 23), HOUR],
      ['thisMonth', local(2026, 11, 1), now, 6 * HOUR],
      ['lastMonth', local(2026, 10, 1), local(2026, 11, 1), 6 * HOUR],
      ['thisYear', local(2026, 1, 1), now, 24 * HOUR],
      ['lastYear', local(2025, 1, 1), local(2026, 1, 1), 24 * HOUR],
    ];
    for (const [resolution, start, end, step] of calendar) {
      const { body } = await entries(thermostat, 'target_temperature', resolution).expect(200);
      const until = end === now ? now + 1 : end;
      expect({ resolution, ...body, values: nonNull(body) }).toEqual({
        resolution, start: iso(start), end: iso(end), step, lastValue: 27, values: expected(start, until, step, start),
      });
      expect(body.values).toHaveLength(Math.ceil((until - start) / step));
    }
    const lastHour = await entries(thermostat, 'target_temperature', 'lastHour').expect(200);
    expect(nonNull(lastHour.body)).toEqual([{ t: iso(local(2026, 11, 25, 12)), v: 26 }, { t: iso(local(2026, 11, 25, 12, 10)), v: 27 }]);
    const lastYear = await entries(thermostat, 'target_temperature', 'lastYear').expect(200);
    expect(nonNull(lastYear.body)).toEqual([{ t: iso(local(2025, 3, 10)), v: 20.5 }]);
    const byDefault = await hub.http().get(`${base(thermostat, 'target_temperature')}/entry`).set(auth()).expect(200);
    expect(byDefault.body).toMatchObject({ resolution: 'last24Hours', step: 15 * MINUTE });
  });

  it('when a boolean capability changes, then a step is true if it was at any time in it, and steps without changes hold the state', async () => {
    const at = hub.hub.now() - (hub.hub.now() % HOUR) + HOUR;
    await setAt(at + 1 * MINUTE, spots, 'onoff', true);
    await setAt(at + 2.5 * MINUTE, spots, 'onoff', false);
    await setAt(at + 20 * MINUTE, spots, 'onoff', false);
    clock.set(at + 30 * MINUTE);
    const hour = await entries(spots, 'onoff', 'lastHour').expect(200);
    const offSince = (from: number, count: number) => Array.from({ length: count }, (_, index) => ({ t: iso(from + index * MINUTE), v: false }));
    expect(nonNull(hour.body)).toEqual([{ t: iso(at + MINUTE), v: true }, { t: iso(at + 2 * MINUTE), v: true }, ...offSince(at + 3 * MINUTE, 28)]);
    expect(hour.body.values.slice(0, 30).every((step: { v: unknown }) => step.v === null)).toBe(true);
    expect(hour.body.lastValue).toBe(false);
    expect(nonNull((await entries(spots, 'onoff', 'last7Days').expect(200)).body)).toEqual([{ t: iso(at), v: true }]);

    clock.set(at + 3 * HOUR + 30 * MINUTE);
    expect(nonNull((await entries(spots, 'onoff', 'lastHour').expect(200)).body)).toEqual(offSince(at + 2 * HOUR + 31 * MINUTE, 60));
    expect(nonNull((await entries(spots, 'onoff', 'last7Days').expect(200)).body)).toEqual([
      { t: iso(at), v: true }, { t: iso(at + HOUR), v: false }, { t: iso(at + 2 * HOUR), v: false }, { t: iso(at + 3 * HOUR), v: false },
    ]);
  });

  it('when the resolution is not one of the contract, then 400', async () => {
    const res = await entries(thermostat, 'target_temperature', 'lastDecade').expect(400);
    expect(res.body).toMatchObject({ error: 'invalid_request', statusCode: 400 });
    expect(res.body.error_description).toContain('resolution');
  });

  it('when the log or its owner is unknown, or the id is not the owner\'s, then every log operation answers 404', async () => {
    const wrongOwner = `/api/manager/insights/log/homey:device:${spots.id}/homey:device:${thermostat.id}:target_temperature`;
    const unknown = `/api/manager/insights/log/homey:device:nope/homey:device:nope:onoff`;
    for (const path of [wrongOwner, unknown]) {
      await hub.http().get(`${path}/entry`).set(auth()).expect(404);
      await hub.http().delete(`${path}/entry`).set(auth()).expect(404);
      await hub.http().put(path).set(auth()).send({ title: 'X' }).expect(404);
      const res = await hub.http().delete(path).set(auth()).expect(404);
      expect(res.body).toEqual({ error: 'not_found', error_description: 'Log not found', statusCode: 404, stack: expect.any(String) });
    }
  });

  it('when a token lacks the insights scopes, then reads and writes answer 403', async () => {
    const readonly = bearer(hub.tokenWith(['homey.insights.readonly']));
    const unrelated = bearer(hub.tokenWith(['homey.device.readonly']));
    const path = base(thermostat, 'target_temperature');
    await hub.http().get(`${path}/entry?resolution=lastHour`).set(readonly).expect(200);
    await hub.http().get(`${path}/entry`).set(unrelated).expect(403);
    await hub.http().get('/api/manager/insights/log').set(unrelated).expect(403);
    await hub.http().get('/api/manager/insights/storage').set(unrelated).expect(403);
    await hub.http().delete(`${path}/entry`).set(readonly).expect(403);
    await hub.http().put(path).set(readonly).send({ title: 'X' }).expect(403);
    await hub.http().delete(path).set(readonly).expect(403);
    const all = await hub.http().delete('/api/manager/insights/log/').set(readonly).expect(403);
    expect(all.body).toMatchObject({ error: 'insufficient_scope', error_description: 'Missing scope: homey.insights' });
  });

  it('when a log is updated, then its titles change and other fields are refused', async () => {
    const path = base(spots, 'onoff');
    const { body } = await hub.http().put(path).set(auth()).send({ title: 'Kitchen spots on', titleTrue: 'On', titleFalse: 'Off' }).expect(200);
    expect(body).toMatchObject({ id: `homey:device:${spots.id}:onoff`, title: 'Kitchen spots on', titleTrue: 'On', titleFalse: 'Off', type: 'boolean' });
    await hub.http().get(`/api/manager/insights/log/homey:device:${spots.id}:onoff`).set(auth()).expect(200, body);
    await hub.http().put(path).set(auth()).send({ ...body, title: 'Spots' }).expect(400);
    await hub.http().put(path).set(auth()).send({ title: '' }).expect(400);
    await hub.http().put(path).set(auth()).send({ units: 'kW' }).expect(400);
    const numbers = await hub.http().put(base(thermostat, 'target_temperature')).set(auth()).send({ titleTrue: 'Warm' }).expect(400);
    expect(numbers.body.error_description).toBe('titleTrue and titleFalse are for boolean logs; this log holds numbers');
  });

  it('when values are recorded, then the storage counts their rows and bytes; deleting the entries keeps the log', async () => {
    const before = (await hub.http().get('/api/manager/insights/storage').set(auth()).expect(200)).body;
    expect(before).toEqual({ logCount: expect.any(Number), valueCount: expect.any(Number), hourCount: expect.any(Number), bytes: expect.any(Number) });
    const now = hub.hub.now();
    await setAt(now + 2 * HOUR, thermostat, 'target_temperature', 19);
    const after = (await hub.http().get('/api/manager/insights/storage').set(auth()).expect(200)).body;
    expect(after.valueCount).toBe(before.valueCount + 1);
    expect(after.hourCount).toBe(before.hourCount + 1);
    expect(after.bytes).toBeGreaterThan(0);

    await hub.http().delete(`${base(thermostat, 'target_temperature')}/entry`).set(auth()).expect(204);
    for (const resolution of ['lastHour', 'last2Years']) {
      expect(nonNull((await entries(thermostat, 'target_temperature', resolution).expect(200)).body)).toEqual([]);
    }
    await hub.http().get(`/api/manager/insights/log/homey:device:${thermostat.id}:target_temperature`).set(auth()).expect(200);
  });

  it('when a log is deleted, then it is gone with its entries, and comes back empty with the next value', async () => {
    const id = `homey:device:${spots.id}:onoff`;
    await hub.http().delete(base(spots, 'onoff')).set(auth()).expect(204);
    await hub.http().get(`/api/manager/insights/log/${id}`).set(auth()).expect(404);
    await entries(spots, 'onoff', 'lastHour').expect(404);
    await setAt(hub.hub.now() + MINUTE, spots, 'onoff', true);
    const { body } = await hub.http().get(`/api/manager/insights/log/${id}`).set(auth()).expect(200);
    expect(body).toMatchObject({ title: 'Turned on', titleTrue: 'Turned on', lastValue: true });
    expect(nonNull((await entries(spots, 'onoff', 'last7Days').expect(200)).body)).toHaveLength(1);
  });

  it('when a device (a group) is added, renamed or deleted, then it gets its logs, they follow its name, and go with it', async () => {
    const hallway = hub.hub.store.values('device').find((device) => device.name === 'Hallway light')!;
    const created = await hub.http().post('/api/manager/devices/group').set(auth()).send({ name: 'Hall group', zone: thermostat.zone, devices: [hallway.id] }).expect(200);
    const heater = created.body as Device;
    expect(heater.insights.length).toBeGreaterThan(0);
    const owned = async () => Object.values<Log>((await hub.http().get('/api/manager/insights/log').set(auth()).expect(200)).body).filter((log) => log.ownerId === heater.id);
    expect((await owned()).map((log) => log.id).sort()).toEqual(heater.insights.map((entry) => `homey:device:${heater.id}:${entry.id}`).sort());
    await hub.http().put(`/api/manager/devices/device/${heater.id}`).set(auth()).send({ name: 'Hallway group' }).expect(200);
    expect((await owned()).every((log) => log.ownerName === 'Hallway group')).toBe(true);
    await hub.http().delete(`/api/manager/devices/device/${heater.id}`).set(auth()).expect(204);
    expect(await owned()).toEqual([]);
  });

  it('when every log is deleted, then none is left and their rows are gone', async () => {
    await hub.http().delete('/api/manager/insights/log/').set(auth()).expect(204);
    expect((await hub.http().get('/api/manager/insights/log').set(auth()).expect(200)).body).toEqual({});
    const storage = (await hub.http().get('/api/manager/insights/storage').set(auth()).expect(200)).body;
    expect(storage).toMatchObject({ logCount: 0, valueCount: 0, hourCount: 0 });
  });
});

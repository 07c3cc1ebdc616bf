import { FakeClock } from '../../http/clock.js';
import { saveValues } from '../devices/device.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const base = '/api/manager/energy';
const HOUR = 3_600_000;

describe('energy reports recorded from measure_power on the hub clock', () => {
  let hub: TestHub;
  const clock = new FakeClock(Date.UTC(2026, 10, 23, 10, 30));
  const auth = () => bearer(hub.token);
  const device = (name: string) => hub.hub.store.values('device').find((candidate) => candidate.name === name)!;
  const zoneNamed = (name: string) => hub.hub.store.values('zone').find((zone) => zone.name === name)!;
  const day = async (date: string) => (await hub.http().get(`${base}/report/day`).query({ date }).set(auth()).expect(200)).body;
  const switchTo = (name: string, value: boolean) =>
    hub.http().put(`/api/manager/devices/device/${device(name).id}/capability/onoff`).set(auth()).send({ value }).expect(204);

  beforeAll(async () => {
    hub = await startTestHub({ clock });
  });
  afterAll(() => hub.stop());

  it('when the coffee machine draws 1200 W for two hours, then the day report counts 2.4 kWh for it, split over the hours', async () => {
    await switchTo('Coffee machine', true);
    expect(device('Coffee machine').capabilitiesObj.measure_power!.value).toBe(1200);
    clock.advance(2 * HOUR);
    await switchTo('Coffee machine', false);
    const report = await day('2026-11-23');
    const coffee = report.devices[device('Coffee machine').id];
    expect(coffee).toMatchObject({ name: 'Coffee machine', zone: zoneNamed('Kitchen').id, category: 'socket' });
    expect(coffee.kWh).toBeCloseTo(2.4, 6);
    const hours = (start: number) => report.buckets.find((bucket: { periodStart: string }) => bucket.periodStart === new Date(start).toISOString()).kWh;
    // 10:30 to 12:30: half an hour at 10, a whole hour at 11, half an hour at 12, as for the fridge and TV (235 W).
    expect(hours(Date.UTC(2026, 10, 23, 10))).toBeCloseTo((1.2 + 0.235) / 2, 6);
    expect(hours(Date.UTC(2026, 10, 23, 11))).toBeCloseTo(1.2 + 0.235, 6);
    expect(hours(Date.UTC(2026, 10, 23, 12))).toBeCloseTo((1.2 + 0.235) / 2, 6);
    expect(report.buckets).toHaveLength(24);
    // The fridge (150 W) and the TV (85 W) drew all along.
    expect(report.devices[device('Fridge').id].kWh).toBeCloseTo(0.3, 6);
    expect(report.devices[device('TV socket').id].kWh).toBeCloseTo(0.17, 6);
    expect(report.kWh).toBeCloseTo(2.4 + 0.3 + 0.17, 6);
    expect(report.cost).toBeNull();
    expect(report.zones[zoneNamed('Kitchen').id].kWh).toBeCloseTo(2.7, 6);
    expect(report.zones[zoneNamed('Home').id].kWh).toBeCloseTo(report.kWh, 6);
    expect(report.categories.socket.kWh).toBeCloseTo(report.kWh, 6);
  });

  it('when a device reports a new power, then the old power is counted up to that moment', async () => {
    const fridge = device('Fridge');
    const before = (await day('2026-11-23')).devices[fridge.id].kWh;
    clock.advance(HOUR / 2);
    saveValues(hub.hub, fridge, { measure_power: 1000 }, () => 'test');
    clock.advance(HOUR / 2);
    const after = (await day('2026-11-23')).devices[fridge.id].kWh;
    expect(after - before).toBeCloseTo(0.075 + 0.5, 6);
    saveValues(hub.hub, device('Fridge'), { measure_power: 150 }, () => 'test');
  });

  it('when a price is set, then costs follow it; with dynamic prices each hour costs its tariff after the user costs', async () => {
    await hub.http().put(`${base}/option/kWhCost`).set(auth()).send({ value: 0.5 }).expect(204);
    const fixed = await day('2026-11-23');
    expect(fixed.cost).toBeCloseTo(fixed.kWh * 0.5, 3);
    expect(fixed.devices[device('Coffee machine').id].cost).toBeCloseTo(1.2, 4);
    await hub.http().put(`${base}/price/electricity/dynamic`).set(auth()).send({}).expect(204);
    await hub.http().put(`${base}/price/electricity/dynamic/tariff`).set(auth()).send({ prices: Array.from({ length: 24 }, (_, hour) => (hour === 11 ? 1 : 0)) }).expect(204);
    await hub.http().put(`${base}/price/electricity/dynamic/user-costs`).set(auth()).send({ mathExpression: '(price + 1) * 2' }).expect(204);
    const dynamic = await day('2026-11-23');
    const at = (hour: number) => dynamic.buckets[hour];
    expect(at(11).cost).toBeCloseTo(at(11).kWh * 4, 4);
    expect(at(10).cost).toBeCloseTo(at(10).kWh * 2, 4);
    await hub.http().put(`${base}/price/electricity/fixed`).set(auth()).send({}).expect(204);
  });

  it('when reports of the week, month and year are asked, then they sum the same hours by day and month', async () => {
    const today = await day('2026-11-23');
    const week = (await hub.http().get(`${base}/report/week`).query({ isoWeek: '2026-W48' }).set(auth()).expect(200)).body;
    expect(week).toMatchObject({ id: '2026-W48', periodStart: '2026-11-23T00:00:00.000Z', periodEnd: '2026-11-30T00:00:00.000Z' });
    expect(week.buckets).toHaveLength(7);
    expect(week.buckets[0].kWh).toBeCloseTo(today.kWh, 6);
    const month = (await hub.http().get(`${base}/report/month`).query({ yearMonth: '2026-11', cache: 'true' }).set(auth()).expect(200)).body;
    expect(month.buckets).toHaveLength(30);
    expect(month.kWh).toBeCloseTo(today.kWh, 6);
    const year = (await hub.http().get(`${base}/report/year`).query({ year: '2026' }).set(auth()).expect(200)).body;
    expect(year.buckets).toHaveLength(12);
    expect(year.buckets[10].kWh).toBeCloseTo(today.kWh, 6);
    const empty = (await hub.http().get(`${base}/report/year`).query({ year: '2020' }).set(auth()).expect(200)).body;
    expect(empty).toMatchObject({ kWh: 0, devices: {}, zones: {} });
    const available = (await hub.http().get(`${base}/reports/available`).set(auth()).expect(200)).body;
    expect(available).toEqual({ days: ['2026-11-23'], weeks: ['2026-W48'], months: ['2026-11'], years: ['2026'] });
  });

  it.each([
    ['day', { date: '2026-02-30' }, 'date must be a day as YYYY-MM-DD, not 2026-02-30'],
    ['day', { date: '23-11-2026' }, undefined],
    ['week', { isoWeek: '2025-W53' }, 'isoWeek 2025-W53 does not exist: 2025 has weeks W01 to W52'],
    ['week', { isoWeek: '2025-W00' }, undefined],
    ['month', { yearMonth: '2026-13' }, 'yearMonth must be a month as YYYY-MM, not 2026-13'],
    ['year', { year: '1969' }, 'year 1969 is out of range (years 1970 to 9999)'],
  ])('when the %s report is asked for %j, then 400', async (type, query, description) => {
    const { body } = await hub.http().get(`${base}/report/${type}`).query(query).set(auth()).expect(400);
    expect(body).toMatchObject({ error: 'invalid_request', statusCode: 400 });
    if (description) expect(body.error_description).toBe(description);
  });

  it('when the categories of a day are reset, then each device counts under its class now; a day without report is 404', async () => {
    const coffee = device('Coffee machine');
    hub.hub.store.save('device', { ...coffee, class: 'kettle' });
    const { body } = await hub.http().put(`${base}/report/day/reset/categories`).set(auth()).send({ options: { date: '2026-11-23' } }).expect(200);
    expect(body.categories.kettle.kWh).toBeCloseTo(2.4, 6);
    expect(body.devices[coffee.id].category).toBe('kettle');
    await hub.http().put(`${base}/report/day/reset/categories`).set(auth()).send({ options: { date: '2026-11-01' } }).expect(404);
    await hub.http().put(`${base}/report/day/reset/categories`).set(auth()).send({ options: { date: 'today' } }).expect(400);
    await hub.http().put(`${base}/report/day/reset/categories`).set(bearer(hub.tokenWith(['homey.energy.readonly']))).send({ options: { date: '2026-11-23' } }).expect(403);
  });

  it('when dummy reports are enabled, then reports hold them beside real data until they are disabled', async () => {
    const token = bearer(hub.tokenWith(['homey.energy']));
    const { body } = await hub.http().post(`${base}/reports/dummy/enable`).query({ fromDate: '2026-11-20', toDate: '2026-11-22', numTopConsumers: 6, randomness: 0 }).set(token).send({}).expect(200);
    expect(body).toEqual({ fromDate: '2026-11-20', toDate: '2026-11-22', deviceCount: 6, hourCount: 72 });
    const dummyDay = await day('2026-11-21');
    expect(Object.keys(dummyDay.devices)).toHaveLength(6);
    expect(Object.values(dummyDay.devices)).toContainEqual(expect.objectContaining({ name: 'Dummy consumer 6', category: 'other' }));
    // Without randomness the top consumer uses the day profile's sum: 22.25 kWh.
    expect(Math.max(...Object.values<{ kWh: number }>(dummyDay.devices).map((entry) => entry.kWh))).toBeCloseTo(22.25, 3);
    expect((await hub.http().get(`${base}/state`).set(auth()).expect(200)).body).toMatchObject({ dummyReports: true, reportDayCount: 4 });
    await hub.http().post(`${base}/reports/dummy/enable`).query({ fromDate: '2026-11-22', toDate: '2026-11-20' }).set(token).send({}).expect(400);
    await hub.http().post(`${base}/reports/dummy/enable`).query({ fromDate: '2024-01-01', toDate: '2026-11-20' }).set(token).send({}).expect(400);
    await hub.http().post(`${base}/reports/dummy/disable`).set(token).send({}).expect(204);
    expect((await day('2026-11-21')).kWh).toBe(0);
    expect((await hub.http().get(`${base}/state`).set(auth()).expect(200)).body).toMatchObject({ dummyReports: false, reportDayCount: 1 });
  });

  it('when every report is deleted, then nothing is available until energy is used again', async () => {
    await hub.http().delete(`${base}/reports`).set(bearer(hub.tokenWith(['homey.energy.readonly']))).expect(403);
    await hub.http().delete(`${base}/reports`).set(auth()).expect(204);
    expect((await hub.http().get(`${base}/reports/available`).set(auth()).query({}).expect(200)).body).toEqual({ days: [], weeks: [], months: [], years: [] });
    clock.advance(HOUR);
    expect((await day('2026-11-23')).kWh).toBeCloseTo(0.15 + 0.085, 6);
  });
});

describe('energy recorded from meter_power of a device without measure_power', () => {
  let hub: TestHub;
  const clock = new FakeClock(Date.UTC(2026, 10, 24, 8, 15));
  beforeAll(async () => {
    hub = await startTestHub({ clock });
  });
  afterAll(() => hub.stop());

  it('when its meter rises, then the rise is the energy of that hour; a meter that drops was reset and counts nothing', async () => {
    const socket = hub.hub.store.values('device').find((device) => device.name === 'Garden socket')!;
    const { measure_power: _power, ...capabilitiesObj } = socket.capabilitiesObj;
    const meterOnly = hub.hub.store.save('device', { ...socket, capabilities: ['onoff', 'meter_power'], capabilitiesObj });
    const meter = saveValues(hub.hub, meterOnly, { meter_power: 13.4 }, () => 'test');
    clock.advance(3_600_000);
    saveValues(hub.hub, meter, { meter_power: 0.2 }, () => 'test');
    const { body } = await hub.http().get('/api/manager/energy/report/day').query({ date: '2026-11-24' }).set(bearer(hub.token)).expect(200);
    expect(body.devices[socket.id].kWh).toBeCloseTo(0.5, 6);
    // Beside the fridge and TV (235 W), 45 minutes in hour 8 and 15 in hour 9.
    expect(body.buckets[8].kWh - body.buckets[9].kWh).toBeCloseTo(0.5 + 0.235 / 2, 6);
  });
});

describe('energy reports across a restart', () => {
  it('when the hub stops and starts again, then what was recorded remains and the time it was down is not counted', async () => {
    const clock = new FakeClock(Date.UTC(2026, 10, 25, 1, 0));
    const first = await startTestHub({ clock });
    clock.advance(3_600_000);
    await first.stop({ keepData: true });
    clock.advance(5 * 3_600_000);
    const second = await startTestHub({ dataDir: first.dataDir, clock });
    try {
      clock.advance(3_600_000);
      const { body } = await second.http().get('/api/manager/energy/report/day').query({ date: '2026-11-25' }).set(bearer(second.token)).expect(200);
      // The fridge (150 W) and the TV (85 W): the hour before the stop and the hour after the start.
      expect(body.kWh).toBeCloseTo(2 * 0.235, 6);
      expect(body.buckets[1].kWh).toBeCloseTo(0.235, 6);
      expect(body.buckets[7].kWh).toBeCloseTo(0.235, 6);
    } finally {
      await second.stop();
    }
  });
});

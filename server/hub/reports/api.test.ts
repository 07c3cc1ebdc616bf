import { FakeClock } from '../../http/clock.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const base = '/api/manager/reports';
const HOUR = 3_600_000;

describe('reports manager', () => {
  let hub: TestHub;
  const clock = new FakeClock(Date.UTC(2026, 10, 23, 10, 30));
  const auth = () => bearer(hub.token);
  const device = (name: string) => hub.hub.store.values('device').find((candidate) => candidate.name === name)!;
  const record = (deviceId: string, name: string, category: string, hour: number, kWh: number) =>
    hub.hub.energy.usage.add([{ deviceId, name, zone: 'zone-1', category, hour, kWh }]);

  beforeAll(async () => {
    hub = await startTestHub({ clock });
    await hub.http().put('/api/manager/energy/option/electricityPriceFixed').set(auth()).send({ value: 0.3 }).expect(204);
  });
  afterAll(() => hub.stop());

  it('when nothing was recorded, then the summary is empty and a month is 404', async () => {
    await hub.http().get(`${base}/monthlyreportsummary`).set(auth()).expect(200, {});
    const { body } = await hub.http().get(`${base}/monthlyreport/2026-10`).set(auth()).expect(404);
    expect(body).toMatchObject({ error: 'not_found', error_description: 'Monthly report of 2026-10 not found', statusCode: 404 });
  });

  it('when devices used electricity over two months, then the summary lists both and the report compares with the month before', async () => {
    record('heater-1', 'Heater', 'heater', Date.UTC(2026, 8, 10, 8), 10);
    record('heater-1', 'Heater', 'heater', Date.UTC(2026, 9, 3, 8), 6);
    record('lamp-1', 'Lamp', 'light', Date.UTC(2026, 9, 20, 19), 2);
    const coffee = device('Coffee machine');
    await hub.http().put(`/api/manager/devices/device/${coffee.id}/capability/onoff`).set(auth()).send({ value: true }).expect(204);
    clock.advance(2 * HOUR);
    await hub.http().put(`/api/manager/devices/device/${coffee.id}/capability/onoff`).set(auth()).send({ value: false }).expect(204);

    const summary = await hub.http().get(`${base}/monthlyreportsummary`).set(auth()).expect(200);
    expect(Object.keys(summary.body)).toEqual(['2026-09', '2026-10', '2026-11']);
    expect(summary.body['2026-10']).toEqual({ id: '2026-10', kWh: 8, cost: expect.closeTo(2.4, 6), currency: expect.any(String) });
    expect(summary.body['2026-11'].kWh).toBeGreaterThan(2.4);

    const october = await hub.http().get(`${base}/monthlyreport/2026-10`).set(auth()).expect(200);
    expect(october.body).toMatchObject({
      id: '2026-10',
      periodStart: '2026-10-01T00:00:00.000Z',
      periodEnd: '2026-11-01T00:00:00.000Z',
      kWh: 8,
      previousMonthKWh: 10,
      changePercent: -20,
      topDevices: [{ id: 'heater-1', name: 'Heater', kWh: 6, cost: expect.closeTo(1.8, 6) }, { id: 'lamp-1', name: 'Lamp', kWh: 2, cost: expect.closeTo(0.6, 6) }],
      categories: { heater: { id: 'heater', kWh: 6, cost: expect.closeTo(1.8, 6) }, light: { id: 'light', kWh: 2, cost: expect.closeTo(0.6, 6) } },
    });
    const september = await hub.http().get(`${base}/monthlyreport/2026-09`).set(auth()).expect(200);
    expect(september.body).toMatchObject({ kWh: 10, previousMonthKWh: null, changePercent: null });
    const november = await hub.http().get(`${base}/monthlyreport/2026-11`).set(auth()).expect(200);
    expect(november.body.kWh).toBe(summary.body['2026-11'].kWh);
    expect(november.body.topDevices).toContainEqual({ id: coffee.id, name: 'Coffee machine', kWh: expect.closeTo(2.4, 6), cost: expect.any(Number) });
    expect(november.body.previousMonthKWh).toBe(8);
  });

  it('when the month is not YYYY-MM, then 400', async () => {
    for (const id of ['2026-13', 'oct-26', '2026_10']) {
      const { body } = await hub.http().get(`${base}/monthlyreport/${id}`).set(auth()).expect(400);
      expect(body).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('id'), statusCode: 400 });
    }
  });

  it('when the caller lacks homey.insights.readonly, then both are 403', async () => {
    const other = bearer(hub.tokenWith(['homey.system.readonly']));
    await hub.http().get(`${base}/monthlyreportsummary`).set(other).expect(403);
    await hub.http().get(`${base}/monthlyreport/2026-10`).set(other).expect(403);
    await hub.http().get(`${base}/monthlyreport/2026-10`).set(bearer(hub.tokenWith(['homey.insights.readonly']))).expect(200);
  });
});

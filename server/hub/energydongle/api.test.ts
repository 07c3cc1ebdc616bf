import { FakeClock } from '../../http/clock.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { ensureDemoEnergyDongle } from './demo.js';
import { FRAME_INTERVAL_MS, INSTALL_MS, LATEST_FIRMWARE, REBOOT_MS } from './dongles.js';
import { unseenLoad } from './meter.js';
import { crc16 } from './telegram.js';

const base = '/api/manager/energydongle';

describe('energy dongle manager', () => {
  let hub: TestHub;
  let clock: FakeClock;
  let owner: ReturnType<typeof bearer>;
  let dongleId: string;
  beforeAll(async () => {
    clock = new FakeClock(Date.parse('2026-11-24T10:00:00.000Z'));
    hub = await startTestHub({ clock });
    owner = bearer(hub.token);
    dongleId = ensureDemoEnergyDongle(hub.hub)!.id;
  });
  afterAll(() => hub.stop());

  /** Moves the hub's clock a telegram at a time until the call answers (its answer waits on the clock). */
  async function whileTelegramsCome<T>(call: PromiseLike<T>): Promise<T> {
    let settled = false;
    const answer = Promise.resolve(call).finally(() => {
      settled = true;
    });
    while (!settled) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (!settled) clock.advance(FRAME_INTERVAL_MS);
    }
    return answer;
  }
  const nextFrame = (timeout = '15000') => whileTelegramsCome(hub.http().get(`${base}/${dongleId}/next-frame`).query({ timeout }).set(owner));
  const live = async () => (await hub.http().get('/api/manager/energy/live').set(owner).expect(200)).body;

  it('when the meter sends a telegram, then the dongle reads it: a DSMR telegram with its CRC, the home as the energy manager sees it plus the unseen load', async () => {
    const { status, body: frame } = await nextFrame();
    expect(status).toBe(200);
    const [telegram, crc] = [frame.telegram.slice(0, frame.telegram.lastIndexOf('!') + 1), frame.telegram.slice(frame.telegram.lastIndexOf('!') + 1).trim()];
    expect(telegram.startsWith('/SIM5')).toBe(true);
    expect(crc).toBe(crc16(telegram));
    expect(frame.telegram).toContain(`1-0:1.7.0(${(frame.values.powerDelivered / 1000).toFixed(3).padStart(6, '0')}*kW)`);
    const report = await live();
    expect(frame.values.powerDelivered).toBeCloseTo(report.W + unseenLoad(Date.parse(frame.time)), 0);
    expect(frame.values.phases.map((phase: { id: string }) => phase.id)).toEqual(['l1', 'l2', 'l3']);
    // The dongle measures the whole home: the live report shows it as the home's meter, not as one more device.
    expect(report.devices[dongleId]).toBeUndefined();
    // The device holds the last telegram read (the clock may have moved one on since this one).
    const device = (await hub.http().get(`/api/manager/devices/device/${dongleId}`).set(owner).expect(200)).body;
    const measured = device.capabilitiesObj.measure_power.value;
    expect(measured).toBeCloseTo(report.W + unseenLoad(Date.parse(device.capabilitiesObj.measure_power.lastUpdated)), 0);
    expect(report.cumulative).toEqual({ W: measured, devices: { [dongleId]: expect.objectContaining({ W: measured, approximated: false }) } });
    expect(device.capabilitiesObj.meter_power.value).toBeGreaterThanOrEqual(frame.values.energyDeliveredTariff1 + frame.values.energyDeliveredTariff2 - 0.0005);
  });

  it('when a device of the home turns on, then the next telegrams carry its power and the counters run on', async () => {
    const { body: before } = await nextFrame();
    const coffee = hub.hub.store.values('device').find((device) => device.name === 'Coffee machine')!;
    await hub.http().put(`/api/manager/devices/device/${coffee.id}/capability/onoff`).set(owner).send({ value: true }).expect(204);
    // A minute on: the gas counter (0.25 m³ an hour, told in litres) moves past its rounding, as one 10 s telegram
    // need not.
    clock.advance(60_000);
    const { body: after } = await nextFrame();
    expect(after.values.powerDelivered - unseenLoad(Date.parse(after.time))).toBeCloseTo(before.values.powerDelivered - unseenLoad(Date.parse(before.time)) + 1200, 0);
    expect(after.values.energyDeliveredTariff2).toBeGreaterThan(before.values.energyDeliveredTariff2);
    expect(after.values.gas).toBeGreaterThan(before.values.gas);
  });

  it('when the phase load passes the threshold with notifications on, then one notification tells, and the load is in % of the fuse', async () => {
    await hub.http().put(`${base}/option/phaseLoadNotificationSettings`).set(owner).send({ value: { enabled: true, threshold: 50 } }).expect(204);
    expect((await hub.http().get(`${base}/option/phaseLoadNotificationSettings`).set(owner).expect(200)).body).toEqual({ value: { enabled: true, threshold: 50 } });
    const coffee = hub.hub.store.values('device').find((device) => device.name === 'Coffee machine')!;
    await hub.http().put(`/api/manager/devices/device/${coffee.id}/capability/onoff`).set(owner).send({ value: true }).expect(204);
    const { body: limits } = await hub.http().put(`${base}/${dongleId}/phase-load`).set(owner).send({ phasesConfigured: 1, capacity: 6 }).expect(200);
    expect(limits).toMatchObject({ phasesConfigured: 1, capacity: 6 });
    await nextFrame();
    await nextFrame();
    const { body: load } = await hub.http().get(`${base}/${dongleId}/phase-load`).set(owner).expect(200);
    expect(Object.keys(load.load)).toEqual(['l1']);
    expect(load.load.l1).toBeGreaterThan(50);
    const warnings = hub.hub.store.values('notification').filter((notification) => notification.ownerUri === 'homey:manager:energydongle');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.excerpt).toMatch(/^Energy dongle: phase L1 is loaded at \d+ % of its 6 A$/);
    await hub.http().delete(`${base}/option/phaseLoadNotificationSettings`).set(owner).expect(204);
    expect((await hub.http().get(`${base}/option/phaseLoadNotificationSettings`).set(owner).expect(200)).body).toEqual({ value: { enabled: false, threshold: 90 } });
  });

  it('when the UART settings are not the meter\'s, then nothing is read until discovery finds them again', async () => {
    const { body: manual } = await hub.http().post(`${base}/${dongleId}/uart-config`).set(owner).send({ baudRate: 9600, dataBits: 7, parity: 'even', persistent: false }).expect(200);
    expect(manual).toMatchObject({ baudRate: 9600, dataBits: 7, parity: 'even', mode: 'manual' });
    const lost = await nextFrame('25000');
    expect(lost.status).toBe(503);
    const { body: report } = await whileTelegramsCome(hub.http().post(`${base}/${dongleId}/diagnostic-report`).set(owner).send({ timeout: 15000 }));
    expect(report).toMatchObject({ deviceId: dongleId, frame: null, uart: { baudRate: 9600 } });
    expect(report.framesFailed).toBeGreaterThan(0);
    expect((await hub.http().post(`${base}/${dongleId}/restart-settings-discovery`).set(owner).expect(200)).body.mode).toBe('discovering');
    expect((await nextFrame()).status).toBe(200);
    expect((await hub.http().get(`${base}/${dongleId}/uart-config`).set(owner).expect(200)).body).toMatchObject({ baudRate: 115200, dataBits: 8, parity: 'none', mode: 'auto' });
  });

  it('when settings that are not persistent are set and the dongle reboots, then it reads nothing while rebooting and comes back with the kept ones', async () => {
    await hub.http().post(`${base}/${dongleId}/uart-config`).set(owner).send({ baudRate: 9600, persistent: false }).expect(200);
    await hub.http().post(`${base}/${dongleId}/reboot`).set(owner).expect(204);
    clock.advance(REBOOT_MS);
    expect((await hub.http().get(`${base}/${dongleId}/uart-config`).set(owner).expect(200)).body).toMatchObject({ baudRate: 115200, mode: 'auto' });
    expect((await nextFrame()).status).toBe(200);
  });

  it('when newer firmware is installed, then the dongle reads nothing while it installs, runs it after, and a second install is a 409', async () => {
    expect((await hub.http().get(`${base}/${dongleId}/firmware-update`).set(owner).expect(200)).body).toEqual({ current: '1.2.0', latest: LATEST_FIRMWARE, updateAvailable: true, installing: false });
    expect((await hub.http().post(`${base}/${dongleId}/firmware-update`).set(owner).send({ updateThroughReboot: true }).expect(200)).body.installing).toBe(true);
    await hub.http().post(`${base}/${dongleId}/firmware-update`).set(owner).send({}).expect(409);
    expect((await nextFrame('20000')).status).toBe(503);
    clock.advance(INSTALL_MS + REBOOT_MS);
    expect((await hub.http().get(`${base}/${dongleId}/firmware-update`).set(owner).expect(200)).body).toEqual({ current: LATEST_FIRMWARE, latest: LATEST_FIRMWARE, updateAvailable: false, installing: false });
    await hub.http().post(`${base}/${dongleId}/firmware-update`).set(owner).send({}).expect(409);
  });

  it('when a device is not an energy dongle, or unknown, then 404; a bad setting is a 400', async () => {
    const lamp = hub.hub.store.values('device').find((device) => device.name === 'Ceiling light')!;
    for (const id of [lamp.id, 'nope']) {
      const res = await hub.http().get(`${base}/${id}/uart-config`).set(owner).expect(404);
      expect(res.body).toMatchObject({ error: 'not_found', statusCode: 404 });
    }
    await hub.http().post(`${base}/${dongleId}/uart-config`).set(owner).send({ baudRate: 12345 }).expect(400);
    await hub.http().put(`${base}/${dongleId}/phase-load`).set(owner).send({ phasesConfigured: 2, capacity: 25 }).expect(400);
    await hub.http().put(`${base}/option/phaseLoadNotificationSettings`).set(owner).send({ value: { enabled: true, threshold: 20 } }).expect(400);
  });
});

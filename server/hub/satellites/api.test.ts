import { FakeClock } from '../../http/clock.js';
import { onCapabilityChanged } from '../devices/device.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { REPORT_INTERVAL_MS } from './satellites.js';

const base = '/api/manager/satellites';
const SERIAL = 'HB2301A0001';

describe('satellites manager', () => {
  let hub: TestHub;
  let clock: FakeClock;
  let owner: ReturnType<typeof bearer>;
  beforeAll(async () => {
    clock = new FakeClock(Date.parse('2026-11-24T10:00:00.000Z'));
    hub = await startTestHub({ clock });
    owner = bearer(hub.token);
  });
  afterAll(() => hub.stop());
  const state = async () => (await hub.http().get(`${base}/state`).set(owner).expect(200)).body;
  const log = async () => (await hub.http().post(`${base}/debug`).set(owner).send({ serial: SERIAL }).expect(200)).body;

  it('when the demo home runs, then its garden bridge is listed, connected once it has reported', async () => {
    const garden = hub.hub.store.values('zone').find((zone) => zone.name === 'Garden')!;
    expect((await state()).satellites[SERIAL]).toEqual({
      serial: SERIAL, name: 'Garden bridge', zone: garden.id, peripherals: ['zigbee', 'rf433', 'infrared'], connected: false, lastSeen: null,
      debugLogging: { zigbee: false, rf433: false, infrared: false },
    });
    clock.advance(REPORT_INTERVAL_MS);
    expect((await state()).satellites[SERIAL]).toMatchObject({ connected: true, lastSeen: '2026-11-24T10:01:00.000Z' });
  });

  it('when debug logging is on for a peripheral, then each report logs the frames its devices sent; off, nothing more', async () => {
    await hub.http().put(`${base}/debug`).set(owner).send({ serial: SERIAL, peripheral: 'zigbee', enabled: true }).expect(204);
    expect((await state()).satellites[SERIAL].debugLogging).toEqual({ zigbee: true, rf433: false, infrared: false });
    const lamp = hub.hub.store.values('device').find((device) => device.name === 'Ceiling light')!;
    // What the lamp's values did, as the devices manager tells it: a dim level can switch it on too.
    let sent = 0;
    const stop = onCapabilityChanged(hub.hub, ({ device }) => {
      if (device.id === lamp.id) sent += 1;
    });
    await hub.http().put(`/api/manager/devices/device/${lamp.id}/capability/onoff`).set(owner).send({ value: true }).expect(204);
    await hub.http().put(`/api/manager/devices/device/${lamp.id}/capability/dim`).set(owner).send({ value: 0.5 }).expect(204);
    stop();
    expect(sent).toBeGreaterThanOrEqual(2);
    clock.advance(REPORT_INTERVAL_MS);
    const { lines } = await log();
    expect(lines).toEqual([{ time: '2026-11-24T10:02:00.000Z', peripheral: 'zigbee', message: `heartbeat, ${sent} frames relayed since the last report` }]);
    await hub.http().put(`${base}/debug`).set(owner).send({ enabled: false }).expect(204);
    clock.advance(REPORT_INTERVAL_MS);
    expect((await log()).lines).toHaveLength(1);
  });

  it('when a satellite or peripheral is unknown, then 404 or 400', async () => {
    await hub.http().post(`${base}/debug`).set(owner).send({ serial: 'nope' }).expect(404);
    await hub.http().put(`${base}/debug`).set(owner).send({ serial: 'nope', enabled: true }).expect(404);
    await hub.http().put(`${base}/debug`).set(owner).send({ serial: SERIAL, peripheral: 'zwave', enabled: true }).expect(400);
    await hub.http().put(`${base}/debug`).set(owner).send({ serial: SERIAL }).expect(400);
  });
});

import { FakeClock } from '../../http/clock.js';
import { INTERVIEW_MS } from '../radios/network.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

describe('z-wave inclusion and exclusion through the drivers manager', () => {
  const clock = new FakeClock(Date.parse('2026-11-23T17:00:00Z'));
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  const sessions = '/api/manager/drivers/pairsession';
  beforeAll(async () => {
    hub = await startTestHub({ clock });
  });
  afterAll(() => hub.stop());

  it('when a socket is included while a pair session searches, then it becomes a device that follows its reports; unpairing excludes it', async () => {
    const session = (await hub.http().post(sessions).set(auth()).send({ type: 'pair', driverId: 'homey:manager:vdevice:socket' }).expect(200)).body;
    const search = async () => (await hub.http().post(`${sessions}/${session.id}/emit`).set(auth()).send({ event: 'list_devices' }).expect(200)).body;
    await search();
    expect((await hub.http().get('/api/manager/zwave/state').set(auth()).expect(200)).body.inclusionUntil).toBe('2026-11-23T17:01:00.000Z');
    const { body: node } = await hub.http().post('/api/manager/zwave/simulator/node').set(auth()).send({ driver: 'socket' }).expect(200);
    clock.advance(INTERVIEW_MS);
    const [found] = await search();
    expect(found).toEqual({ name: 'Fibaro FGWPE-102', data: { id: `zwave:${node.id}` } });
    const { body: device } = await hub.http().post(`${sessions}/${session.id}/device`).set(auth()).send(found).expect(200);
    const report = await hub.http().post(`/api/manager/zwave/simulator/node/${node.id}/report`).set(auth()).send({ values: { measure_power: 42.5 } }).expect(200);
    expect(report.body.deviceId).toBe(device.id);
    expect((await hub.http().get(`/api/manager/devices/device/${device.id}`).set(auth()).expect(200)).body.capabilitiesObj.measure_power.value).toBe(42.5);

    await hub.http().delete(`/api/manager/zwave/simulator/node/${node.id}`).set(auth()).expect(204);
    expect((await hub.http().get(`/api/manager/devices/device/${device.id}`).set(auth()).expect(200)).body).toMatchObject({ available: false, unavailableMessage: 'The device left the Z-Wave network' });

    await hub.http().post('/api/manager/zwave/command').set(auth()).send({ command: 'startInclusion' }).expect(200);
    const { body: again } = await hub.http().post('/api/manager/zwave/simulator/node').set(auth()).send({ driver: 'socket' }).expect(200);
    clock.advance(INTERVIEW_MS);
    const unpair = (await hub.http().post(sessions).set(auth()).send({ type: 'unpair', driverId: 'homey:manager:vdevice:socket', deviceId: device.id }).expect(200)).body;
    await hub.http().delete(`${sessions}/${unpair.id}/device`).set(auth()).expect(204);
    expect((await hub.http().get('/api/manager/zwave/state').set(auth()).expect(200)).body.nodes).toHaveProperty(again.id);
  });
});

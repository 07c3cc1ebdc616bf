import { FakeClock } from '../../http/clock.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { INTERVIEW_MS } from './network.js';

describe('pairing a device from a radio node', () => {
  const clock = new FakeClock(Date.parse('2026-11-23T17:00:00Z'));
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  const sessions = '/api/manager/drivers/pairsession';
  beforeAll(async () => {
    hub = await startTestHub({ clock });
  });
  afterAll(() => hub.stop());

  async function openSession(type: 'pair' | 'repair', driver: string, deviceId?: string): Promise<string> {
    const { body } = await hub.http().post(sessions).set(auth()).send({ type, driverId: `homey:manager:vdevice:${driver}`, deviceId }).expect(200);
    await hub.http().post(`${sessions}/${body.id}/emit`).set(auth()).send({ event: 'list_devices' }).expect(200);
    return body.id;
  }
  const join = async (radio: string, driver: string) => (await hub.http().post(`/api/manager/${radio}/simulator/node`).set(auth()).send({ driver }).expect(200)).body.id as string;
  const add = (session: string, id: string) => hub.http().post(`${sessions}/${session}/device`).set(auth()).send({ name: 'Sensor', data: { id } });

  it('when the data names no node, a node still interviewed, a node of another driver or another radio, then it is refused', async () => {
    const session = await openSession('pair', 'contact');
    expect((await add(session, 'zigbee:0011223344556677').expect(400)).body.error_description).toBe('No node 0011223344556677 is on the zigbee network: let it join first');
    const contact = await join('zigbee', 'contact');
    expect((await add(session, `zigbee:${contact}`).expect(409)).body.error_description).toBe(`Node ${contact} is still being interviewed`);
    const motion = await join('zigbee', 'motion');
    clock.advance(INTERVIEW_MS);
    expect((await add(session, `zigbee:${motion}`).expect(400)).body.error_description).toBe(`Node ${motion} is a motion, not a device of homey:manager:vdevice:contact`);
    expect((await add(session, 'zwave:5').expect(400)).body.error_description).toBe('A door and window sensor does not use zwave: zwave:5 is no device of it');
    await add(session, `zigbee:${contact}`).expect(200);
  });

  it('when a paired node left and joins again, then a repair session links its device to the new node, which it follows again', async () => {
    const session = await openSession('pair', 'thermostat');
    const first = await join('zwave', 'thermostat');
    clock.advance(INTERVIEW_MS);
    const { body: device } = await add(session, `zwave:${first}`).expect(200);
    await hub.http().post('/api/manager/zwave/command').set(auth()).send({ command: 'removeNode', opts: { id: first } }).expect(200);
    expect((await hub.http().get(`/api/manager/devices/device/${device.id}`).set(auth()).expect(200)).body.available).toBe(false);

    const repair = await openSession('repair', 'thermostat', device.id);
    const again = await join('zwave', 'thermostat');
    expect(again).not.toBe(first);
    await add(repair, `zwave:${first}`).expect(400);
    clock.advance(INTERVIEW_MS);
    const { body: repaired } = await add(repair, `zwave:${again}`).expect(200);
    expect(repaired).toMatchObject({ id: device.id, available: true, data: { id: `zwave:${again}` } });
    const report = await hub.http().post(`/api/manager/zwave/simulator/node/${again}/report`).set(auth()).send({ values: { measure_temperature: 19.5 } }).expect(200);
    expect(report.body.deviceId).toBe(device.id);
    expect((await hub.http().get(`/api/manager/devices/device/${device.id}`).set(auth()).expect(200)).body.capabilitiesObj.measure_temperature.value).toBe(19.5);
  });
});

describe('a pair session of a radio driver on the hub clock', () => {
  it('when the hub clock passes five silent minutes, then the session has expired', async () => {
    const clock = new FakeClock(Date.parse('2026-11-23T17:00:00Z'));
    const hub = await startTestHub({ clock });
    try {
      const { body: session } = await hub.http().post('/api/manager/drivers/pairsession').set(bearer(hub.token)).send({ type: 'pair', driverId: 'homey:manager:vdevice:light' }).expect(200);
      expect(session.expiresAt).toBe('2026-11-23T17:05:00.000Z');
      clock.advance(5 * 60_000);
      expect((await hub.http().get(`/api/manager/drivers/pairsession/${session.id}`).set(bearer(hub.token)).expect(404)).body.error_description).toBe('Pair session expired: start a new one');
    } finally {
      await hub.stop();
    }
  });
});

describe('the hardware of a paired device', () => {
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());
  const lamp = async () => (Object.values((await hub.http().get('/api/manager/devices/device').set(auth()).expect(200)).body) as any[]).find((device) => device.name === 'Reading lamp');
  const node = async (id: string) => (await hub.http().get('/api/manager/zigbee/state').set(auth()).expect(200)).body.nodes[id];

  it('when a value is set on the device, then its node gets it and confirms; removing the device excludes the node, as the log tells', async () => {
    const device = await lamp();
    const nodeId = device.data.id.slice('zigbee:'.length);
    expect((await node(nodeId)).lastReport.onoff).toBe(false);
    await hub.http().put(`/api/manager/devices/device/${device.id}/capability/onoff`).set(auth()).send({ value: true }).expect(204);
    expect((await node(nodeId)).lastReport).toMatchObject({ onoff: true, dim: 0.6 });

    await hub.http().put('/api/manager/zwave/log').set(auth()).send({ enabled: true }).expect(204);
    const radiator = (Object.values((await hub.http().get('/api/manager/devices/device').set(auth()).expect(200)).body) as any[]).find((candidate) => candidate.name === 'Hallway radiator');
    await hub.http().put(`/api/manager/devices/device/${radiator.id}/capability/target_temperature`).set(auth()).send({ value: 20.5 }).expect(204);
    const unpair = (await hub.http().post('/api/manager/drivers/pairsession').set(auth()).send({ type: 'unpair', driverId: radiator.driverId, deviceId: radiator.id }).expect(200)).body;
    await hub.http().delete(`/api/manager/drivers/pairsession/${unpair.id}/device`).set(auth()).expect(204);
    const radiatorNode = radiator.data.id.slice('zwave:'.length);
    expect((await hub.http().get('/api/manager/zwave/state').set(auth()).expect(200)).body.nodes).not.toHaveProperty(radiatorNode);
    expect((await hub.http().get('/api/manager/zwave/log').set(auth()).expect(200)).body.lines.map((line: { message: string }) => line.message)).toEqual([
      'Log started',
      `Node ${radiatorNode} set target_temperature=20.5`,
      `Node ${radiatorNode} excluded: its device Hallway radiator was removed`,
    ]);
  });
});

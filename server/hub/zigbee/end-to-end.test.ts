import { FakeClock } from '../../http/clock.js';
import { INTERVIEW_MS } from '../radios/network.js';
import { connectRealtime, type ClientVersion } from '../testing/realtime-client.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

describe.each<ClientVersion>(['v2', 'v4'])('a simulated Zigbee device, seen by a socket.io %s client', (version) => {
  const clock = new FakeClock(Date.parse('2026-11-23T17:00:00Z'));
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  beforeAll(async () => {
    hub = await startTestHub({ clock });
  });
  afterAll(() => hub.stop());

  it('when it joins through the API, is paired and reports, then the value reaches the realtime client; unpairing excludes it', async () => {
    const session = (await hub.http().post('/api/manager/drivers/pairsession').set(auth()).send({ type: 'pair', driverId: 'homey:manager:vdevice:temperature' }).expect(200)).body;
    const emit = async () => (await hub.http().post(`/api/manager/drivers/pairsession/${session.id}/emit`).set(auth()).send({ event: 'list_devices' }).expect(200)).body;
    expect((await emit()).every((found: { data: { id: string } }) => !found.data.id.startsWith('zigbee:'))).toBe(true);

    const { body: node } = await hub.http().post('/api/manager/zigbee/simulator/node').set(auth()).send({ driver: 'temperature' }).expect(200);
    expect(await emit()).not.toContainEqual(expect.objectContaining({ data: { id: `zigbee:${node.id}` } }));
    clock.advance(INTERVIEW_MS);
    const found = await emit();
    expect(found[0]).toEqual({ name: 'Aqara WSDCGQ11LM', data: { id: `zigbee:${node.id}` } });
    const { body: device } = await hub.http().post(`/api/manager/drivers/pairsession/${session.id}/device`).set(auth()).send(found[0]).expect(200);
    expect(device).toMatchObject({ name: 'Aqara WSDCGQ11LM', driverId: 'homey:manager:vdevice:temperature', data: { id: `zigbee:${node.id}` } });
    expect(await emit()).not.toContainEqual(found[0]);

    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    try {
      expect((await client.request('subscribe', `homey:device:${device.id}`))[0]).toBeNull();
      expect((await client.request('subscribe', 'homey:manager:devices'))[0]).toBeNull();
      const capability = client.next(`homey:device:${device.id}`, (event) => event === 'capability');
      const update = client.next('homey:manager:devices', (event, data) => event === 'device.update' && data.id === device.id);
      const [error, result] = await client.request('api', {
        uri: 'homey:manager:zigbee',
        operation: 'reportSimulatedNode',
        args: { id: node.id, values: { measure_temperature: 22.5 } },
      });
      expect(error).toBeNull();
      expect(result).toMatchObject({ deviceId: device.id });
      expect((await capability).data).toMatchObject({ capabilityId: 'measure_temperature', value: 22.5, transactionTime: expect.any(String) });
      expect((await update).data.capabilitiesObj.measure_temperature.value).toBe(22.5);
    } finally {
      client.close();
    }

    const unpair = (await hub.http().post('/api/manager/drivers/pairsession').set(auth()).send({ type: 'unpair', driverId: 'homey:manager:vdevice:temperature', deviceId: device.id }).expect(200)).body;
    await hub.http().delete(`/api/manager/drivers/pairsession/${unpair.id}/device`).set(auth()).expect(204);
    const { body: zigbee } = await hub.http().get('/api/manager/zigbee/state').set(auth()).expect(200);
    expect(zigbee.nodes).not.toHaveProperty(node.id);
  });
});

import { FakeClock } from '../../http/clock.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

describe('ble manager', () => {
  const clock = new FakeClock(Date.parse('2026-11-23T17:00:00Z'));
  let hub: TestHub;
  const auth = (token = hub.token) => bearer(token);
  const readonly = () => auth(hub.tokenWith(['homey.system.readonly']));
  const api = '/api/manager/ble';
  const command = (body: object) => hub.http().post(`${api}/command`).set(auth()).send(body);

  beforeAll(async () => {
    hub = await startTestHub({ clock });
  });
  afterAll(() => hub.stop());

  it('when simulated peripherals advertise, then discovery lists them strongest first, filters by service and find answers one', async () => {
    expect((await command({ command: 'discover' }).expect(200)).body).toEqual({ advertisements: [] });
    const { body: flower } = await hub.http().post(`${api}/simulator/advertisement`).set(auth()).send({ address: 'c4:7c:8d:6a:12:f3', localName: 'Flower care', rssi: -80, serviceUuids: ['fe95'] }).expect(200);
    expect(flower).toEqual({ address: 'c4:7c:8d:6a:12:f3', localName: 'Flower care', rssi: -80, serviceUuids: ['fe95'], connectable: false, gatt: null, addedAt: '2026-11-23T17:00:00.000Z' });
    await hub.http().post(`${api}/simulator/advertisement`).set(auth()).send({ address: 'a4:c1:38:00:11:22' }).expect(200);
    const { body: found } = await command({ command: 'discover', opts: {} }).expect(200);
    expect(found.advertisements.map((ad: { address: string }) => ad.address)).toEqual(['a4:c1:38:00:11:22', 'c4:7c:8d:6a:12:f3']);
    expect((await command({ command: 'discover', opts: { serviceUuid: 'FE95' } }).expect(200)).body.advertisements).toEqual([flower]);
    await command({ command: 'find', opts: { address: 'C4:7C:8D:6A:12:F3' } }).expect(200, flower);
    const { body: state } = await hub.http().get(`${api}/state`).set(readonly()).expect(200);
    expect(state.lastDiscoveryAt).toBe('2026-11-23T17:00:00.000Z');
    expect(Object.keys(state.advertisements)).toHaveLength(2);
    await hub.http().delete(`${api}/simulator/advertisement/C4:7C:8D:6A:12:F3`).set(auth()).expect(204);
    await command({ command: 'find', opts: { address: 'c4:7c:8d:6a:12:f3' } }).expect(404);
    await hub.http().delete(`${api}/simulator/advertisement/c4:7c:8d:6a:12:f3`).set(auth()).expect(404);
  });

  it('when a simulated peripheral has a GATT server, then it is connectable, with its values and their defaults', async () => {
    const { body } = await hub.http().post(`${api}/simulator/advertisement`).set(auth()).send({ address: 'a4:c1:38:5d:20:1e', localName: 'Thermo', gatt: { profile: 'thermometer', batteryLevel: 40 } }).expect(200);
    expect(body).toMatchObject({ connectable: true, gatt: { profile: 'thermometer', deviceName: 'Thermo', temperature: 21, batteryLevel: 40 } });
    await hub.http().post(`${api}/simulator/advertisement`).set(auth()).send({ address: 'a4:c1:38:5d:20:1e', gatt: { profile: 'heartrate' } }).expect(400);
    await hub.http().post(`${api}/simulator/advertisement`).set(auth()).send({ address: 'a4:c1:38:5d:20:1e', gatt: { profile: 'thermometer', temperature: 200 } }).expect(400);
    await hub.http().delete(`${api}/simulator/advertisement/a4:c1:38:5d:20:1e`).set(auth()).expect(204);
  });

  it('when input is bad, then 400; without the scope 403', async () => {
    expect((await command({ command: 'scan' }).expect(400)).body.error_description).toBe('Unknown command: scan (known: discover, find)');
    await command({ command: 'find', opts: {} }).expect(400);
    await command({ command: 'discover', opts: { serviceUuid: 5 } }).expect(400);
    await command({}).expect(400);
    await hub.http().post(`${api}/simulator/advertisement`).set(auth()).send({ address: 'not a mac' }).expect(400);
    await hub.http().post(`${api}/simulator/advertisement`).set(auth()).send({ address: 'a4:c1:38:00:11:22', rssi: 5 }).expect(400);
    await hub.http().post(`${api}/command`).set(readonly()).send({ command: 'discover' }).expect(403);
    await hub.http().post(`${api}/simulator/advertisement`).set(readonly()).send({ address: 'a4:c1:38:00:11:22' }).expect(403);
    await hub.http().delete(`${api}/simulator/advertisement/a4:c1:38:00:11:22`).set(readonly()).expect(403);
    await hub.http().get(`${api}/state`).set(auth(hub.tokenWith(['homey.device']))).expect(403);
  });
});

import type { Device } from '../devices/device.js';
import { connectRealtime } from '../testing/realtime-client.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import type { PairSession } from './pairing.js';

describe('virtual drivers without hardware: a button and a dummy socket', () => {
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  const base = '/api/manager/drivers/pairsession';

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  async function pair(driver: string): Promise<Device> {
    const { body: session } = await hub.http().post(base).set(auth()).send({ type: 'pair', driverId: `homey:manager:vdevice:${driver}` }).expect(200);
    const { body: found } = await hub.http().post(`${base}/${(session as PairSession).id}/emit`).set(auth()).send({ event: 'list_devices' }).expect(200);
    const { body: device } = await hub.http().post(`${base}/${(session as PairSession).id}/device`).set(auth()).send(found[0]).expect(200);
    return device;
  }
  const press = (device: Device) =>
    hub.http().put(`/api/manager/devices/device/${device.id}/capability/button`).set(auth()).send({ value: true, transactionId: 'press' }).expect(204);

  it('when a virtual button is paired and pressed twice, then each press is heard as true then false, and a flow it triggers runs each time', async () => {
    const button = await pair('button');
    expect(button).toMatchObject({ class: 'button', capabilities: ['button'], capabilitiesObj: { button: { value: false, setable: true } } });
    const light = hub.hub.store.values('device').find((device) => device.name === 'Kitchen spots')!;
    const uri = `homey:device:${button.id}`;
    await hub.http().post('/api/manager/flow/flow').set(auth()).send({
      name: 'Button toggles the spots',
      trigger: { uri, id: `${uri}:button_true` },
      actions: [{ uri: `homey:device:${light.id}`, id: `homey:device:${light.id}:toggle` }],
    }).expect(200);
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id);
    const heard: Array<[unknown, unknown]> = [];
    client.api.on(uri, (event: string, data: { value: unknown; transactionId: unknown }) => {
      if (event === 'capability') heard.push([data.value, data.transactionId]);
    });
    try {
      expect((await client.request('subscribe', uri))[0]).toBeNull();
      const spotsOn = () => hub.hub.store.get('device', light.id)!.capabilitiesObj.onoff!.value;
      const before = spotsOn();
      await press(button);
      expect(spotsOn()).toBe(!before);
      await press(button);
      await client.request('subscribe', uri); // a round trip: the presses' events arrived before its answer
      expect(heard.map(([value]) => value)).toEqual([true, false, true, false]);
      expect(heard[0]![1]).toBe('press');
      expect(hub.hub.store.get('device', button.id)!.capabilitiesObj.button!.value).toBe(false);
      expect(spotsOn()).toBe(before);
    } finally {
      client.close();
    }
  });

  it('when a dummy socket is paired, then it switches on and off with nothing behind it and draws no power', async () => {
    const socket = await pair('dummysocket');
    expect(socket).toMatchObject({ class: 'socket', capabilities: ['onoff'] });
    await hub.http().put(`/api/manager/devices/device/${socket.id}/capability/onoff`).set(auth()).send({ value: true }).expect(204);
    const { body } = await hub.http().get(`/api/manager/devices/device/${socket.id}/capability/onoff`).set(auth()).expect(200);
    expect(body).toBe(true);
    const bad = await hub.http().put(`/api/manager/devices/device/${socket.id}/capability/onoff`).set(auth()).send({ value: 'on' }).expect(400);
    expect(bad.body.error_description).toBe('onoff needs true or false, not "on"');
  });
});

import { seedDemoRadios } from './radios.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

describe('the demo home’s radios', () => {
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  const get = async (path: string) => (await hub.http().get(path).set(auth()).expect(200)).body;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  async function devicesByName(): Promise<Map<string, any>> {
    const devices = Object.values(await get('/api/manager/devices/device')) as any[];
    return new Map(devices.map((device) => [device.name, device]));
  }
  const zoneName = async (id: string) => (await get(`/api/manager/zones/zone/${id}`)).name;

  it('when the demo home starts, then its Zigbee and Z-Wave nodes are interviewed, closed networks and paired devices of their zones', async () => {
    const devices = await devicesByName();
    const expected: Array<[radio: string, name: string, zone: string, driver: string, model: string]> = [
      ['zigbee', 'Reading lamp', 'Living room', 'light', 'TRADFRI bulb E27 WS 806lm'],
      ['zigbee', 'Kitchen climate', 'Kitchen', 'temperature', 'WSDCGQ11LM'],
      ['zigbee', 'Back door', 'Kitchen', 'contact', 'MCCGQ11LM'],
      ['zwave', 'Bathroom radiator', 'Bathroom', 'thermostat', 'LC-13'],
      ['zwave', 'Hallway radiator', 'Hallway', 'thermostat', 'LC-13'],
      ['zwave', 'Back door lock', 'Kitchen', 'lock', 'YRD256'],
    ];
    for (const radio of ['zigbee', 'zwave']) {
      const state = await get(`/api/manager/${radio}/state`);
      expect(state[radio === 'zigbee' ? 'permitJoinUntil' : 'inclusionUntil']).toBeNull();
      const rows = expected.filter((row) => row[0] === radio);
      expect(Object.keys(state.nodes)).toHaveLength(rows.length);
      for (const [, name, zone, driver, model] of rows) {
        const device = devices.get(name);
        expect(device).toMatchObject({ driverId: `homey:manager:vdevice:${driver}`, available: true, data: { id: expect.stringMatching(new RegExp(`^${radio}:`)) } });
        expect(await zoneName(device.zone)).toBe(zone);
        const node = state.nodes[device.data.id.slice(radio.length + 1)];
        expect(node).toMatchObject({ driver, model, status: 'ready', endpoints: expect.any(Array), lastReport: expect.any(Object) });
        for (const [capabilityId, value] of Object.entries(node.lastReport)) expect(device.capabilitiesObj[capabilityId].value).toBe(value);
      }
    }
    expect(devices.get('Bathroom radiator').capabilitiesObj.target_temperature.value).toBe(22);
    expect(await get('/api/manager/drivers/state')).toMatchObject({ pairSessionCount: 0 });
  });

  it('when a demo node reports, then its device follows, as any paired hardware', async () => {
    const lamp = (await devicesByName()).get('Reading lamp');
    const nodeId = lamp.data.id.slice('zigbee:'.length);
    await hub.http().post(`/api/manager/zigbee/simulator/node/${nodeId}/report`).set(auth()).send({ values: { onoff: true } }).expect(200);
    expect((await get(`/api/manager/devices/device/${lamp.id}`)).capabilitiesObj.onoff.value).toBe(true);
  });

  it('when the demo home starts, then a Matter bulb is commissioned on its Thread network and a remote’s signal is recorded', async () => {
    expect(await get('/api/manager/thread/state')).toMatchObject({ enabled: true, role: 'leader', network: { networkName: 'Homey Demo', channel: 15 } });
    const nodes = Object.values(await get('/api/manager/matter/nodes')) as any[];
    expect(nodes).toEqual([expect.objectContaining({ productName: 'Essentials A19', transport: 'thread', interviewed: true, deviceId: expect.any(String) })]);
    const [bulb] = nodes;
    expect(bulb.fabrics.map((fabric: { label: string }) => fabric.label)).toEqual(['Homey', 'Apple Home']);
    const device = await get(`/api/manager/devices/device/${bulb.deviceId}`);
    expect(device).toMatchObject({ name: 'Hallway pendant', driverId: 'homey:manager:vdevice:light', data: { id: `matter:${bulb.id}` } });
    expect(await zoneName(device.zone)).toBe('Hallway');
    expect((await get('/api/manager/thread/topology')).nodes).toEqual([{ id: bulb.id, name: 'Essentials A19', role: 'child' }]);
    expect(await get(`/api/manager/matter/node/${bulb.id}/firmware-update`)).toEqual({ currentVersion: 3, availableVersion: 4 });
    expect(await get('/api/manager/rf/state')).toMatchObject({ signalCount: 1, recording: [] });
    const [signal] = Object.values(await get('/api/manager/rf/signal')) as Array<{ frequency: string; data: number[] }>;
    expect(signal).toMatchObject({ frequency: '433', data: expect.arrayContaining([350, 1050]) });
    expect(signal!.data).toHaveLength(50);
  });

  it('when the radios are seeded again or the hub restarts, then nothing is added', async () => {
    const count = async () => Object.keys(await get('/api/manager/devices/device')).length;
    const before = await count();
    seedDemoRadios(hub.hub);
    expect(await count()).toBe(before);
    await hub.stop({ keepData: true });
    hub = await startTestHub({ dataDir: hub.dataDir });
    expect(await count()).toBe(before);
    expect(Object.keys((await get('/api/manager/zigbee/state')).nodes)).toHaveLength(3);
    expect((await get('/api/manager/rf/state')).signalCount).toBe(1);
  });
});

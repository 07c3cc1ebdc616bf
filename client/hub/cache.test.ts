import { startTestHub, type TestHub } from '../../server/hub/testing/test-hub.js';
import { HubAPI } from './hub-api.js';
import { Realtime } from './realtime.js';

async function until(condition: () => Promise<boolean> | boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('item cache and shared reads against a real hub', () => {
  let hub: TestHub;
  let writer: HubAPI;
  let root: string;
  beforeAll(async () => {
    hub = await startTestHub();
    writer = await HubAPI.connect({ address: hub.url, token: hub.token });
    root = (await writer.zones.getState()).rootZoneId;
  });
  afterAll(() => hub.stop());
  afterEach(() => jest.restoreAllMocks());

  it('when 100 identical reads are made at once, then one reaches the hub and all get its answer; writes are never shared', async () => {
    const fetches = jest.spyOn(globalThis, 'fetch');
    const reader = await HubAPI.connect({ address: hub.url, token: hub.token });
    fetches.mockClear();
    const answers = await Promise.all(Array.from({ length: 100 }, () => reader.zones.getZones()));
    expect(fetches).toHaveBeenCalledTimes(1);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    await Promise.all([reader.zones.getZone({ id: root }), reader.zones.getZones()]);
    expect(fetches).toHaveBeenCalledTimes(3);
    await Promise.all(['A', 'B'].map((name) => reader.zones.createZone({ zone: { name, icon: 'home', parent: root } })));
    expect(fetches).toHaveBeenCalledTimes(5);
  });

  it('when the manager is subscribed and connected, then reads come from the cache, which events keep current', async () => {
    const reader = await HubAPI.connect({ address: hub.url, token: hub.token });
    const calls = jest.spyOn(Realtime.prototype, 'call');
    await reader.zones.connect();
    try {
      const zones = await reader.zones.getZones();
      expect(calls).toHaveBeenCalledTimes(1);
      expect(await reader.zones.getZones()).toEqual(zones);
      expect(await reader.zones.getZone({ id: root })).toEqual(zones[root]);
      expect(calls).toHaveBeenCalledTimes(1);

      const porch = await writer.zones.createZone({ zone: { name: 'Porch', icon: 'home', parent: root } });
      await until(async () => porch.id in (await reader.zones.getZones()));
      await writer.zones.updateZone({ id: porch.id, zone: { name: 'Veranda' } });
      await until(async () => (await reader.zones.getZone({ id: porch.id })).name === 'Veranda');
      await writer.zones.deleteZone({ id: porch.id });
      await until(async () => !(porch.id in (await reader.zones.getZones())));
      expect(calls).toHaveBeenCalledTimes(1);
    } finally {
      await reader.zones.disconnect();
    }
    await reader.zones.getZones();
    await reader.zones.getZones();
    expect(calls).toHaveBeenCalledTimes(3);
    reader.destroy();
  });

  it('when the manager is not subscribed, then every read goes to the hub', async () => {
    const reader = await HubAPI.connect({ address: hub.url, token: hub.token });
    await reader.connect();
    const calls = jest.spyOn(Realtime.prototype, 'call');
    await reader.zones.getZones();
    await reader.zones.getZones();
    expect(calls).toHaveBeenCalledTimes(2);
    reader.destroy();
  });
});

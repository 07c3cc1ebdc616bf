import { createHub } from '../../server/hub/core/hub.js';
import { startTestHub, type TestHub } from '../../server/hub/testing/test-hub.js';
import { Device } from './device.js';
import { HubAPI } from './hub-api.js';
import { eventually } from '../../server/hub/apps/testing/eventually.js';
import { FAKE_TIMEOUTS_ONLY } from '../testing/fake-timeouts.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Device and capability instances against a real hub', () => {
  let hub: TestHub;
  let api: HubAPI;
  let writer: HubAPI;
  let lampId: string;
  beforeAll(async () => {
    hub = await startTestHub();
    api = await HubAPI.connect({ address: hub.url, token: hub.token });
    writer = await HubAPI.connect({ address: hub.url, token: hub.token });
    lampId = Object.values(await writer.devices.getDevices()).find((device) => device.name === 'Kitchen spots')!.id;
  });
  afterAll(async () => {
    api.destroy();
    await hub.stop();
  });

  it('when a capability changes on the hub, then its instance has the new value and lastChanged and its listener hears it', async () => {
    const device = await Device.get(api, lampId);
    expect(device).toMatchObject({ id: lampId, name: 'Kitchen spots', zone: expect.any(String), driverId: expect.any(String) });
    const heard: unknown[] = [];
    const onoff = await device.makeCapabilityInstance('onoff', (value) => heard.push(value));
    expect(onoff).toMatchObject({ id: 'onoff', value: false });
    const before = Date.now();
    await writer.devices.setCapabilityValue({ deviceId: lampId, capabilityId: 'onoff', value: true });
    for (let i = 0; i < 100 && !heard.length; i++) await sleep(10);
    expect(heard).toEqual([true]);
    expect(onoff.value).toBe(true);
    expect(onoff.lastChanged!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    await onoff.setValue(false);
    for (let i = 0; i < 100 && heard.length < 2; i++) await sleep(10);
    expect(heard).toEqual([true, false]);
    onoff.destroy();
  });

  it('when refreshes are asked in a burst, then one read after 1 s, and only for data older than 2.5 s', async () => {
    let now = 0;
    const device = await Device.get(api, lampId, { now: () => now });
    const heard: unknown[] = [];
    const dim = await device.makeCapabilityInstance('dim', (value) => heard.push(value));
    const reads = jest.spyOn(api.devices, 'getDevice');
    try {
      jest.useFakeTimers(FAKE_TIMEOUTS_ONLY);
      device.scheduleRefresh();
      await jest.advanceTimersByTimeAsync(1100);
      expect(reads).not.toHaveBeenCalled();

      now = 2_600;
      // Changed behind the client's back (straight in the hub's store): only a refresh can see it.
      const stored = hub.hub.store.get('device', lampId) as unknown as { capabilitiesObj: { dim: { value: number } } };
      const changed = { ...stored, capabilitiesObj: { ...stored.capabilitiesObj, dim: { ...stored.capabilitiesObj.dim, value: 0.3 } } };
      hub.hub.store.save('device', changed as never);
      device.scheduleRefresh();
      await jest.advanceTimersByTimeAsync(500);
      device.scheduleRefresh();
      await jest.advanceTimersByTimeAsync(999);
      expect(reads).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(1);
      expect(reads).toHaveBeenCalledTimes(1);
      jest.useRealTimers();
      await eventually(() => expect(dim.value).toBe(0.3));
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
      reads.mockRestore();
      dim.destroy();
    }
  });

  it('when the connection comes back after a while, then the device refreshes itself and its instances get what changed meanwhile', async () => {
    const first = await startTestHub();
    const port = Number(new URL(first.url).port);
    const client = await HubAPI.connect({ address: first.url, token: first.token });
    const spotsId = Object.values(await client.devices.getDevices()).find((device) => device.name === 'Kitchen spots')!.id;
    let now = 0;
    const device = await Device.get(client, spotsId, { now: () => now });
    const heard: unknown[] = [];
    const dim = await device.makeCapabilityInstance('dim', (value) => heard.push(value));
    const reconnected = new Promise<void>((resolve) => client.onRealtimeState((state) => state === 'connected' && resolve()));

    await first.stop({ keepData: true });
    const second = createHub({ demoHome: true, validateResponses: true, development: true, dataDir: first.dataDir });
    await second.listen(port);
    try {
      const stored = second.hub.store.get('device', spotsId) as unknown as { capabilitiesObj: { dim: object } };
      second.hub.store.save('device', { ...stored, capabilitiesObj: { ...stored.capabilitiesObj, dim: { ...stored.capabilitiesObj.dim, value: 0.4 } } } as never);
      now = 3_000;
      await reconnected;
      for (let i = 0; i < 300 && !heard.length; i++) await sleep(10);
      expect(heard).toEqual([0.4]);
      expect(dim.value).toBe(0.4);
    } finally {
      dim.destroy();
      client.destroy();
      await second.close();
    }
  });
});

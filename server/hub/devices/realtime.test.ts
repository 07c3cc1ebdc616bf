import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { connectRealtime, type ClientVersion } from '../testing/realtime-client.js';
import type { Device } from './device.js';

describe.each<ClientVersion>(['v2', 'v4'])('devices over realtime with a socket.io %s client', (version) => {
  let hub: TestHub;
  const named = (name: string) => hub.hub.store.values('device').find((device) => device.name === name)!;

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when a capability is set over HTTP, then the device uri gets `capability` and the manager uri gets `device.update`', async () => {
    const light = named('Hallway light');
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    try {
      expect((await client.request('subscribe', `homey:device:${light.id}`))[0]).toBeNull();
      expect((await client.request('subscribe', 'homey:manager:devices'))[0]).toBeNull();
      const capability = client.next(`homey:device:${light.id}`, (event, data) => event === 'capability' && data.capabilityId === 'onoff');
      const updated = client.next('homey:manager:devices', (event, data) => event === 'device.update' && data.id === light.id);
      const updates: unknown[] = [];
      client.api.on('homey:manager:devices', (event: string, data: { id: string }) => {
        if (event === 'device.update' && data.id === light.id) updates.push(data);
      });
      const before = Date.now();
      await hub.http().put(`/api/manager/devices/device/${light.id}/capability/onoff`)
        .set(bearer(hub.token)).send({ value: true, transactionId: `tx-${version}` }).expect(204);
      const { data } = await capability;
      expect(data).toEqual({ capabilityId: 'onoff', value: true, transactionId: `tx-${version}`, transactionTime: expect.any(String) });
      expect(Date.parse(data.transactionTime)).toBeGreaterThanOrEqual(before - 1000);
      const device = (await updated).data as Device;
      expect(device.capabilitiesObj.onoff).toMatchObject({ value: true, lastUpdated: data.transactionTime });
      expect(device).toMatchObject({ id: light.id, name: 'Hallway light', capabilities: light.capabilities });
      await client.request('api', { uri: 'homey:manager:devices', operation: 'getState', args: {} });
      expect(updates).toHaveLength(1);
    } finally {
      client.close();
    }
  });

  it("when a capability is set, then the device's uri hears only the small `capability` events, and a change of the device itself as an `update`", async () => {
    const light = named('Hallway light');
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    try {
      expect((await client.request('subscribe', `homey:device:${light.id}`))[0]).toBeNull();
      const heard: string[] = [];
      client.api.on(`homey:device:${light.id}`, (event: string) => heard.push(event));
      const renamed = client.next(`homey:device:${light.id}`, (event) => event === 'update');
      await hub.http().put(`/api/manager/devices/device/${light.id}/capability/dim`).set(bearer(hub.token)).send({ value: 0.42 }).expect(204);
      await hub.http().put(`/api/manager/devices/device/${light.id}`).set(bearer(hub.token)).send({ name: `Hall ${version}` }).expect(200);
      // A dim above 0 turns the light on too: two values, one save, and no whole device; then the rename's.
      expect((await renamed).data).toMatchObject({ id: light.id, name: `Hall ${version}`, capabilitiesObj: { dim: { value: 0.42 } } });
      expect(heard).toEqual(['capability', 'capability', 'update']);
    } finally {
      client.close();
    }
  });

  it('when setCapabilityValue is called over the socket with named arguments, then the ack is empty and the value is set', async () => {
    const blinds = named('Bedroom blinds');
    const client = await connectRealtime(hub.url, hub.tokenWith(['homey'], 'guest'), hub.hub.id, version);
    try {
      await client.request('subscribe', `homey:device:${blinds.id}`);
      const capability = client.next(`homey:device:${blinds.id}`, (event) => event === 'capability');
      const [error, result] = await client.request('api', {
        uri: 'homey:manager:devices',
        operation: 'setCapabilityValue',
        args: { deviceId: blinds.id, capabilityId: 'windowcoverings_set', value: 0.75, transactionId: 'socket-1', $validate: true },
      });
      expect(error).toBeNull();
      expect(result ?? null).toBeNull();
      expect((await capability).data).toMatchObject({ capabilityId: 'windowcoverings_set', value: 0.75, transactionId: 'socket-1' });
      const [, value] = await client.request('api', { uri: 'homey:manager:devices', operation: 'getCapabilityValue', args: { deviceId: blinds.id, capabilityId: 'windowcoverings_set' } });
      expect(value).toBe(0.75);
      const [invalid] = await client.request('api', { uri: 'homey:manager:devices', operation: 'setCapabilityValue', args: { deviceId: blinds.id, capabilityId: 'windowcoverings_set', value: 3 } });
      expect(invalid).toMatchObject({ error: 'invalid_request', error_description: 'windowcoverings_set must be between 0 and 1, not 3', statusCode: 400 });
      const [missing] = await client.request('api', { uri: 'homey:manager:devices', operation: 'setCapabilityValue', args: { deviceId: blinds.id, capabilityId: 'windowcoverings_set' } });
      expect(missing).toMatchObject({ error_description: 'Missing argument: value', statusCode: 400 });
      const [rename] = await client.request('api', { uri: 'homey:manager:devices', operation: 'updateDevice', args: { id: blinds.id, device: { name: 'Mine' } } });
      expect(rename).toMatchObject({ error: 'insufficient_scope', statusCode: 403 });
    } finally {
      client.close();
    }
  });
});

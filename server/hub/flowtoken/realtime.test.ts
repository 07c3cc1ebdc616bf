import { connectRealtime, type ClientVersion } from '../testing/realtime-client.js';
import { startTestHub, type TestHub } from '../testing/test-hub.js';
import { registerAppToken } from './app-tokens.js';

describe.each<ClientVersion>(['v2', 'v4'])('flow tokens over realtime with a socket.io %s client', (version) => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when a variable comes, changes and goes, then subscribers get flowtoken.create, .update and .delete', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    const call = (operation: string, args: Record<string, unknown>) => client.request('api', { uri: 'homey:manager:logic', operation, args });
    // The variables' tokens only: the test hub's apps announce theirs while they start.
    const next = (event: string) => client.next('homey:manager:flowtoken', (name, data) => name === event && String(data?.id).startsWith('homey:manager:logic:'));
    try {
      expect((await client.request('subscribe', 'homey:manager:flowtoken'))[0]).toBeNull();
      const created = next('flowtoken.create');
      const [, variable] = (await call('createVariable', { variable: { name: 'Guests', type: 'number', value: 2 } })) as [unknown, { id: string }];
      const id = `homey:manager:logic:${variable.id}`;
      expect((await created).data).toEqual({ id, uri: 'homey:manager:logic', ownerUri: 'homey:manager:logic', ownerId: 'logic', title: 'Guests', type: 'number', value: 2, uriObj: { type: 'manager', id: 'logic', name: 'Logic' } });

      const updated = next('flowtoken.update');
      await call('updateVariable', { id: variable.id, variable: { name: 'Visitors', value: 3 } });
      expect((await updated).data).toMatchObject({ id, title: 'Visitors', value: 3 });

      const deleted = next('flowtoken.delete');
      await call('deleteVariable', { id: variable.id });
      expect((await deleted).data).toEqual({ id });
    } finally {
      client.close();
    }
  });

  it("when a device's capability changes, then only its token is updated; when the device goes, its tokens are deleted", async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    const device = hub.hub.store.values('device').find((candidate) => candidate.name === 'Kitchen spots')!;
    const uri = `homey:device:${device.id}`;
    const events: Array<{ event: string; id: string }> = [];
    client.api.on('homey:manager:flowtoken', (event: string, data: { id: string }) => events.push({ event, id: data.id }));
    try {
      expect((await client.request('subscribe', 'homey:manager:flowtoken'))[0]).toBeNull();
      const updated = client.next('homey:manager:flowtoken', (_name, data) => data.id === `${uri}:onoff`);
      const [setError] = await client.request('api', {
        uri: 'homey:manager:devices', operation: 'setCapabilityValue', args: { deviceId: device.id, capabilityId: 'onoff', value: true },
      });
      expect(setError).toBeNull();
      expect(await updated).toEqual({ event: 'flowtoken.update', data: expect.objectContaining({ id: `${uri}:onoff`, type: 'boolean', value: true }) });
      expect(events.every(({ event }) => event === 'flowtoken.update')).toBe(true);
      expect(events.map((event) => event.id).every((id) => id.startsWith(uri))).toBe(true);

      const gone = client.next('homey:manager:flowtoken', (name, data) => name === 'flowtoken.delete' && data.id === `${uri}:light_temperature`);
      await client.request('api', { uri: 'homey:manager:devices', operation: 'deleteDevice', args: { id: device.id } });
      await gone;
      expect(events.filter(({ event }) => event === 'flowtoken.delete').map(({ id }) => id).sort()).toEqual(device.capabilities.map((capability) => `${uri}:${capability}`).sort());
    } finally {
      client.close();
    }
  });

  it('when an app registers, updates and unregisters a token, then subscribers hear each; reads over the socket take raw colons', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    // This app's tokens only: the test hub's own apps announce theirs while they start.
    const next = (event: string) => client.next('homey:manager:flowtoken', (name, data) => name === event && String(data?.id).startsWith('homey:app:com.example.weather:'));
    try {
      expect((await client.request('subscribe', 'homey:manager:flowtoken'))[0]).toBeNull();
      const created = next('flowtoken.create');
      const registered = registerAppToken(hub.hub, 'com.example.weather', { id: 'rain', title: 'Rain chance', type: 'number', value: 10 });
      expect((await created).data).toEqual(registered.token);
      const updated = next('flowtoken.update');
      registered.update({ value: 40 });
      expect((await updated).data).toMatchObject({ value: 40 });
      const [readError, value] = await client.request('api', { uri: 'homey:manager:flowtoken', operation: 'getFlowTokenValue', args: { id: registered.token.id } });
      expect([readError, value]).toEqual([null, 40]);
      const deleted = next('flowtoken.delete');
      registered.unregister();
      expect((await deleted).data).toEqual({ id: registered.token.id });
      const [missing] = await client.request('api', { uri: 'homey:manager:flowtoken', operation: 'getFlowToken', args: { id: registered.token.id } });
      expect(missing).toMatchObject({ error: 'not_found', statusCode: 404 });
    } finally {
      client.close();
    }
  });
});

import { startTestHub, type TestHub } from '../testing/test-hub.js';
import { connectRealtime, type ClientVersion } from '../testing/realtime-client.js';

describe.each<ClientVersion>(['v2', 'v4'])('zones over realtime with a socket.io %s client', (version) => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when a zone is created over the api event, then subscribers get zone.create and the ack carries the item', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    try {
      const [subscribeError] = await client.request('subscribe', 'homey:manager:zones');
      expect(subscribeError).toBeNull();
      const [, state] = await client.request('api', { uri: 'homey:manager:zones', operation: 'getState', args: {} });
      const created = client.next('homey:manager:zones', (event) => event === 'zone.create');
      const [error, zone] = await client.request('api', {
        uri: 'homey:manager:zones',
        operation: 'createZone',
        args: { zone: { name: 'Shed', icon: 'shed', parent: (state as { rootZoneId: string }).rootZoneId }, $validate: true },
      });
      expect(error).toBeNull();
      expect(zone).toMatchObject({ name: 'Shed' });
      expect((await created).data).toEqual(zone);
    } finally {
      client.close();
    }
  });

  it('when arguments are invalid or the scope is missing, then the ack carries the error body', async () => {
    const client = await connectRealtime(hub.url, hub.tokenWith(['homey.zone.readonly']), hub.hub.id, version);
    try {
      const [invalid] = await client.request('api', { uri: 'homey:manager:zones', operation: 'getZone', args: {} });
      expect(invalid).toMatchObject({ error: 'invalid_request', error_description: 'Missing argument: id', statusCode: 400 });
      const [missing] = await client.request('api', { uri: 'homey:manager:zones', operation: 'createZone', args: { zone: {} } });
      expect(missing).toMatchObject({ error: 'insufficient_scope', statusCode: 403 });
      const [unknown] = await client.request('api', { uri: 'homey:manager:zones', operation: 'getZone', args: { id: 'nope' } });
      expect(unknown).toMatchObject({ error: 'not_found', statusCode: 404 });
    } finally {
      client.close();
    }
  });

  it('when the token is bad, then handshakeClient fails with 401', async () => {
    await expect(connectRealtime(hub.url, 'bad-token', hub.hub.id, version)).rejects.toMatchObject({ body: { statusCode: 401 } });
  });
});

import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { connectRealtime, type ClientVersion } from '../testing/realtime-client.js';

const uri = 'homey:manager:system';

describe.each<ClientVersion>(['v2', 'v4'])('system manager over realtime with a socket.io %s client', (version) => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when calls go over the api event, then the acks carry exactly the HTTP bodies', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    try {
      expect(await client.request('api', { uri, operation: 'ping', args: {} })).toEqual([null, true]);
      expect(await client.request('api', { uri, operation: 'ping', args: { id: 'another-hub' } })).toEqual([null, false]);
      const [, info] = await client.request('api', { uri, operation: 'getInfo', args: { $validate: true } });
      expect(info).toMatchObject({ id: hub.hub.id, homeyVersion: hub.hub.version, homeyPlatform: 'local' });
      const [error, name] = await client.request('api', { uri, operation: 'setSystemName', args: { name: `Socket ${version}`, query: {} } });
      expect(error).toBeNull();
      expect(name).toBe(`Socket ${version}`);
      const { body } = await hub.http().get('/api/manager/system/name').set(bearer(hub.token)).expect(200);
      expect(body).toBe(name);
      const [, report] = await client.request('api', { uri, operation: 'sendLog', args: { append: 'over the socket' } });
      expect(report).toMatch(/over the socket$/);
    } finally {
      client.close();
    }
  });

  it('when arguments are invalid or the scope is missing, then the ack carries the error body', async () => {
    const client = await connectRealtime(hub.url, hub.tokenWith(['homey.system.readonly']), hub.hub.id, version);
    try {
      const [subscribed] = await client.request('subscribe', uri);
      expect(subscribed).toBeNull();
      const [missing] = await client.request('api', { uri, operation: 'setSystemName', args: {} });
      expect(missing).toMatchObject({ error: 'insufficient_scope', statusCode: 403 });
      const [state] = await client.request('api', { uri, operation: 'getState', args: {} });
      expect(state).toBeNull();
    } finally {
      client.close();
    }
    const owner = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    try {
      const [noName] = await owner.request('api', { uri, operation: 'setSystemName', args: {} });
      expect(noName).toMatchObject({ error: 'invalid_request', error_description: 'Missing argument: name', statusCode: 400 });
      const [badMask] = await owner.request('api', { uri, operation: 'setDebugMask', args: { mask: 9 } });
      expect(badMask).toMatchObject({ error: 'invalid_request', statusCode: 400 });
      const [badPort] = await owner.request('api', { uri, operation: 'setOptionForwardedPort', args: { value: '443' } });
      expect(badPort).toMatchObject({ error: 'invalid_request', statusCode: 400 });
    } finally {
      owner.close();
    }
  });
});

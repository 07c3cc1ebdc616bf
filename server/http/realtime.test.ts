import { connectRealtime, type RealtimeClient } from '../hub/testing/realtime-client.js';
import { startTestHub, type TestHub } from '../hub/testing/test-hub.js';

/** Keys every plain object inherits: in a uri they must be ordinary misses (STYLE.md rule 19). */
const inheritedKeys = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

describe('realtime kernel', () => {
  let hub: TestHub;
  let client: RealtimeClient;
  beforeAll(async () => {
    hub = await startTestHub();
    client = await connectRealtime(hub.url, hub.token, hub.hub.id);
  });
  afterAll(async () => {
    client.close();
    await hub.stop();
  });

  it.each(inheritedKeys)('when a socket subscribes to a manager or item type named %s, then the ack is a 404 like any unknown uri', async (key) => {
    for (const uri of [`homey:manager:${key}`, `homey:${key}:some-id`]) {
      const [error] = await client.request('subscribe', uri);
      expect(error).toMatchObject({ error: 'not_found', error_description: `Unknown uri: ${uri}`, statusCode: 404 });
    }
  });

  it('when handshakeClient is emitted 20 times on one connection, then each succeeds and the connection keeps its close listeners', async () => {
    const [socket] = hub.io.of('/').sockets.values();
    const closeListeners = socket!.conn.listenerCount('close');
    for (let i = 0; i < 20; i++) {
      const answer = await new Promise((resolve) =>
        client.root.emit('handshakeClient', { token: hub.token, homeyId: hub.hub.id }, (error: unknown, result: unknown) => resolve([error, result])),
      );
      expect(answer).toEqual([null, { namespace: '/api' }]);
    }
    expect(socket!.conn.listenerCount('close')).toBe(closeListeners);
    const [error] = await client.request('subscribe', 'homey:manager:zones');
    expect(error).toBeNull();
  });
});

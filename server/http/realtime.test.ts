import { connectRealtime, type RealtimeClient } from '../hub/testing/realtime-client.js';
import { startTestHub, type TestHub } from '../hub/testing/test-hub.js';
import { MAX_SUBSCRIPTIONS_PER_SOCKET } from './realtime.js';

/** Keys every plain object inherits: in a uri they must be ordinary misses (STYLE.md rule 19). */
const inheritedKeys = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

describe('realtime kernel', () => {
  let hub: TestHub;
  let client: RealtimeClient;
  beforeAll(async () => {
    hub = await startTestHub({ demoApps: true });
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

  /** The rooms the hub holds for sockets other than their own rooms. */
  const subscriptionRooms = () => [...hub.io.of('/api').adapter.rooms.keys()].filter((room) => !hub.io.of('/api').sockets.has(room));

  it('when a socket subscribes to items that do not exist, then each ack is a 404 and no room is made; managers, apps and existing items subscribe', async () => {
    const before = subscriptionRooms();
    const missing = ['homey:device:no-such-device', 'homey:zone:nope', 'homey:app:com.example.none', 'homey:flowcardtrigger:homey:device:nope:onoff_true', 'homey:flowtoken:homey:device:nope:onoff'];
    for (const uri of missing) {
      const [error] = await client.request('subscribe', uri);
      expect(error).toMatchObject({ error: 'not_found', statusCode: 404 });
    }
    expect(subscriptionRooms()).toEqual(before);

    const { body: devices } = await hub.http().get('/api/manager/devices/device').set('Authorization', `Bearer ${hub.token}`).expect(200);
    const device = Object.values(devices as Record<string, { id: string }>)[0]!;
    const { body: triggers } = await hub.http().get('/api/manager/flow/flowcardtrigger').set('Authorization', `Bearer ${hub.token}`).expect(200);
    const trigger = Object.values(triggers as Record<string, { id: string }>)[0]!;
    for (const uri of ['homey:manager:devices', 'homey:app:com.example.suntimes', `homey:device:${device.id}`, `homey:flowcardtrigger:${trigger.id}`]) {
      expect(await client.request('subscribe', uri)).toEqual([null, undefined]);
    }
    const reader = await connectRealtime(hub.url, hub.tokenWith(['homey.zone.readonly']), hub.hub.id);
    const [forbidden] = await reader.request('subscribe', `homey:device:${device.id}`);
    expect(forbidden).toMatchObject({ error: 'insufficient_scope', statusCode: 403 });
    reader.close();
  });

  it(`when a socket holds ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions, then another is refused until it leaves one; one it holds is acked`, async () => {
    const ids = Array.from({ length: MAX_SUBSCRIPTIONS_PER_SOCKET }, (_, i) => `folder-${i}`);
    hub.hub.store.transaction(() => ids.forEach((id) => hub.hub.store.insert('flowfolder', { id, name: id, order: 0, parent: null })));
    const socket = await connectRealtime(hub.url, hub.token, hub.hub.id);
    const answers = await Promise.all(ids.map((id) => socket.request('subscribe', `homey:flowfolder:${id}`)));
    expect(answers.filter(([error]) => error !== null)).toEqual([]);
    const [refused] = await socket.request('subscribe', 'homey:manager:zones');
    expect(refused).toMatchObject({ error: 'too_many_subscriptions', statusCode: 429 });
    expect(await socket.request('subscribe', 'homey:flowfolder:folder-0')).toEqual([null, undefined]);
    socket.api.emit('unsubscribe', 'homey:flowfolder:folder-0');
    expect(await socket.request('subscribe', 'homey:manager:zones')).toEqual([null, undefined]);
    socket.close();
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

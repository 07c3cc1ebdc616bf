import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io } from 'socket.io-client';
import { connectRealtime } from '../hub/testing/realtime-client.js';
import type { Session } from './api.js';
import { Dispatcher } from './dispatcher.js';
import { EventBus } from './events.js';
import { HostAllowList } from './hosts.js';
import { attachRealtime } from './realtime.js';
import { ContractValidator } from './validator.js';

/** The socket's sessions and event fan-out on a server with no API: only the kernel's own stages answer. */
describe('Realtime sessions', () => {
  const sessions = new Map<string, Session>([['good', { id: 'good', scopes: [] }], ['other', { id: 'other', scopes: [] }]]);
  const bus = new EventBus();
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer();
    attachRealtime(server, {
      dispatcher: new Dispatcher({}, undefined, ({ session, remoteAddress }) => ({ session, remoteAddress })),
      validator: new ContractValidator([]),
      hosts: new HostAllowList(),
      bus,
      hubId: 'hub-1',
      authenticate: (token) => sessions.get(token) ?? null,
      admitSubscription: () => undefined,
      development: false,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('when a handshake names another hub or an unknown token, then 400 invalid_homey and 401 invalid_token', async () => {
    await expect(connectRealtime(url, 'good', 'hub-2')).rejects.toMatchObject({ body: { error: 'invalid_homey', statusCode: 400 } });
    await expect(connectRealtime(url, 'nobody', 'hub-1')).rejects.toMatchObject({ body: { error: 'invalid_token', statusCode: 401 } });
  });

  it('when a socket joins /api without a handshake, then it is refused with 401', async () => {
    const socket = io(`${url}/api`, { transports: ['websocket'], reconnection: false, forceNew: true });
    try {
      const error = await new Promise<{ data?: unknown }>((resolve) => socket.once('connect_error', resolve));
      expect(error.data).toEqual({ error: 'unauthorized', error_description: 'Emit handshakeClient on / first', statusCode: 401 });
    } finally {
      socket.close();
    }
  });

  it("when a subscribed socket's session is revoked, then the room's next events go to the others and it is disconnected", async () => {
    const [kept, revoked] = await Promise.all([connectRealtime(url, 'good', 'hub-1'), connectRealtime(url, 'other', 'hub-1')]);
    try {
      for (const client of [kept, revoked]) expect(await client.request('subscribe', 'homey:manager:zones')).toEqual([null, undefined]);
      const heard = kept.next('homey:manager:zones');
      const gone = new Promise((resolve) => revoked.api.once('disconnect', resolve));
      sessions.delete('other');
      bus.publish('homey:manager:zones', 'session.delete', { id: 'other' });
      expect(await heard).toEqual({ event: 'session.delete', data: { id: 'other' } });
      await gone;
    } finally {
      kept.close();
      revoked.close();
    }
  });
});

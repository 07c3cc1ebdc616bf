import { createServer, request, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startTestHub, type TestHub } from '../../server/hub/testing/test-hub.js';
import type { APIError } from '../errors.js';
import { HubAPI } from './hub-api.js';
import { Realtime, type TransportEvent } from './realtime.js';

const urlOf = (server: Server | TcpServer) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const listening = <S extends Server | TcpServer>(server: S) => new Promise<S>((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));

/** Every transport event a client reports, and a way to wait for one. */
function recorder(api: { onRealtimeEvent?: HubAPI['onRealtimeEvent']; onTransportEvent?: Realtime['onTransportEvent'] }) {
  const seen: Array<{ event: TransportEvent; error: APIError }> = [];
  const waiters: Array<() => void> = [];
  (api.onRealtimeEvent ?? api.onTransportEvent)!.call(api, (event, error) => {
    seen.push({ event, error });
    for (const wake of waiters.splice(0)) wake();
  });
  const next = async (event: TransportEvent) => {
    for (;;) {
      const found = seen.find((entry) => entry.event === event);
      if (found) return found.error;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { seen, next };
}

/** A proxy in front of the hub that passes HTTP (long-polling) but refuses every websocket upgrade. */
function noWebsocketProxy(target: string): Server {
  const { host } = new URL(target);
  const proxy = createServer((req, res) => {
    const upstream = request(`${target}${req.url}`, { method: req.method, headers: { ...req.headers, host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  proxy.on('upgrade', (_req, socket) => socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n'));
  return proxy;
}

describe('the realtime transport layer: its errors and events surface with their texts', () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when no transport is allowed, then connect_error No transports available, and connect fails with Homey Offline', async () => {
    const api = await HubAPI.connect({ address: hub.url, token: hub.token, realtime: { transports: [] } });
    const events = recorder(api);
    await expect(api.connect()).rejects.toMatchObject({ message: 'Homey Offline', description: 'No transports available', statusCode: 500 });
    expect((await events.next('connect_error')).message).toBe('No transports available');
    expect(api.realtimeState).toBe('disconnected');
  });

  it('when nothing listens at the address, then connect_error with the transport text', async () => {
    const closed = await listening(createServer());
    const address = urlOf(closed);
    await new Promise((resolve) => closed.close(resolve));
    const api = HubAPI.open({ address, id: hub.hub.id, token: hub.token });
    const events = recorder(api);
    await expect(api.connect()).rejects.toMatchObject({ message: 'Homey Offline', description: 'websocket error' });
    expect((await events.next('connect_error')).message).toBe('websocket error');
  });

  it('when the server accepts the connection but never answers, then connect_error timeout, connect_timeout, and a TimeoutError', async () => {
    const silent = await listening(createTcpServer(() => undefined));
    try {
      const realtime = new Realtime({ address: urlOf(silent), token: hub.token, homeyId: hub.hub.id, timeouts: { connect: 200 } });
      const events = recorder(realtime);
      await expect(realtime.connect()).rejects.toMatchObject({ name: 'TimeoutError', message: 'Timeout after 200ms', statusCode: 408 });
      expect((await events.next('connect_error')).message).toBe('timeout');
      expect(await events.next('connect_timeout')).toMatchObject({ message: 'Timeout after 200ms', statusCode: 408 });
      expect(events.seen.map(({ event }) => event)).toEqual(['connect_error', 'connect_timeout']);
    } finally {
      silent.close();
    }
  });

  it('when the client is closed while it connects, then the connect ends with Not connected after connect', async () => {
    const api = await HubAPI.connect({ address: hub.url, token: hub.token });
    const subscribing = api.zones.connect();
    api.destroy();
    await expect(subscribing).rejects.toThrow(new Error('Not connected after connect'));
    expect(api.realtimeState).toBe('disconnected');
    await api.zones.connect();
    expect(api.realtimeState).toBe('connected');
    api.destroy();
  });

  it('when a connected socket receives a frame that is no engine.io packet, then error parser error, and it reconnects', async () => {
    const api = await HubAPI.connect({ address: hub.url, token: hub.token });
    const events = recorder(api);
    try {
      await api.connect();
      // engine.io's sockets by id are internal: its types do not name them.
      const clients = (hub.io.engine as unknown as { clients: Record<string, { transport: { socket: { send(data: string): void } } }> }).clients;
      for (const client of Object.values(clients)) client.transport.socket.send('garbage');
      expect((await events.next('error')).message).toBe('parser error');
      await new Promise<void>((resolve) => api.onRealtimeState((state) => state === 'connected' && resolve()));
      await expect(api.zones.getZones()).resolves.toBeDefined();
    } finally {
      api.destroy();
    }
  });

  it('when a proxy refuses the websocket upgrade of a polling connection, then error probe error, and calls go on over polling', async () => {
    const proxy = await listening(noWebsocketProxy(hub.url));
    const api = HubAPI.open({ address: urlOf(proxy), id: hub.hub.id, token: hub.token, realtime: { transports: ['polling', 'websocket'] } });
    const events = recorder(api);
    try {
      await api.connect();
      expect(await events.next('error')).toMatchObject({ message: 'probe error', description: 'websocket error' });
      await expect(api.zones.getZones()).resolves.toBeDefined();
      expect(api.realtimeState).toBe('connected');
    } finally {
      api.destroy();
      proxy.closeAllConnections();
      proxy.close();
    }
  });

  it('when the hub goes away and the reconnect attempts run out, then reconnect_failed and the connection is closed', async () => {
    const gone = await startTestHub();
    const api = await HubAPI.connect({ address: gone.url, token: gone.token, realtime: { reconnectionAttempts: 1 } });
    const events = recorder(api);
    const states: string[] = [];
    api.onRealtimeState((state) => states.push(state));
    await api.connect();
    await gone.stop();
    expect(await events.next('reconnect_failed')).toMatchObject({ message: 'Homey Offline', description: 'Gave up reconnecting after 1 attempts' });
    expect(events.seen.map(({ event }) => event)).toEqual(['connect_error', 'reconnect_failed']);
    expect(states).toEqual(['connecting', 'handshake', 'connected', 'reconnecting', 'disconnected']);
    expect(api.realtimeState).toBe('disconnected');
  }, 15_000);
});

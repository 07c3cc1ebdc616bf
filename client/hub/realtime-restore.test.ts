import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { backoffDelay } from './backoff.js';
import { Realtime, type RealtimeState } from './realtime.js';

/**
 * A hub that stumbles after coming back: it answers the next handshakes with the error it is told to, then
 * handshakes again as usual. Our hub never stumbles so, so this one stands in for the failure.
 */
describe('Realtime after a reconnect, against a hub that stumbles', () => {
  const http = createServer();
  const io = new Server(http);
  let address: string;
  let stumbles: { error: string; error_description: string; statusCode: number }[] = [];
  let handshakes = 0;
  const subscribed: string[] = [];

  beforeAll(async () => {
    io.on('connection', (socket) => {
      socket.on('handshakeClient', (_body: unknown, ack: (error: unknown, result?: unknown) => void) => {
        handshakes++;
        const stumble = stumbles.shift();
        if (stumble) ack(stumble);
        else ack(null, { namespace: '/api' });
      });
    });
    io.of('/api').on('connection', (socket) => {
      socket.on('subscribe', (uri: string, ack: (error: null) => void) => {
        subscribed.push(uri);
        ack(null);
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    address = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => io.close(resolve)));

  /** Drops every connection under the clients' feet, as a restart does; they reconnect by themselves. */
  const dropConnections = () => {
    for (const socket of io.of('/').sockets.values()) socket.conn.close();
  };

  async function connectedClient() {
    stumbles = [];
    const realtime = new Realtime({ address, token: 'token', homeyId: 'hub' });
    await realtime.connect();
    await realtime.subscribe('homey:manager:zones', () => undefined);
    const states: RealtimeState[] = [];
    const errors: (Error | undefined)[] = [];
    const settled = new Promise<RealtimeState>((resolve) =>
      realtime.onStateChange((state, error) => {
        states.push(state);
        errors.push(error);
        if (state === 'connected' || state === 'disconnected') resolve(state);
      }),
    );
    handshakes = 0;
    subscribed.length = 0;
    return { realtime, states, errors, settled };
  }

  it('when the handshake after a reconnect answers 503 twice, then it is tried again after the backoff and the subscriptions come back', async () => {
    const { realtime, states, settled } = await connectedClient();
    try {
      stumbles = [503, 503].map((statusCode) => ({ error: 'starting', error_description: 'The hub is starting', statusCode }));
      dropConnections();
      await expect(settled).resolves.toBe('connected');
      expect(handshakes).toBe(3);
      expect(subscribed).toEqual(['homey:manager:zones']);
      expect(states).toEqual(['reconnecting', 'handshake', 'connected']);
    } finally {
      realtime.close();
    }
  });

  it('when the handshake after a reconnect is refused (403), then the connection closes with that error, untried again', async () => {
    const { realtime, errors, settled } = await connectedClient();
    stumbles = [{ error: 'forbidden', error_description: 'This token may not connect', statusCode: 403 }];
    dropConnections();
    await expect(settled).resolves.toBe('disconnected');
    expect(handshakes).toBe(1);
    expect(errors.at(-1)).toMatchObject({ message: 'This token may not connect', statusCode: 403 });
    expect(realtime.state).toBe('disconnected');
  });

  it('when retries follow one another, then each waits twice as long as the last, from 100 ms up to 10 s', () => {
    expect([0, 1, 2, 3, 6, 7, 8, 20].map(backoffDelay)).toEqual([100, 200, 400, 800, 6_400, 10_000, 10_000, 10_000]);
  });
});

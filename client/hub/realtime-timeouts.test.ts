import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { HANDSHAKE_TIMEOUT, HUB_CALL_TIMEOUT, SUBSCRIBE_TIMEOUT } from '../constants.js';
import { messages, TimeoutError } from '../errors.js';
import { Realtime } from './realtime.js';

/**
 * A hub that stops answering (hung, or behind a broken proxy): it handshakes only the token 'answer', and never
 * acks a subscribe or a call. Our hub always answers, so this one stands in for the failure.
 */
describe('Realtime time-outs against a hub that does not answer', () => {
  const http = createServer();
  const io = new Server(http);
  let address: string;

  beforeAll(async () => {
    io.on('connection', (socket) => {
      socket.on('handshakeClient', ({ token }: { token: string }, ack: (error: null, result: unknown) => void) => {
        if (token === 'answer') ack(null, { namespace: '/api' });
      });
    });
    io.of('/api').on('connection', () => undefined);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    address = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => io.close(resolve)));

  const timeouts = { handshake: 100, subscribe: 100, call: 100 };

  it('when the handshake gets no ack, then Failed to handshake client (Timeout after {n}ms). and the connection closes', async () => {
    const realtime = new Realtime({ address, token: 'silence', homeyId: 'hub', timeouts });
    const error = await realtime.connect().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ message: 'Failed to handshake client (Timeout after 100ms).', statusCode: 408 });
    expect(realtime.state).toBe('disconnected');
  });

  it('when a subscribe or a call gets no ack, then Failed to subscribe to {uri} (Timeout after {n}ms). or Timeout after {n}ms', async () => {
    const realtime = new Realtime({ address, token: 'answer', homeyId: 'hub', timeouts });
    try {
      await realtime.connect();
      await expect(realtime.subscribe('homey:manager:zones', () => undefined)).rejects.toMatchObject({
        message: 'Failed to subscribe to homey:manager:zones (Timeout after 100ms).',
        statusCode: 408,
      });
      await expect(realtime.call('homey:manager:zones', 'getZones', {})).rejects.toMatchObject({ message: 'Timeout after 100ms', statusCode: 408 });
    } finally {
      realtime.close();
    }
  });

  it('when no time-outs are given, then the seed texts and values apply', () => {
    expect(messages.handshakeTimeout(HANDSHAKE_TIMEOUT)).toBe('Failed to handshake client (Timeout after 10000ms).');
    expect(messages.subscribeTimeout('homey:manager:devices', SUBSCRIBE_TIMEOUT)).toBe(
      'Failed to subscribe to homey:manager:devices (Timeout after 10000ms).',
    );
    expect(messages.timeout(HUB_CALL_TIMEOUT)).toBe('Timeout after 10000ms');
  });
});

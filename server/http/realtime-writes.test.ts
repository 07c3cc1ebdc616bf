import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Socket as TcpSocket } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';

/**
 * patches/engine.io+6.6.12.patch: speed only, each part something upstream could take as it is. Unpatched, engine.io
 * hands a socket's first packet of a turn to its transport at once and the rest only once that write is done, and
 * its websocket transport writes each frame on its own: a client subscribed to a device and to the devices manager,
 * as the official client is, hears a value change as `capability` and `device.update` in one turn, two system calls
 * unpatched (docs/benchmarks.md, realtime fan-out). Seen on a bare socket.io server, room broadcasts as the hub's
 * fan-out sends them.
 */
describe('engine.io writes (patches/engine.io+6.6.12.patch)', () => {
  const server = createServer();
  const io = new Server(server, { transports: ['websocket'] });
  let port: number;
  let serverSocket: Socket;
  let client: ClientSocket;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    const connected = new Promise<Socket>((resolve) => io.on('connection', resolve));
    client = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], forceNew: true, reconnection: false });
    serverSocket = await connected;
    await serverSocket.join('room');
  });
  afterAll(async () => {
    client.close();
    await io.close();
  });

  /** Broadcasts two events to the room in one turn and resolves once the client has heard both. */
  async function broadcastTwo(during: () => void): Promise<void> {
    const heard = new Promise<void>((resolve) => client.on('second', () => resolve()));
    during();
    io.to('room').emit('first', { value: 1 });
    io.to('room').emit('second', { value: 2 });
    await heard;
  }

  it('when a socket is sent two events in one turn, then engine.io flushes them to its transport together', async () => {
    const flushes: number[] = [];
    const onFlush = (buffer: unknown[]) => flushes.push(buffer.length);
    await broadcastTwo(() => serverSocket.conn.on('flush', onFlush));
    serverSocket.conn.off('flush', onFlush);
    expect(flushes).toEqual([2]);
  });

  it("when a socket is sent two events in one turn, then the websocket transport writes both frames to the connection's TCP socket in one go", async () => {
    const writes: string[] = [];
    const spies = (['_write', '_writev'] as const).map((method) => {
      const original = TcpSocket.prototype[method] as (this: TcpSocket, ...args: unknown[]) => void;
      return jest.spyOn(TcpSocket.prototype, method).mockImplementation(function (this: TcpSocket, ...args: unknown[]) {
        // The server's end of the connection (the client's end writes too, to the same port as its remote one).
        if (this.localPort === port) writes.push(method);
        return original.apply(this, args);
      });
    });
    try {
      await broadcastTwo(() => undefined);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(writes).toEqual(['_writev']);
  });
});

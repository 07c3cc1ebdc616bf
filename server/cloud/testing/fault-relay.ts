import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a real server (PostgreSQL, Redis), for tests of the faults the cloud rides out: stalled
 * (the connections stay open and nothing passes, as a paused server answers nothing) or cut (its connections end
 * and new ones are refused, as a server restarting), and afterwards back as it was.
 */
export interface FaultRelay {
  /** The target's URL with the relay's address instead. */
  url: string;
  stall(): void;
  resume(): void;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function faultRelay(target: URL, defaultPort: number): Promise<FaultRelay> {
  const pairs = new Set<[Socket, Socket]>();
  const relay = (client: Socket) => {
    const upstream = connect(Number(target.port || defaultPort), target.hostname);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream).pipe(client);
    const end = () => (pairs.delete(pair), pair.forEach((socket) => socket.destroy()));
    for (const socket of pair) socket.on('error', end).on('close', end);
  };
  let server: Server = createServer(relay);
  const listen = (port: number) => new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  const shut = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const destroyAll = () => [...pairs].flat().forEach((socket) => socket.destroy());
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  const url = new URL(target);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.href,
    stall: () => [...pairs].flat().forEach((socket) => (socket.unpipe(), socket.pause())),
    resume: () => pairs.forEach(([client, upstream]) => client.pipe(upstream).pipe(client)),
    async cut() {
      destroyAll();
      await shut();
    },
    async restore() {
      server = createServer(relay);
      await listen(port);
    },
    async close() {
      destroyAll();
      if (server.listening) await shut();
    },
  };
}

import { io as ioV4 } from 'socket.io-client';
// The socket.io v2 client (Engine.IO 3) that clients in the field still use (PROTOCOL.md §5).
import ioV2 from 'socket.io-client-v2';

export type ClientVersion = 'v2' | 'v4';

interface AnySocket {
  connected: boolean;
  emit(event: string, ...args: unknown[]): unknown;
  on(event: string, listener: (...args: any[]) => void): unknown;
  once(event: string, listener: (...args: any[]) => void): unknown;
  close(): unknown;
  io: { socket(namespace: string): AnySocket };
}

export interface RealtimeClient {
  root: AnySocket;
  api: AnySocket;
  /** Emits with an ack and resolves with `[error, result]`, as clients receive them. */
  request(event: string, ...args: unknown[]): Promise<[unknown, unknown]>;
  /** Resolves with the next `(eventName, data)` sent on `uri` for which `match` is true. */
  next(uri: string, match?: (event: string, data: any) => boolean): Promise<{ event: string; data: any }>;
  close(): void;
}

const once = <T extends unknown[]>(socket: AnySocket, event: string) =>
  new Promise<T>((resolve) => socket.once(event, (...args: unknown[]) => resolve(args as T)));

/** Connects like an existing client: websocket only, handshakeClient on /, then /api on the same connection. */
export async function connectRealtime(url: string, token: string, homeyId: string, version: ClientVersion = 'v4'): Promise<RealtimeClient> {
  const options = { transports: ['websocket'], reconnection: false, forceNew: true };
  const root = (version === 'v2' ? ioV2(url, options) : ioV4(url, options)) as AnySocket;
  if (!root.connected) await once(root, 'connect');
  const [error, result] = await new Promise<[unknown, unknown]>((resolve) =>
    root.emit('handshakeClient', { token, homeyId }, (err: unknown, res: unknown) => resolve([err, res])),
  );
  if (error) {
    root.close();
    throw Object.assign(new Error('handshake failed'), { body: error });
  }
  const api = root.io.socket((result as { namespace: string }).namespace);
  if (!api.connected) {
    await Promise.race([once(api, 'connect'), once(api, 'error').then(([err]) => Promise.reject(err)), once(api, 'connect_error').then(([err]) => Promise.reject(err))]);
  }
  return {
    root,
    api,
    request: (event, ...args) => new Promise((resolve) => api.emit(event, ...args, (err: unknown, res: unknown) => resolve([err, res]))),
    next: (uri, match = () => true) =>
      new Promise((resolve) => {
        const listener = (event: string, data: unknown) => {
          if (match(event, data)) resolve({ event, data });
        };
        api.on(uri, listener);
      }),
    // Both namespaces: the connection stays open while either is, and a client that left would still hear events.
    close: () => {
      api.close();
      root.close();
    },
  };
}

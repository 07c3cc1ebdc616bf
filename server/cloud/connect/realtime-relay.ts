import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { errorBody, toApiError } from '../../http/errors.js';
import { HUB_ID } from '../callers/hub-secret.js';
import { offline, type HubConnections, type RealtimeStream } from './connections.js';

type Ack = (...args: unknown[]) => void;

/** One client connection's relayed session: its stream to the hub, its /api socket and its pending acks. */
interface Relayed {
  stream: RealtimeStream;
  api?: Socket;
  acks: Map<number, Ack>;
  nextAck: number;
}

const failure = (error: unknown) => errorBody(toApiError(error), error, false);

/**
 * Clients' realtime sockets (PROTOCOL.md §5) relayed to hubs at the level of socket.io events: this service
 * answers the Engine.IO connection itself, learns the hub from `handshakeClient`'s `homeyId`, and from then on
 * hands the client's events on `/api` (subscribe, unsubscribe, api) to the hub's own socket through the tunnel,
 * and the hub's events and acks back. The hub checks the token and every call as it does locally.
 */
export function attachRealtimeRelay(server: HttpServer, connections: HubConnections): Server {
  const io = new Server(server, {
    allowEIO3: true,
    pingInterval: 5000,
    pingTimeout: 8000,
    cors: { origin: '*', credentials: false },
    // The hubs' tunnels upgrade on the same server (/tunnel): leave those to their handler.
    destroyUpgrade: false,
  });
  const sessions = new WeakMap<object, Relayed>();

  io.on('connection', (root) => {
    const end = () => {
      sessions.get(root.conn)?.stream.close();
      sessions.delete(root.conn);
    };
    root.on('handshakeClient', (handshake: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return;
      end();
      const homeyId = (handshake as { homeyId?: unknown } | null)?.homeyId;
      if (typeof homeyId !== 'string' || !HUB_ID.test(homeyId)) return ack(failure(offline()));
      // The stream is opened with this record's listeners and set on it right after: never read before.
      const relayed: Relayed = { acks: new Map(), nextAck: 1, stream: undefined as unknown as RealtimeStream };
      let answered = false;
      try {
        relayed.stream = connections.realtime(homeyId, handshake, {
          opened: (args) => {
            answered = true;
            if (!args[0]) sessions.set(root.conn, relayed);
            else relayed.stream.close();
            (ack as Ack)(...args);
          },
          ack: (id, args) => {
            relayed.acks.get(id)?.(...args);
            relayed.acks.delete(id);
          },
          event: (event, args) => relayed.api?.emit(event, ...args),
          // The hub went away: the client reconnects and hands shakes again (with the hub back, or told it is offline);
          // one still waiting for its handshake's answer is told the hub is offline.
          closed: () => {
            if (!answered) {
              answered = true;
              return void (ack as Ack)(failure(offline()));
            }
            if (sessions.get(root.conn) === relayed) root.disconnect(true);
          },
        });
      } catch (error) {
        ack(failure(error));
      }
    });
    root.on('disconnect', end);
  });

  const api = io.of('/api');
  // Admitted only on a connection whose handshake the hub accepted (PROTOCOL.md §5).
  api.use((socket, next) => (sessions.has(socket.conn) ? next() : next(new Error('Not authenticated: handshakeClient first'))));
  api.on('connection', (socket) => {
    const relayed = sessions.get(socket.conn)!;
    relayed.api = socket;
    socket.onAny((event: string, ...args: unknown[]) => {
      const ack = typeof args.at(-1) === 'function' ? (args.pop() as Ack) : undefined;
      let id: number | undefined;
      if (ack) {
        id = relayed.nextAck++;
        relayed.acks.set(id, ack);
      }
      relayed.stream.emit(event, args, id);
    });
  });
  return io;
}

import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { Session } from './api.js';
import type { CallContext, Caller, Dispatcher } from './dispatcher.js';
import { errorBody, toApiError } from './errors.js';
import type { EventBus } from './events.js';
import type { HostAllowList } from './hosts.js';
import { log } from './log.js';
import { serveSocketCalls } from './realtime-calls.js';
import { socketSessions, type SocketSessions } from './realtime-sessions.js';
import type { ContractValidator } from './validator.js';

export { MAX_SUBSCRIPTIONS_PER_SOCKET } from './realtime-calls.js';

export interface RealtimeOptions<Context extends CallContext> {
  dispatcher: Dispatcher<Context>;
  validator: ContractValidator;
  /** The Host names answered, as over HTTP (DNS rebinding). */
  hosts: HostAllowList;
  bus: EventBus;
  hubId: string;
  authenticate(token: string): Session | null;
  /**
   * Whether the caller may subscribe to a uri: resolves if so, else throws the ApiError to ack (404 for a uri
   * nobody can subscribe to or an item that does not exist, 403 without the scope).
   */
  admitSubscription(uri: string, caller: Caller): void | Promise<void>;
  development: boolean;
}

/**
 * socket.io, wire-compatible with existing clients (PROTOCOL.md §5), in stages: the Host allow-list and CORS of
 * the Engine.IO door, the sessions of connections (realtime-sessions.ts), the calls and subscriptions of an
 * admitted socket (realtime-calls.ts), and the events of the bus to the rooms that hold their uri.
 */
export function attachRealtime<Context extends CallContext>(server: HttpServer, options: RealtimeOptions<Context>): Server {
  const io = new Server(server, {
    allowEIO3: true,
    pingInterval: 5000,
    pingTimeout: 8000,
    // The token travels in handshakeClient, never in a cookie: a page can only use a token it holds, so any origin
    // may connect, and no origin is given credentials (there are none to give).
    cors: { origin: '*', credentials: false },
    allowRequest: (req, callback) => callback(null, options.hosts.allows(req.headers.host)),
  });
  const api = io.of('/api');
  const fail = (ack: unknown, err: unknown) => {
    const apiError = toApiError(err, options.development);
    if (apiError.statusCode >= 500) log.error({ err }, 'A call over the socket failed');
    if (typeof ack === 'function') ack(errorBody(apiError, err, options.development));
  };
  const sessions = socketSessions(io, api, { hubId: options.hubId, authenticate: options.authenticate, fail });
  api.on('connection', (socket) =>
    serveSocketCalls(socket, { dispatcher: options.dispatcher, validator: options.validator, sessionOf: sessions.sessionOf, admitSubscription: options.admitSubscription, fail }),
  );
  fanOut(api, options.bus, sessions);
  return io;
}

/** Events after which some sockets may have lost their session: a revoked session, a disabled or deleted user. */
const REVOKING = new Set(['session.delete', 'user.update', 'user.delete']);

/**
 * Each event of the bus to the sockets in its uri's room (those whose session its audience accepts, when it has
 * one); after an event that may revoke sessions, sockets whose session is gone are disconnected.
 */
function fanOut(api: Server['sockets'], bus: EventBus, sessions: SocketSessions): void {
  bus.subscribe(({ uri, event, data, audience }) => {
    // socket.io serializes an event before it looks for the room's sockets: skip rooms nobody is in.
    const room = api.adapter.rooms.get(uri);
    if (room && audience) {
      for (const id of room) {
        const socket = api.sockets.get(id);
        const session = socket && sessions.currentSession(socket);
        if (session && audience(session)) socket!.emit(uri, event, data);
      }
    } else if (room) {
      api.to(uri).emit(uri, event, data);
    }
    if (!REVOKING.has(event)) return;
    for (const socket of api.sockets.values()) if (!sessions.currentSession(socket)) socket.disconnect(true);
  });
}

import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { MediaBody, Session } from './api.js';
import { requireShallow } from './body.js';
import type { CallContext, Caller, Dispatcher } from './dispatcher.js';
import { ApiError, errorBody, toApiError } from './errors.js';
import type { EventBus } from './events.js';
import type { HostAllowList } from './hosts.js';
import { log } from './log.js';
import type { ContractValidator } from './validator.js';

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

type Ack = (error: unknown, result?: unknown) => void;

/** Rooms one socket may hold: a client watching every device of a large home holds about a thousand. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 5000;

/**
 * socket.io, wire-compatible with existing clients (PROTOCOL.md §5): `handshakeClient` on `/` authenticates the
 * connection, `/api` admits only sockets whose connection did, and calls over `api` go through the HTTP dispatcher.
 */
export function attachRealtime<Context extends CallContext>(server: HttpServer, options: RealtimeOptions<Context>): Server {
  const { dispatcher, bus } = options;
  const io = new Server(server, {
    allowEIO3: true,
    pingInterval: 5000,
    pingTimeout: 8000,
    // The token travels in handshakeClient, never in a cookie: a page can only use a token it holds, so any origin
    // may connect, and no origin is given credentials (there are none to give).
    cors: { origin: '*', credentials: false },
    allowRequest: (req, callback) => callback(null, options.hosts.allows(req.headers.host)),
  });
  /** The raw token each Engine.IO connection handshook with; re-checked on every call so revocation bites. */
  const tokens = new WeakMap<object, string>();
  const api = io.of('/api');

  const fail = (ack: unknown, err: unknown) => {
    const apiError = toApiError(err, options.development);
    if (apiError.statusCode >= 500) log.error({ err }, 'A call over the socket failed');
    if (typeof ack === 'function') ack(errorBody(apiError, err, options.development));
  };
  const sessionOf = (socket: Socket): Session => {
    const token = tokens.get(socket.conn);
    const session = token ? options.authenticate(token) : null;
    if (!session) throw new ApiError(401, 'invalid_token', 'The access token is invalid, expired or revoked');
    return session;
  };

  io.on('connection', (socket) => {
    socket.on('handshakeClient', (payload: { token?: unknown; homeyId?: unknown } | undefined, ack: Ack) => {
      try {
        const token = typeof payload?.token === 'string' ? payload.token : '';
        if (payload?.homeyId !== undefined && payload.homeyId !== options.hubId) {
          throw new ApiError(400, 'invalid_homey', `This hub is ${options.hubId}, not ${String(payload.homeyId)}`);
        }
        const session = token ? options.authenticate(token) : null;
        if (!session) throw new ApiError(401, 'invalid_token', 'The access token is invalid, expired or revoked');
        // Once per connection: a client may repeat handshakeClient on it (a new token, a retry).
        if (!tokens.has(socket.conn)) socket.conn.once('close', () => tokens.delete(socket.conn));
        tokens.set(socket.conn, token);
        if (typeof ack === 'function') ack(null, { namespace: '/api' });
      } catch (err) {
        fail(ack, err);
      }
    });
  });

  api.use((socket, next) => {
    const token = tokens.get(socket.conn);
    const session = token ? options.authenticate(token) : null;
    if (!session) {
      const error = Object.assign(new Error('Unauthorized: emit handshakeClient on / first'), {
        data: { error: 'unauthorized', error_description: 'Emit handshakeClient on / first', statusCode: 401 },
      });
      return next(error);
    }
    next();
  });

  api.on('connection', (socket) => {
    socket.on('subscribe', async (uri: unknown, ack: Ack) => {
      try {
        if (typeof uri !== 'string') throw new ApiError(400, 'invalid_request', 'subscribe needs a uri');
        await options.admitSubscription(uri, { session: sessionOf(socket), remoteAddress: socket.handshake.address });
        // socket.rooms holds the socket's own room beside its subscriptions.
        if (!socket.rooms.has(uri) && socket.rooms.size > MAX_SUBSCRIPTIONS_PER_SOCKET) {
          throw new ApiError(429, 'too_many_subscriptions', `A socket may hold at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions: unsubscribe first`);
        }
        void socket.join(uri);
        if (typeof ack === 'function') ack(null);
      } catch (err) {
        fail(ack, err);
      }
    });
    socket.on('unsubscribe', (uri: unknown) => {
      if (typeof uri === 'string') void socket.leave(uri);
    });
    socket.on('api', async (call: { uri?: unknown; operation?: unknown; args?: unknown } | undefined, ack: Ack) => {
      try {
        const manager = typeof call?.uri === 'string' ? call.uri.replace(/^homey:manager:/, '') : '';
        const operation = dispatcher.find(manager, String(call?.operation));
        if (!operation) throw new ApiError(404, 'not_found', `Unknown operation: ${String(call?.uri)} ${String(call?.operation)}`);
        const session = operation.spec.auth === 'none' ? null : sessionOf(socket);
        const raw = call?.args && typeof call.args === 'object' ? (call.args as Record<string, unknown>) : {};
        const path = Object.fromEntries(operation.spec.pathParams.map((name) => [name, typeof raw[name] === 'string' ? raw[name] : '']));
        const caller = { session, remoteAddress: socket.handshake.address };
        const result = await dispatcher.call(operation, caller, path, () => {
          requireShallow(call?.args);
          return options.validator.args(operation.spec, call?.args);
        }, raw);
        // An answer in bytes (an image) goes out as the bytes HTTP answers, a binary attachment.
        if (typeof ack === 'function') ack(null, operation.spec.media ? (result as MediaBody).body : result);
      } catch (err) {
        fail(ack, err);
      }
    });
  });

  /** Events after which some sockets may have lost their session: a revoked session, a disabled or deleted user. */
  const revoking = new Set(['session.delete', 'user.update', 'user.delete']);
  bus.subscribe(({ uri, event, data, audience }) => {
    // socket.io serializes an event before it looks for the room's sockets: skip rooms nobody is in.
    const room = api.adapter.rooms.get(uri);
    if (room && audience) {
      for (const id of room) {
        const socket = api.sockets.get(id);
        const token = socket && tokens.get(socket.conn);
        const session = token ? options.authenticate(token) : null;
        if (session && audience(session)) socket!.emit(uri, event, data);
      }
    } else if (room) {
      api.to(uri).emit(uri, event, data);
    }
    if (!revoking.has(event)) return;
    for (const socket of api.sockets.values()) {
      const token = tokens.get(socket.conn);
      if (!token || !options.authenticate(token)) socket.disconnect(true);
    }
  });
  return io;
}

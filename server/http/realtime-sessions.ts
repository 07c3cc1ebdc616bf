import type { Namespace, Server, Socket } from 'socket.io';
import type { Session } from './api.js';
import { ApiError } from './errors.js';

type Ack = (error: unknown, result?: unknown) => void;

export interface SocketSessions {
  /** The session of the token the socket's connection handshook with, re-checked now: revocation bites. */
  sessionOf(socket: Socket): Session;
  /** The session of a socket's connection, or null when it has none (any more). */
  currentSession(socket: Socket): Session | null;
}

export interface SessionOptions {
  hubId: string;
  authenticate(token: string): Session | null;
  /** Answers an ack with the error body (realtime.ts). */
  fail(ack: unknown, error: unknown): void;
}

/**
 * The socket's front door (PROTOCOL.md §5): `handshakeClient` on `/` names the token (and the hub it is meant
 * for) once per connection, and `/api` admits only sockets whose connection did with a token still valid.
 */
export function socketSessions(io: Server, api: Namespace, options: SessionOptions): SocketSessions {
  /** The raw token each Engine.IO connection handshook with; re-checked on every call so revocation bites. */
  const tokens = new WeakMap<object, string>();
  const currentSession = (socket: Socket) => {
    const token = tokens.get(socket.conn);
    return token ? options.authenticate(token) : null;
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
        options.fail(ack, err);
      }
    });
  });

  api.use((socket, next) => {
    if (currentSession(socket)) return next();
    next(Object.assign(new Error('Unauthorized: emit handshakeClient on / first'), {
      data: { error: 'unauthorized', error_description: 'Emit handshakeClient on / first', statusCode: 401 },
    }));
  });

  return {
    currentSession,
    sessionOf(socket) {
      const session = currentSession(socket);
      if (!session) throw new ApiError(401, 'invalid_token', 'The access token is invalid, expired or revoked');
      return session;
    },
  };
}

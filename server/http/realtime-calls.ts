import type { Socket } from 'socket.io';
import type { MediaBody, Session } from './api.js';
import { requireShallow } from './body.js';
import type { CallContext, Caller, Dispatcher } from './dispatcher.js';
import { ApiError } from './errors.js';
import type { ContractValidator } from './validator.js';

type Ack = (error: unknown, result?: unknown) => void;

/** Rooms one socket may hold: a client watching every device of a large home holds about a thousand. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 5000;

export interface CallOptions<Context extends CallContext> {
  dispatcher: Dispatcher<Context>;
  validator: ContractValidator;
  /** The socket's session, or a 401 (realtime-sessions.ts). */
  sessionOf(socket: Socket): Session;
  /** Whether the caller may subscribe to a uri: resolves if so, else throws the ApiError to ack. */
  admitSubscription(uri: string, caller: Caller): void | Promise<void>;
  /** Answers an ack with the error body (realtime.ts). */
  fail(ack: unknown, error: unknown): void;
}

/**
 * What an admitted socket on `/api` may ask: a call of an operation, through the dispatcher as HTTP's, its
 * arguments checked by the socket's validator; and a subscription to a uri's events, or leaving one.
 */
export function serveSocketCalls<Context extends CallContext>(socket: Socket, options: CallOptions<Context>): void {
  const { dispatcher } = options;
  socket.on('subscribe', async (uri: unknown, ack: Ack) => {
    try {
      if (typeof uri !== 'string') throw new ApiError(400, 'invalid_request', 'subscribe needs a uri');
      await options.admitSubscription(uri, { session: options.sessionOf(socket), remoteAddress: socket.handshake.address });
      // socket.rooms holds the socket's own room beside its subscriptions.
      if (!socket.rooms.has(uri) && socket.rooms.size > MAX_SUBSCRIPTIONS_PER_SOCKET) {
        throw new ApiError(429, 'too_many_subscriptions', `A socket may hold at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions: unsubscribe first`);
      }
      void socket.join(uri);
      if (typeof ack === 'function') ack(null);
    } catch (err) {
      options.fail(ack, err);
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
      const session = operation.spec.auth === 'none' ? null : options.sessionOf(socket);
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
      options.fail(ack, err);
    }
  });
}

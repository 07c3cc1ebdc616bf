import type { Socket } from 'socket.io-client';
import { HubAPIError, TimeoutError, type HubErrorBody } from '../errors.js';

/**
 * Emits an event with an ack and resolves with the hub's answer, `ack(null, result)`, or rejects with a
 * HubAPIError from `ack(errorBody)`; without an answer after `ms`, rejects with a TimeoutError of `timeoutMessage`.
 */
export function emitWithAck<T>(socket: Socket, ms: number, timeoutMessage: string, event: string, ...args: unknown[]): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError(timeoutMessage)), ms);
    socket.emit(event, ...args, (error: HubErrorBody | string | null, result: T) => {
      clearTimeout(timer);
      if (error) reject(new HubAPIError(error));
      else resolve(result);
    });
  });
}

/** Resolves on the socket's next `connect`, rejects on its next `connect_error`. */
export function connected(socket: Socket, toError: (error: Error & { data?: unknown }) => Error): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onConnect = () => {
      socket.off('connect_error', onError);
      resolve();
    };
    const onError = (error: Error & { data?: unknown }) => {
      socket.off('connect', onConnect);
      reject(toError(error));
    };
    socket.once('connect', onConnect);
    socket.once('connect_error', onError);
  });
}

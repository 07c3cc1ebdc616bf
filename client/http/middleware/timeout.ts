import type { Middleware } from 'openapi-fetch';
import { messages, TimeoutError } from '../../errors.js';
import { deadline } from '../deadline.js';

// By name, not instanceof: fetch's DOMException may come from another realm (a test runner's VM, a worker).
const isAbortTimeout = (error: unknown) => (error as { name?: unknown } | null)?.name === 'TimeoutError' && !(error instanceof TimeoutError);

/** An answer openapi-fetch reads no body of: it has settled once its headers are in. */
const hasNoBodyToRead = (request: Request, response: Response) =>
  response.body === null || request.method === 'HEAD' || response.status === 204 || response.headers.get('Content-Length') === '0';

/** The same bytes as `body`; `settled` is called once they have all been read, or the read failed or was cancelled. */
function untilRead(body: ReadableStream<Uint8Array>, settled: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          settled();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        settled();
        controller.error(error);
      }
    },
    cancel(reason) {
      settled();
      return reader.cancel(reason);
    },
  });
}

/**
 * Aborts a call that has no answer after `ms` and fails it with 'Timeout after {ms}ms' (status 408). The deadline
 * also covers reading the body, after the middleware's last hook: its timer is cleared once the body has been read
 * (or the call failed), so that no timer of a settled call stays pending for the rest of its `ms`.
 * Its `onResponse` must run before the error mapping's, which reads the body of a failed answer (transport.ts).
 */
export function timeout(ms: number): Middleware {
  const clearers = new WeakMap<Request, () => void>();
  return {
    onRequest({ request }) {
      const { signal, clear } = deadline(ms);
      const timed = new Request(request, { signal: AbortSignal.any([request.signal, signal]) });
      clearers.set(timed, clear);
      return timed;
    },
    onResponse({ request, response }) {
      const clear = clearers.get(request);
      if (!clear) return undefined;
      if (hasNoBodyToRead(request, response)) {
        clear();
        return undefined;
      }
      return new Response(untilRead(response.body!, clear), response);
    },
    onError({ request, error }) {
      clearers.get(request)?.();
      return isAbortTimeout(error) ? new TimeoutError(messages.timeout(ms)) : undefined;
    },
  };
}

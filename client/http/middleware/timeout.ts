import type { Middleware } from 'openapi-fetch';
import { messages, TimeoutError } from '../../errors.js';
import { deadline } from '../deadline.js';

// By name, not instanceof: fetch's DOMException may come from another realm (a test runner's VM, a worker).
const isAbortTimeout = (error: unknown) => (error as { name?: unknown } | null)?.name === 'TimeoutError' && !(error instanceof TimeoutError);

/**
 * Aborts a call that has no answer after `ms` and fails it with 'Timeout after {ms}ms' (status 408). The deadline
 * also covers reading the body, after the middleware's last hook, so its timer simply runs out (unref'd).
 */
export function timeout(ms: number): Middleware {
  return {
    onRequest({ request }) {
      return new Request(request, { signal: AbortSignal.any([request.signal, deadline(ms).signal]) });
    },
    onError({ error }) {
      return isAbortTimeout(error) ? new TimeoutError(messages.timeout(ms)) : undefined;
    },
  };
}

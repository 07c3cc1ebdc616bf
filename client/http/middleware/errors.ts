import type { Middleware } from 'openapi-fetch';
import { APIError, HubAPIError, homeyOffline } from '../../errors.js';

interface Failure {
  name?: unknown;
  message?: unknown;
  cause?: { code?: unknown; message?: unknown };
}

// Read by shape, not instanceof: fetch's errors may come from another realm (a test runner's VM, a worker).
const aborted = (error: Failure) => error.name === 'TimeoutError' || error.name === 'AbortError';
const reason = ({ cause, message }: Failure) => [cause?.code, cause?.message, message].find((text) => typeof text === 'string') as string | undefined;

/** Turns a failed answer into an error: the hub's by default, the cloud's for cloud services. */
export type ErrorReader = (response: Response) => Promise<Error>;

/** Every answer that is not 2xx becomes an error read from its body; a server that cannot be reached, 'Homey Offline'. */
export function errorMapping(read: ErrorReader = HubAPIError.fromResponse): Middleware {
  return {
    async onResponse({ response }) {
      if (!response.ok) throw await read(response);
      return undefined;
    },
    onError({ error }) {
      // Time-outs and cancels belong to whoever aborted the call.
      if (error instanceof APIError || aborted((error ?? {}) as Failure)) return undefined;
      return homeyOffline(reason((error ?? {}) as Failure));
    },
  };
}

import type { Middleware } from 'openapi-fetch';
import { homeyOffline } from '../../errors.js';

export interface RefreshPolicy {
  /** Whether a 401 answer means that the token is stale and worth refreshing (its body may be read). */
  isStale(response: Response): Promise<boolean>;
  /** Gets a new token in place of `stale` (the one the server refused); concurrent calls should share one refresh. */
  refresh(stale: string | undefined): Promise<void>;
  /** The bearer token to retry with. */
  token(): string | undefined;
}

/**
 * On a 401 the policy calls stale, refreshes the token once and retries the call once with it. Retrying is safe for
 * every method: the server refused the call before doing anything. The retry goes straight to fetch, so it is never
 * retried again; its answer goes on through the other middleware (error mapping) like the first.
 */
export function refreshAndRetry(policy: RefreshPolicy): Middleware {
  const copies = new WeakMap<Request, Request>();
  return {
    onRequest({ request }) {
      // The body of the request is consumed by fetch: keep a copy to send again.
      copies.set(request, request.clone());
      return undefined;
    },
    async onResponse({ request, response, options }) {
      const copy = copies.get(request);
      if (response.status !== 401 || !copy || !(await policy.isStale(response.clone()))) return undefined;
      await policy.refresh(request.headers.get('Authorization')?.replace(/^Bearer /, ''));
      const retry = new Request(copy);
      const token = policy.token();
      if (token) retry.headers.set('Authorization', `Bearer ${token}`);
      try {
        return await options.fetch(retry);
      } catch (error) {
        throw homeyOffline((error as Error).message);
      }
    },
  };
}

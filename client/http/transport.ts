import createClient, { type Client } from 'openapi-fetch';
import { auth, type Credentials } from './middleware/auth.js';
import { errorMapping, type ErrorReader } from './middleware/errors.js';
import { refreshAndRetry, type RefreshPolicy } from './middleware/refresh.js';
import { timeout } from './middleware/timeout.js';
import { serializePath, serializeQuery } from './serializers.js';

export interface TransportOptions extends Credentials {
  baseUrl: string;
  /** Milliseconds before a call fails with 'Timeout after {ms}ms'. */
  timeout: number;
  /** How a failed answer reads (default: the hub's error body). */
  errors?: ErrorReader;
  /** When given, a stale token is refreshed and the call retried once. */
  refresh?: RefreshPolicy;
}

/**
 * The HTTP client every call goes through: openapi-fetch with the hub's URL rules and its middleware.
 *
 * Order (openapi-fetch runs `onRequest` in this order and `onResponse`/`onError` in reverse):
 * 1. auth: adds the bearer token and the hub id;
 * 2. timeout: aborts after `timeout` ms, and turns that abort into 'Timeout after {ms}ms';
 * 3. error mapping: turns a non-2xx answer into an error read from its body and a network failure into
 *    'Homey Offline', leaving time-outs to (2);
 * 4. refresh and retry (optional): sees each answer first, so that a 401 for a stale token is retried once with a
 *    fresh token before (3) reads what remains a failure.
 */
export function createTransport(options: TransportOptions): Client<Record<string, never>> {
  const client = createClient<Record<string, never>>({
    baseUrl: options.baseUrl,
    pathSerializer: serializePath,
    querySerializer: serializeQuery,
  });
  client.use(auth(options), timeout(options.timeout), errorMapping(options.errors));
  if (options.refresh) client.use(refreshAndRetry(options.refresh));
  return client;
}

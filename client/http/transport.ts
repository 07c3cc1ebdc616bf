import createClient, { type Client } from 'openapi-fetch';
import { auth, type Credentials } from './middleware/auth.js';
import { errorMapping } from './middleware/errors.js';
import { timeout } from './middleware/timeout.js';
import { serializePath, serializeQuery } from './serializers.js';

export interface TransportOptions extends Credentials {
  baseUrl: string;
  /** Milliseconds before a call fails with 'Timeout after {ms}ms'. */
  timeout: number;
}

/**
 * The HTTP client every call goes through: openapi-fetch with the hub's URL rules and three middleware.
 *
 * Order (openapi-fetch runs `onRequest` in this order and `onResponse`/`onError` in reverse):
 * 1. auth: adds the bearer token and the hub id;
 * 2. timeout: aborts after `timeout` ms, and turns that abort into 'Timeout after {ms}ms';
 * 3. error mapping: sees each answer first, turning a non-2xx answer into a HubAPIError and a network failure into
 *    'Homey Offline', leaving time-outs to (2).
 */
export function createTransport(options: TransportOptions): Client<Record<string, never>> {
  const client = createClient<Record<string, never>>({
    baseUrl: options.baseUrl,
    pathSerializer: serializePath,
    querySerializer: serializeQuery,
  });
  client.use(auth(options), timeout(options.timeout), errorMapping());
  return client;
}

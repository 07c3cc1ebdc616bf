import createClient, { type Client } from 'openapi-fetch';
import { auth, type Credentials } from './middleware/auth.js';
import { errorMapping, type ErrorReader } from './middleware/errors.js';
import { refreshAndRetry, type RefreshPolicy } from './middleware/refresh.js';
import { timeout } from './middleware/timeout.js';
import { serializePath, serializeQuery } from './serializers.js';

/** One operation as a route table's runtime sends it: named path, query and header values, any body, any answer. */
interface RouteOperation {
  parameters: { path?: Record<string, unknown>; query?: Record<string, unknown>; header?: Record<string, unknown> };
  requestBody?: { content: { 'application/json': unknown } };
  responses: { 200: { content: { 'application/json': unknown } } };
}

/**
 * The `paths` of the runtime that makes methods from the generated route tables (hub managers, cloud services):
 * any path with any method. Those methods' own types, generated from the contract (hub/types.ts,
 * cloud/service.ts), check every call before it reaches this client; code that calls one path by name uses a
 * client typed by that API's generated `paths` instead.
 */
export type RouteTable = Record<string, Record<'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace', RouteOperation>>;

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
 * 2. error mapping: turns a non-2xx answer into an error read from its body and a network failure into
 *    'Homey Offline', leaving time-outs to (3);
 * 3. timeout: aborts after `timeout` ms, and turns that abort into 'Timeout after {ms}ms'; it sees each answer
 *    before (2) reads its body, to clear its timer once that body has been read;
 * 4. refresh and retry (optional): sees each answer first, so that a 401 for a stale token is retried once with a
 *    fresh token before (2) reads what remains a failure.
 */
export function createTransport<Paths extends {} = RouteTable>(options: TransportOptions): Client<Paths> {
  const client = createClient<Paths>({
    baseUrl: options.baseUrl,
    pathSerializer: serializePath,
    querySerializer: serializeQuery,
  });
  client.use(auth(options), errorMapping(options.errors), timeout(options.timeout));
  if (options.refresh) client.use(refreshAndRetry(options.refresh));
  return client;
}

import type { Client } from 'openapi-fetch';
import { hubApis } from '../../generated/hub/index.js';
import type { ManagerSpec, OperationSpec } from '../../generated/manifest.js';
import { DEVKIT_RUN_TIMEOUT, HUB_CALL_TIMEOUT } from '../constants.js';
import { APIError, messages, redact } from '../errors.js';
import { currentToken, type Credentials } from '../http/middleware/auth.js';
import type { RefreshPolicy } from '../http/middleware/refresh.js';
import { createTransport, type RouteTable } from '../http/transport.js';
import { hasScope } from '../scopes.js';
import { toHttpRequest, validateArgs } from './arguments.js';
import { camelCase, createManager } from './manager.js';
import { checkOptions, type HubAPIOptions, type RealtimeChoices } from './options.js';
import { ping } from './ping.js';
import { Realtime, type RealtimeState, type TransportListener } from './realtime.js';
import type { AppCall, EventOf, HubUri, Managers } from './types.js';

export type { HubAPIOptions } from './options.js';

export interface HubConnection {
  address: string;
  id: string;
  token: Credentials['token'];
  /** Renews the token on a 401 (a call is retried once, a handshake tried once more). */
  refresh?: RefreshPolicy;
  /** The hub session the token names, for hasScope. */
  session?: () => { intersectedScopes?: string[]; scopes?: string[] } | undefined;
  /** The user's role on the hub, for hasRole. */
  role?: string;
  /** Milliseconds before a call, over HTTP or the socket, fails with 'Timeout after {ms}ms' (default HUB_CALL_TIMEOUT). */
  timeout?: number;
  /** The same for devkit.runApp, which uploads, unpacks and starts an app (default DEVKIT_RUN_TIMEOUT, seed 001 §9). */
  devkitRunTimeout?: number;
  realtime?: RealtimeChoices;
}

/** Every manager of the hub as a property: `hub.zones.createZone({ zone })`, `hub.devices.getDevices()`. */
export interface HubAPI extends Managers {}

/**
 * A client of one hub. Its managers are made at run time from the generated manifests and typed from the
 * generated operation types. Calls go over HTTP, or over the socket once `connect()` has opened it.
 */
export class HubAPI {
  private readonly http: Client<RouteTable>;
  /** The HTTP client of devkit.runApp, with its own time-out. */
  private readonly devkitRunHttp: Client<RouteTable>;
  private readonly devkitRunTimeout: number;
  private readonly realtime: Realtime;

  /** The hub's origin, e.g. http://192.168.1.20. */
  readonly address: string;
  /** The hub's id, as its ping answered. */
  readonly id: string;
  private readonly connection: HubConnection;

  private constructor(connection: HubConnection) {
    const { address, id, token, refresh, realtime, timeout = HUB_CALL_TIMEOUT, devkitRunTimeout = DEVKIT_RUN_TIMEOUT } = connection;
    this.address = address;
    this.id = id;
    this.connection = connection;
    this.http = createTransport({ baseUrl: address, token, homeyId: id, timeout, refresh });
    this.devkitRunTimeout = devkitRunTimeout;
    this.devkitRunHttp = createTransport({ baseUrl: address, token, homeyId: id, timeout: devkitRunTimeout, refresh });
    this.realtime = new Realtime({ ...realtime, address, token, homeyId: id, onUnauthorized: refresh?.refresh, timeouts: { call: timeout } });
    const call = this.call.bind(this);
    for (const [managerId, manifest] of Object.entries(hubApis)) {
      Object.defineProperty(this, camelCase(managerId), { value: createManager(manifest, call, this.realtime), enumerable: true });
    }
    Object.assign(this.apps, { call: (appCall: AppCall) => this.callApp(appCall) });
  }

  /** Checks the options, pings the hub at `address` and resolves with a client of it. */
  static async connect(options: HubAPIOptions): Promise<HubAPI> {
    const { address, token, homeyId, realtime } = checkOptions(options);
    return new HubAPI({ address, id: await ping(address, homeyId), token, realtime });
  }

  /** A client of a hub already found, with a session that renews its token (see CloudUser.authenticateHomey). */
  static open(connection: HubConnection): HubAPI {
    return new HubAPI(connection);
  }

  /** Whether the session may use `scope` (seed 001 §5); without a session every scope is allowed. */
  hasScope(scope: string): boolean {
    const session = this.connection.session?.();
    if (!session) return true;
    return hasScope(session.intersectedScopes ?? session.scopes ?? [], scope);
  }

  /** Whether the user's role on this hub (from its cloud record) is `role`. */
  hasRole(role: string): boolean {
    return this.connection.role === role;
  }

  /** Opens the realtime connection (handshake, then `/api`); managers' connect() calls it too. */
  connect(): Promise<void> {
    return this.realtime.connect();
  }

  get realtimeState(): RealtimeState {
    return this.realtime.state;
  }

  /** Listens to the realtime connection's state; an error comes with 'disconnected' when a reconnect failed. */
  onRealtimeState(listener: (state: RealtimeState, error?: Error) => void): () => void {
    return this.realtime.onStateChange(listener);
  }

  /**
   * Listens to what the socket's transport layer reports: connect_error, connect_timeout, reconnect_failed, and
   * error ('parser error', 'probe error'), each with an APIError carrying the transport's own text.
   */
  onRealtimeEvent(listener: TransportListener): () => void {
    return this.realtime.onTransportEvent(listener);
  }

  /** Subscribes to any uri (`homey:device:<id>` for capability events); resolves with an unsubscribe function. */
  subscribe<U extends HubUri>(uri: U, listener: (event: EventOf<U>) => void): Promise<() => void> {
    return this.realtime.subscribe(uri, (event, data) => listener({ event, data } as EventOf<U>));
  }

  /** Closes the realtime connection and forgets its subscriptions. */
  destroy(): void {
    this.realtime.close();
  }

  /** Every failure's message and stack leave the token out, whichever layer wrote them. */
  private async call(manager: ManagerSpec, operationId: string, operation: OperationSpec, args: Record<string, unknown>) {
    try {
      return await this.send(manager, operationId, operation, args);
    } catch (error) {
      throw error instanceof Error ? redact(error, [currentToken(this.connection)]) : error;
    }
  }

  /** A route of an app: over HTTP even when the socket is open (the socket carries manager calls only). */
  private async callApp({ appId, method, path, query, body }: AppCall): Promise<unknown> {
    try {
      if (typeof appId !== 'string' || !appId) throw new Error(messages.missingParameter('appId'));
      if (!Object.hasOwn(APP_METHODS, method)) throw new Error(messages.invalidParameterType('method', String(method), Object.keys(APP_METHODS).join('|')));
      if (typeof path !== 'string') throw new Error(messages.missingParameter('path'));
      const route = path.split('/').filter(Boolean).map(encodeURIComponent).join('/');
      const carriesBody = method === 'POST' || method === 'PUT';
      const { data, response } = await this.http.request(APP_METHODS[method], `/api/app/${encodeURIComponent(appId)}/${route}`, {
        params: { query },
        body: carriesBody ? (body ?? {}) : undefined,
        parseAs: 'text',
      });
      return parseBody(data, response);
    } catch (error) {
      throw error instanceof Error ? redact(error, [currentToken(this.connection)]) : error;
    }
  }

  private async send(manager: ManagerSpec, operationId: string, operation: OperationSpec, args: Record<string, unknown>) {
    validateArgs(operation, args);
    const devkitRun = manager.id === 'devkit' && operationId === 'runApp';
    if (this.realtime.connected) {
      const result = await this.realtime.call(manager.uri, operationId, args, devkitRun ? this.devkitRunTimeout : undefined);
      if (operation.media) return toBytes(result);
      return operation.status === 204 ? undefined : result;
    }
    const { path, query, header, body } = toHttpRequest(operation, args);
    const http = devkitRun ? this.devkitRunHttp : this.http;
    const request = { params: { path, query, header }, body };
    if (operation.media) return toBytes((await http.request(operation.method, operation.path, { ...request, parseAs: 'arrayBuffer' })).data);
    const { data, response } = await http.request(operation.method, operation.path, { ...request, parseAs: 'text' });
    return parseBody(data, response);
  }
}

/** An app route's method as the caller names it, and as openapi-fetch sends it. */
const APP_METHODS = { GET: 'get', POST: 'post', PUT: 'put', DELETE: 'delete' } as const satisfies Record<AppCall['method'], string>;

/** An answer in bytes (an image): an ArrayBuffer over HTTP and in browsers' sockets, a Buffer in Node's. */
const toBytes = (data: unknown): Uint8Array => (data instanceof Uint8Array ? data : new Uint8Array(data as ArrayBuffer));

/** A JSON answer is parsed; any other answer is returned as its text (PROTOCOL.md §3); a 204 as undefined. */
function parseBody(text: string | undefined, response: Response): unknown {
  if (!text) return undefined;
  if (!/\bjson\b/i.test(response.headers.get('Content-Type') ?? '')) return text;
  try {
    return JSON.parse(text);
  } catch {
    throw new APIError(messages.invalidJson, response.status);
  }
}

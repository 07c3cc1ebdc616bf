import { io, type Socket } from 'socket.io-client';
import {
  HANDSHAKE_TIMEOUT,
  HUB_CALL_TIMEOUT,
  RECONNECT_DELAY,
  RECONNECT_DELAY_MAX,
  SOCKET_CONNECT_TIMEOUT,
  SOCKET_PATH,
  SOCKET_RECONNECTION,
  SOCKET_RECONNECTION_ATTEMPTS,
  SOCKET_TRANSPORTS,
  SUBSCRIBE_TIMEOUT,
} from '../constants.js';
import { APIError, HubAPIError, homeyOffline, messages, TimeoutError, transportTexts, type HubErrorBody } from '../errors.js';
import { connected, emitWithAck } from './acks.js';
import { backoffDelay, mayPass, wait } from './backoff.js';
import { readEvent } from './item-reads.js';

/** Seed 001 §4: the states of the realtime connection. */
export type RealtimeState = 'disconnected' | 'connecting' | 'handshake' | 'connected' | 'reconnecting';
export type RawListener = (event: string, data: unknown) => void;
export type StateListener = (state: RealtimeState, error?: Error) => void;
/**
 * What the transport layer reports (seed 001 §8): `connect_error` for each failed (re)connect, `connect_timeout`
 * when one got no answer in time, `reconnect_failed` when the reconnect attempts ran out, and `error` for a
 * failure of a working connection ('parser error' from a corrupt frame, 'probe error' from a failed upgrade).
 */
export type TransportEvent = 'connect_error' | 'connect_timeout' | 'reconnect_failed' | 'error';
export type TransportListener = (event: TransportEvent, error: APIError) => void;

export interface RealtimeOptions {
  address: string;
  /** The token to handshake with, read at each handshake (a session's token changes when it is renewed). */
  token: string | (() => string | undefined);
  homeyId: string;
  /** Renews the token after a handshake with `stale` answered 401; the handshake is then tried once more. */
  onUnauthorized?: (stale: string | undefined) => Promise<void>;
  timeouts?: { handshake?: number; subscribe?: number; call?: number; connect?: number };
  /** Default websocket only (§9); `['polling', 'websocket']` starts on long-polling and upgrades when it can. */
  transports?: readonly ('websocket' | 'polling')[];
  /** Reconnect attempts before giving up with `reconnect_failed` (default: never give up). */
  reconnectionAttempts?: number;
}

/**
 * engine.io and socket.io report failures as a string ('No transports available'), as an Error, or as 'server
 * error' with the real text in `code` ('parser error'); an upgrade failure reads 'probe error: <why>'.
 */
function transportError(error: unknown): APIError {
  if (typeof error === 'string') return new APIError(error);
  const { message, code } = error as Error & { code?: unknown };
  const text = typeof code === 'string' ? code : message;
  if (!text.startsWith(transportTexts.probeError)) return new APIError(text);
  const why = text.slice(transportTexts.probeError.length).replace(/^: (Error: )?/, '');
  return new APIError(transportTexts.probeError, undefined, why || undefined);
}

interface Subscription {
  listeners: Set<RawListener>;
  ready: Promise<void>;
}

/**
 * One socket.io connection to a hub (PROTOCOL.md §5): `handshakeClient` on `/`, then `/api` on the same
 * connection, `subscribe(uri)` per uri with an ack, and manager calls as `api` events. After a reconnect it
 * handshakes again, reopens `/api` and renews every subscription.
 */
export class Realtime {
  state: RealtimeState = 'disconnected';
  private root?: Socket;
  private api?: Socket;
  private opening?: Promise<void>;
  private abandon?: () => void;
  /** Counts restores, so that one outlived by a newer reconnect stops. */
  private restoring = 0;
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly stateListeners = new Set<StateListener>();
  private readonly transportListeners = new Set<TransportListener>();
  private readonly timeouts: Required<NonNullable<RealtimeOptions['timeouts']>>;

  constructor(private readonly options: RealtimeOptions) {
    this.timeouts = { handshake: HANDSHAKE_TIMEOUT, subscribe: SUBSCRIBE_TIMEOUT, call: HUB_CALL_TIMEOUT, connect: SOCKET_CONNECT_TIMEOUT, ...options.timeouts };
  }

  get connected(): boolean {
    return this.state === 'connected' && this.api?.connected === true;
  }

  /** Connects and handshakes once; later calls share the same connection. */
  connect(): Promise<void> {
    if (!this.opening) {
      const opening: Promise<void> = this.open().catch((error: unknown) => {
        if (this.opening === opening) this.close();
        throw error;
      });
      this.opening = opening;
    }
    return this.opening;
  }

  /** Calls `listener(event, data)` for every event on `uri`; resolves with a function that unsubscribes. */
  async subscribe(uri: string, listener: RawListener): Promise<() => void> {
    await this.connect();
    let subscription = this.subscriptions.get(uri);
    if (!subscription) {
      subscription = { listeners: new Set(), ready: this.sendSubscribe(uri) };
      this.subscriptions.set(uri, subscription);
      subscription.ready.catch(() => this.subscriptions.delete(uri));
    }
    await subscription.ready;
    const { listeners } = subscription;
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size || this.subscriptions.get(uri) !== subscription) return;
      this.subscriptions.delete(uri);
      this.api?.emit('unsubscribe', uri);
    };
  }

  /** A manager call over the socket: the ack carries exactly the HTTP response body. `ms` overrides the call time-out. */
  call<T>(uri: string, operation: string, args: Record<string, unknown>, ms = this.timeouts.call): Promise<T> {
    return emitWithAck<T>(this.socket(), ms, messages.timeout(ms), 'api', { uri, operation, args });
  }

  onStateChange(listener: StateListener): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  onTransportEvent(listener: TransportListener): () => void {
    this.transportListeners.add(listener);
    return () => this.transportListeners.delete(listener);
  }

  /** Closes the connection and forgets every subscription. */
  close(): void {
    this.shutdown();
  }

  private async open(): Promise<void> {
    // A close while connecting ends the connect: 'Not connected after connect'.
    const abandoned = new Promise<never>((_, reject) => (this.abandon = () => reject(new APIError(messages.notConnected))));
    this.setState('connecting');
    const { connect } = this.timeouts;
    const root = io(this.options.address, {
      path: SOCKET_PATH,
      transports: [...(this.options.transports ?? SOCKET_TRANSPORTS)],
      forceNew: true,
      reconnection: SOCKET_RECONNECTION,
      reconnectionAttempts: this.options.reconnectionAttempts ?? SOCKET_RECONNECTION_ATTEMPTS,
      reconnectionDelay: RECONNECT_DELAY,
      reconnectionDelayMax: RECONNECT_DELAY_MAX,
      timeout: connect,
    });
    this.root = root;
    this.report(root);
    const up = connected(root, (error) => {
      const { message } = transportError(error);
      return message === transportTexts.timeout ? new TimeoutError(messages.timeout(connect)) : homeyOffline(message);
    });
    await Promise.race([up, abandoned]);
    await Promise.race([this.handshake(root), abandoned]);
    this.abandon = undefined;
    root.on('connect', () => void this.restore(root));
    // The hub admits /api only after a handshake, so /api waits for restore() instead of reconnecting alone.
    root.on('disconnect', () => {
      this.api?.disconnect();
      this.setState(root.active ? 'reconnecting' : 'disconnected');
    });
    this.setState('connected');
  }

  /** Forwards what socket.io and engine.io report to the transport listeners, as APIErrors with their texts. */
  private report(root: Socket): void {
    const manager = root.io;
    root.on('connect_error', (error) => {
      const failure = transportError(error);
      this.emitTransport('connect_error', failure);
      if (failure.message === transportTexts.timeout) this.emitTransport('connect_timeout', new TimeoutError(messages.timeout(this.timeouts.connect)));
    });
    // Before the connection is up, socket.io reports these as connect_error; after, only the manager hears them.
    manager.on('error', (error) => root.connected && this.emitTransport('error', transportError(error)));
    manager.on('open', () => manager.engine.on('upgradeError', (error) => this.emitTransport('error', transportError(error))));
    manager.on('reconnect_failed', () => {
      const error = homeyOffline(messages.reconnectFailed(manager.reconnectionAttempts()));
      this.emitTransport('reconnect_failed', error);
      if (this.root === root) this.shutdown(error);
    });
  }

  private emitTransport(event: TransportEvent, error: APIError): void {
    for (const listener of this.transportListeners) listener(event, error);
  }

  private async handshake(root: Socket): Promise<void> {
    this.setState('handshake');
    const { onUnauthorized } = this.options;
    const stale = this.token();
    const { namespace } = await this.sendHandshake(root).catch(async (error: unknown) => {
      if (!onUnauthorized || (error as HubAPIError).statusCode !== 401) throw error;
      await onUnauthorized(stale);
      return this.sendHandshake(root);
    });
    const api = this.api ?? root.io.socket(namespace);
    if (!this.api) api.onAny((uri: string, event: string, data: unknown) => this.dispatch(uri, event, data));
    this.api = api;
    if (api.connected) return;
    const ready = connected(api, (error) => new HubAPIError((error.data as HubErrorBody | undefined) ?? error.message, 401));
    if (!api.active) api.connect();
    await ready;
  }

  private sendHandshake(root: Socket): Promise<{ namespace: string }> {
    const { handshake } = this.timeouts;
    return emitWithAck(root, handshake, messages.handshakeTimeout(handshake), 'handshakeClient', { token: this.token(), homeyId: this.options.homeyId });
  }

  private token(): string | undefined {
    const { token } = this.options;
    return typeof token === 'function' ? token() : token;
  }

  /**
   * After a reconnect: handshakes again and renews every subscription. A failure the hub may get over is tried
   * again after the backoff of §9 while this socket stays up; a refusal ends the connection.
   */
  private async restore(root: Socket): Promise<void> {
    const restoring = ++this.restoring;
    const current = () => restoring === this.restoring && this.root === root && root.connected;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.handshake(root);
        await Promise.all([...this.subscriptions.keys()].map((uri) => this.sendSubscribe(uri).catch((error: unknown) => this.forgetGone(uri, error))));
        if (current()) this.setState('connected');
        return;
      } catch (error) {
        if (!current()) return;
        if (!mayPass(error)) return this.shutdown(error as Error);
      }
      await wait(backoffDelay(attempt));
      if (!current()) return;
    }
  }

  private shutdown(error?: Error): void {
    this.abandon?.();
    this.abandon = undefined;
    this.api?.disconnect();
    this.root?.removeAllListeners();
    this.root?.disconnect();
    this.root = this.api = this.opening = undefined;
    this.subscriptions.clear();
    this.setState('disconnected', error);
  }

  /**
   * On a reconnect, a uri the hub refuses with 404 names an item deleted meanwhile: its subscription goes and its
   * listeners hear `delete`, as they would have. Any other refusal fails the reconnect.
   */
  private forgetGone(uri: string, error: unknown): void {
    if ((error as HubAPIError).statusCode !== 404) throw error;
    this.dispatch(uri, 'delete', { id: uri.split(':').slice(2).join(':') });
    this.subscriptions.delete(uri);
  }

  private sendSubscribe(uri: string): Promise<void> {
    const { subscribe } = this.timeouts;
    return emitWithAck<void>(this.socket(), subscribe, messages.subscribeTimeout(uri, subscribe), 'subscribe', uri);
  }

  private socket(): Socket {
    if (!this.api) throw new Error(messages.notConnected);
    return this.api;
  }

  private dispatch(uri: string, event: string, data: unknown): void {
    const listeners = this.subscriptions.get(uri)?.listeners;
    if (!listeners?.size) return;
    const item = readEvent(uri, event, data);
    for (const listener of listeners) listener(event, item);
  }

  private setState(state: RealtimeState, error?: Error): void {
    if (state === this.state && !error) return;
    this.state = state;
    for (const listener of this.stateListeners) listener(state, error);
  }
}

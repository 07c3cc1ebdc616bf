import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { ApiError, errorBody, toApiError } from '../../http/errors.js';
import { log } from '../../http/log.js';
import type { Cluster } from '../cluster/cluster.js';
import { LocalHubConnections, offline, type HubConnections, type RealtimeSink, type RealtimeStream } from './connections.js';
import type { TunnelRequest, TunnelResponse } from '../../common/tunnel-protocol.js';

type Call = Omit<TunnelRequest, 'type' | 'id'>;
type WireCall = Omit<Call, 'body'> & { body?: string };
type WireResponse = Omit<TunnelResponse, 'body'> & { body: string };

/**
 * What instances tell each other, as JSON on the channel of the instance it is for (bodies in base64). The holder
 * of a hub's tunnel answers `request` with `response` (or `failed`), and relays a realtime session (`open`, `emit`,
 * `close`) with `opened`, `ack`, `event` and `closed`, as the tunnel relays them to the hub.
 */
type Message =
  | { type: 'request'; from: string; id: number; hubId: string; call: WireCall }
  | { type: 'response'; id: number; response: WireResponse }
  | { type: 'failed'; id: number; status: number; error: string; description: string }
  | { type: 'open'; from: string; stream: number; hubId: string; handshake: unknown }
  | { type: 'emit'; from: string; stream: number; event: string; args: unknown[]; ack?: number }
  | { type: 'close'; from: string; stream: number }
  | { type: 'opened'; stream: number; args: unknown[] }
  | { type: 'ack'; stream: number; ack: number; args: unknown[] }
  | { type: 'event'; stream: number; event: string; args: unknown[] }
  | { type: 'closed'; stream: number };

/** A call forwarded to another instance gets this long (the tunnel's own limit is 30 s: its 504 comes back first). */
const REMOTE_CALL_TIMEOUT_MS = 35_000;

export const hubKey = (hubId: string) => `connect:hub:${hubId}`;
export const instanceChannel = (instanceId: string) => `connect:instance:${instanceId}`;

/** Deletes a hub's entry only while it names this instance (another may have taken the hub since). */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;
/**
 * Extends a hub's entry of this instance, or writes it again when it expired meanwhile (a stalled process): never
 * over another instance's, which holds the hub's newer tunnel.
 */
const RENEW = `local holder = redis.call('get', KEYS[1])
if holder == false or holder == ARGV[1] then return redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) end return 0`;

export interface ClusterConnectionsOptions {
  /** How often this instance renews its hubs' entries (they expire after three times this) and checks the instances it waits on. */
  renewMs?: number;
  heartbeatMs?: number;
  callTimeoutMs?: number;
}

/**
 * HubConnections across instances: each holds its hubs' tunnels (LocalHubConnections) and records in Redis, under
 * `connect:hub:<id>`, that it holds them. A call for a hub held elsewhere is published on the holder's channel, which
 * makes it through the tunnel and publishes the answer back: instances need no addresses of each other, only Redis.
 * An entry expires unless its holder renews it, so that a dead instance's hubs are not held for long; a hub that
 * reconnects (to any instance) overwrites its entry at once. A holder nobody listens for any more (its process died)
 * is noticed by the publish reaching no one, and by a periodic check: its calls fail as offline and its relayed
 * sessions close, so that clients reconnect and find the hub where it is now.
 */
export class ClusterHubConnections implements HubConnections {
  readonly local: LocalHubConnections;
  private readonly self: string;
  private readonly subscriber;
  private readonly renewMs: number;
  private readonly timer: NodeJS.Timeout;
  private nextId = 1;
  /** Calls this instance forwarded and waits on. */
  private readonly pending = new Map<number, { holder: string; resolve(response: TunnelResponse): void; reject(error: Error): void; timer: NodeJS.Timeout }>();
  /** Realtime sessions of this instance's clients relayed through another instance. */
  private readonly sinks = new Map<number, { holder: string; sink: RealtimeSink }>();
  /** Sessions of other instances' clients relayed through the tunnels held here, by `<instance>:<stream>`. */
  private readonly relayed = new Map<string, RealtimeStream>();

  /** Resolves once this instance listens on its channel: the service listens for hubs and clients only then. */
  readonly ready: Promise<void>;

  constructor(
    private readonly cluster: Cluster,
    options: ClusterConnectionsOptions = {},
  ) {
    this.local = new LocalHubConnections(options.heartbeatMs, options.callTimeoutMs);
    this.self = cluster.instanceId;
    this.renewMs = options.renewMs ?? 10_000;
    this.subscriber = cluster.subscriber();
    this.subscriber.on('message', (_channel: string, text: string) => this.receive(text));
    this.ready = this.subscriber.subscribe(instanceChannel(this.self)).then(() => undefined);
    this.timer = setInterval(() => void this.maintain().catch((error) => log.warn({ err: error }, 'renewing hub entries failed')), this.renewMs);
    this.timer.unref();
  }

  /** Takes a hub's tunnel here and records it as this instance's; the entry goes when the tunnel does. */
  attach(hubId: string, socket: WebSocket, connection: Duplex): void {
    this.local.attach(hubId, socket, connection);
    void this.cluster.redis.set(hubKey(hubId), this.self, 'PX', this.renewMs * 3).catch((error) => log.warn({ err: error, hubId }, 'recording a hub failed'));
    // After the local map's own close handler: the hub may already have a newer tunnel here.
    socket.on('close', () => {
      if (!this.local.holds(hubId)) void this.release(hubId, this.self);
    });
  }

  private release(hubId: string, holder: string): Promise<unknown> {
    return this.cluster.redis.eval(RELEASE, 1, hubKey(hubId), holder).catch((error) => log.warn({ err: error, hubId }, 'releasing a hub failed'));
  }

  /** The instance holding the hub's tunnel. Without Redis only this instance's own hubs are known to be reachable. */
  private async holder(hubId: string): Promise<string | null> {
    try {
      return await this.cluster.redis.get(hubKey(hubId));
    } catch (error) {
      log.warn({ err: error, hubId }, 'looking up a hub in Redis failed');
      return this.local.holds(hubId) ? this.self : null;
    }
  }

  /** Whether someone listened: false when the instance is gone, undefined when Redis cannot be reached. */
  private async publish(instance: string, message: Message): Promise<boolean | undefined> {
    try {
      return (await this.cluster.redis.publish(instanceChannel(instance), JSON.stringify(message))) > 0;
    } catch (error) {
      log.warn({ err: error, instance }, 'publishing to an instance failed');
      return undefined;
    }
  }

  /** Drops the entry of a holder that nobody listens for (it died); while Redis cannot be reached, nothing to drop. */
  private async forget(hubId: string, holder: string, delivered: false | undefined): Promise<void> {
    if (delivered === false) await this.release(hubId, holder);
  }

  async online(hubId: string): Promise<boolean> {
    const holder = await this.holder(hubId);
    if (holder === this.self) return this.local.holds(hubId);
    if (!holder) return false;
    if (await this.listening(holder)) return true;
    await this.release(hubId, holder);
    return false;
  }

  /** Whether the instance listens on its channel; taken for yes while Redis cannot tell (a call then times out). */
  private async listening(instance: string): Promise<boolean> {
    try {
      const [, count] = (await this.cluster.redis.pubsub('NUMSUB', instanceChannel(instance))) as [string, number];
      return Number(count) > 0;
    } catch {
      return true;
    }
  }

  async request(hubId: string, call: Call): Promise<TunnelResponse> {
    const holder = await this.holder(hubId);
    if (!holder) throw offline();
    if (holder === this.self) return this.local.request(hubId, call);
    const id = this.nextId++;
    const answer = new Promise<TunnelResponse>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new ApiError(504, 'homey_timeout', 'The Homey did not answer in time'));
      }, REMOTE_CALL_TIMEOUT_MS);
      this.pending.set(id, { holder, resolve, reject, timer });
    });
    const wire: WireCall = { ...call, body: call.body?.toString('base64') };
    const delivered = await this.publish(holder, { type: 'request', from: this.self, id, hubId, call: wire });
    if (!delivered) {
      // Its holder is gone (or Redis cannot reach it): the hub is offline until it reconnects to a live instance.
      this.settle(id)?.reject(offline());
      void answer.catch(() => undefined);
      await this.forget(hubId, holder, delivered);
      throw offline();
    }
    return answer;
  }

  private settle(id: number) {
    const call = this.pending.get(id);
    if (!call) return undefined;
    this.pending.delete(id);
    clearTimeout(call.timer);
    return call;
  }

  realtime(hubId: string, handshake: unknown, sink: RealtimeSink): RealtimeStream {
    let inner: RealtimeStream | undefined;
    let ended = false;
    const refuse = (error: unknown) => !ended && sink.opened([errorBody(toApiError(error), error, false)]);
    void this.holder(hubId)
      .then(async (holder) => {
        if (ended) return;
        if (!holder) throw offline();
        if (holder === this.self) return void (inner = this.local.realtime(hubId, handshake, sink));
        const stream = this.nextId++;
        this.sinks.set(stream, { holder, sink });
        inner = {
          emit: (event, args, ack) => this.sinks.has(stream) && void this.publish(holder, { type: 'emit', from: this.self, stream, event, args, ack }),
          close: () => {
            if (this.sinks.delete(stream)) void this.publish(holder, { type: 'close', from: this.self, stream });
          },
        };
        const delivered = await this.publish(holder, { type: 'open', from: this.self, stream, hubId, handshake });
        if (!delivered) {
          this.sinks.delete(stream);
          await this.forget(hubId, holder, delivered);
          throw offline();
        }
      })
      .catch(refuse);
    return {
      emit: (event, args, ack) => inner?.emit(event, args, ack),
      close: () => {
        ended = true;
        inner?.close();
      },
    };
  }

  /** A message on this instance's channel: a call to make here, or the answer to one made elsewhere. */
  private receive(text: string): void {
    let message: Message;
    try {
      message = JSON.parse(text) as Message;
    } catch {
      return;
    }
    switch (message.type) {
      case 'request':
        return void this.serve(message);
      case 'response': {
        const { body, ...response } = message.response;
        return this.settle(message.id)?.resolve({ ...response, body: Buffer.from(body, 'base64') });
      }
      case 'failed':
        return this.settle(message.id)?.reject(new ApiError(message.status, message.error, message.description));
      case 'open':
        return this.open(message);
      case 'emit':
        return this.relayed.get(`${message.from}:${message.stream}`)?.emit(message.event, message.args, message.ack);
      case 'close': {
        const key = `${message.from}:${message.stream}`;
        this.relayed.get(key)?.close();
        return void this.relayed.delete(key);
      }
      case 'opened':
        return this.sinks.get(message.stream)?.sink.opened(message.args);
      case 'ack':
        return this.sinks.get(message.stream)?.sink.ack(message.ack, message.args);
      case 'event':
        return this.sinks.get(message.stream)?.sink.event(message.event, message.args);
      case 'closed': {
        const entry = this.sinks.get(message.stream);
        this.sinks.delete(message.stream);
        return entry?.sink.closed();
      }
    }
  }

  /** Makes another instance's call through the tunnel held here and publishes the answer back. */
  private async serve({ from, id, hubId, call }: Extract<Message, { type: 'request' }>): Promise<void> {
    let answer: Message;
    try {
      const response = await this.local.request(hubId, { ...call, body: call.body === undefined ? undefined : Buffer.from(call.body, 'base64') });
      answer = { type: 'response', id, response: { ...response, body: response.body.toString('base64') } };
    } catch (error) {
      const failure = toApiError(error);
      answer = { type: 'failed', id, status: failure.statusCode, error: failure.error, description: failure.message };
    }
    await this.publish(from, answer);
  }

  /** Opens another instance's client's session on a hub whose tunnel is held here. */
  private open({ from, stream, hubId, handshake }: Extract<Message, { type: 'open' }>): void {
    const key = `${from}:${stream}`;
    const back = (message: Message) => void this.publish(from, message);
    try {
      this.relayed.set(
        key,
        this.local.realtime(hubId, handshake, {
          opened: (args) => back({ type: 'opened', stream, args }),
          ack: (ack, args) => back({ type: 'ack', stream, ack, args }),
          event: (event, args) => back({ type: 'event', stream, event, args }),
          closed: () => {
            this.relayed.delete(key);
            back({ type: 'closed', stream });
          },
        }),
      );
    } catch (error) {
      back({ type: 'opened', stream, args: [errorBody(toApiError(error), error, false)] });
    }
  }

  /** Renews this instance's entries; fails what waits on instances that stopped listening (they died). */
  private async maintain(): Promise<void> {
    const hubs = this.local.hubIds();
    if (hubs.length) {
      const renewals = this.cluster.redis.pipeline();
      for (const hubId of hubs) renewals.eval(RENEW, 1, hubKey(hubId), this.self, this.renewMs * 3);
      await renewals.exec();
    }
    const holders = new Set([...[...this.pending.values()].map((call) => call.holder), ...[...this.sinks.values()].map((entry) => entry.holder)]);
    for (const holder of holders) {
      if (await this.listening(holder)) continue;
      for (const [id, call] of this.pending) if (call.holder === holder) this.settle(id)?.reject(offline());
      for (const [stream, entry] of this.sinks) {
        if (entry.holder !== holder) continue;
        this.sinks.delete(stream);
        entry.sink.closed();
      }
    }
  }

  /** Gives up this instance's hubs (their entries first, so that no call is sent here meanwhile) and its tunnels. */
  async close(stop = false): Promise<void> {
    const hubs = this.local.hubIds();
    await Promise.all(hubs.map((hubId) => this.release(hubId, this.self)));
    this.local.close(stop);
    if (!stop) return;
    clearInterval(this.timer);
    for (const [id] of this.pending) this.settle(id)?.reject(offline());
    for (const stream of this.relayed.values()) stream.close();
    this.relayed.clear();
    this.subscriber.disconnect();
  }
}

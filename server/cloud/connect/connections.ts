import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { ApiError } from '../../http/errors.js';
import { corkPerTurn, decodeFrame, encodeFrame, TUNNEL_HEARTBEAT_MS, type FromHub, type ToHub, type TunnelRequest, type TunnelResponse } from '../../common/tunnel-protocol.js';

/** A forwarded call's time limit: the hub's own calls answer well within it (PROTOCOL.md §5: clients wait 10 s). */
const CALL_TIMEOUT_MS = 30_000;

export const offline = () => new ApiError(404, 'homey_offline', 'The Homey is offline');
/** A call under way when the hub's tunnel closed: the hub may or may not have made it, so it is not retried here. */
const disconnected = () => new ApiError(503, 'homey_disconnected', 'The Homey went offline before it answered');

/** What the connect service tells a client's relayed realtime session. */
export interface RealtimeSink {
  opened(args: unknown[]): void;
  ack(ack: number, args: unknown[]): void;
  event(event: string, args: unknown[]): void;
  closed(): void;
}

/** A client's realtime session on a hub, relayed through the hub's tunnel. */
export interface RealtimeStream {
  emit(event: string, args: unknown[], ack?: number): void;
  close(): void;
}

/**
 * Which hubs are connected and how a client's call reaches one. This instance's own map (LocalHubConnections)
 * serves one instance; with several, an implementation over Redis keeps the map "hub → instance holding its
 * tunnel" and forwards a call to that instance (docs/design.md), behind this same interface.
 */
export interface HubConnections {
  online(hubId: string): Promise<boolean>;
  /**
   * Forwards an HTTP call; rejects with 404 homey_offline when the hub is not connected, 503 homey_disconnected when
   * its tunnel closes before it answers, 504 when it does not answer in time.
   */
  request(hubId: string, request: Omit<TunnelRequest, 'type' | 'id'>): Promise<TunnelResponse>;
  /** Opens a relayed realtime session (the hub answers the handshake through `sink.opened`); 404 when offline. */
  realtime(hubId: string, handshake: unknown, sink: RealtimeSink): RealtimeStream;
}

/** One hub's tunnel: its WebSocket, its pending calls and its relayed realtime sessions. */
export class Tunnel {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(response: TunnelResponse): void; reject(error: Error): void; timer: NodeJS.Timeout }>();
  private readonly streams = new Map<number, RealtimeSink>();
  private readonly batch: () => void;

  /** `connection` is the one the WebSocket runs on: the frames sent in one turn are written to it together. */
  constructor(
    private readonly socket: WebSocket,
    connection: Duplex,
    private readonly callTimeoutMs = CALL_TIMEOUT_MS,
  ) {
    this.batch = corkPerTurn(connection);
    socket.on('message', (data, binary) => {
      try {
        if (binary) this.answered(decodeFrame<TunnelResponse>(data as Buffer));
        else this.receive(JSON.parse(String(data)) as FromHub);
      } catch {
        // Not a message of the tunnel: ignored.
      }
    });
  }

  private send(message: ToHub): void {
    this.batch();
    this.socket.send(JSON.stringify(message));
  }

  private answered(response: TunnelResponse): void {
    const call = this.pending.get(response.id);
    if (!call) return;
    this.pending.delete(response.id);
    clearTimeout(call.timer);
    call.resolve(response);
  }

  private receive(message: FromHub): void {
    const sink = this.streams.get(message.stream);
    if (!sink) return;
    if (message.type === 'realtime-opened') sink.opened(message.args);
    else if (message.type === 'realtime-ack') sink.ack(message.ack, message.args);
    else if (message.type === 'realtime-event') sink.event(message.event, message.args);
    else if (message.type === 'realtime-closed') {
      this.streams.delete(message.stream);
      sink.closed();
    }
  }

  request(request: Omit<TunnelRequest, 'type' | 'id'>): Promise<TunnelResponse> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new ApiError(504, 'homey_timeout', 'The Homey did not answer in time'));
      }, this.callTimeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      const { body, ...head } = request;
      this.batch();
      this.socket.send(encodeFrame({ type: 'request', id, ...head }, body));
    });
  }

  realtime(handshake: unknown, sink: RealtimeSink): RealtimeStream {
    const stream = this.nextId++;
    this.streams.set(stream, sink);
    this.send({ type: 'realtime-open', stream, handshake });
    return {
      emit: (event, args, ack) => this.streams.has(stream) && this.send({ type: 'realtime-emit', stream, event, args, ack }),
      close: () => {
        if (this.streams.delete(stream)) this.send({ type: 'realtime-close', stream });
      },
    };
  }

  /** The tunnel went away: pending calls fail (503), relayed sessions close. */
  closed(): void {
    for (const call of this.pending.values()) {
      clearTimeout(call.timer);
      call.reject(disconnected());
    }
    this.pending.clear();
    for (const sink of this.streams.values()) sink.closed();
    this.streams.clear();
  }

  close(): void {
    this.socket.terminate();
  }
}

/**
 * The tunnels this instance holds, one per hub: a hub that connects again replaces its previous tunnel. Each is
 * pinged every `heartbeatMs`; one that has not answered the previous ping is dropped (its hub opens another).
 */
export class LocalHubConnections implements HubConnections {
  private readonly tunnels = new Map<string, Tunnel>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly alive = new WeakSet<WebSocket>();
  private readonly sockets = new Set<WebSocket>();

  constructor(
    heartbeatMs = TUNNEL_HEARTBEAT_MS,
    private readonly callTimeoutMs = CALL_TIMEOUT_MS,
  ) {
    this.heartbeat = setInterval(() => {
      for (const socket of this.sockets) {
        if (!this.alive.has(socket)) {
          socket.terminate();
          continue;
        }
        this.alive.delete(socket);
        socket.ping();
      }
    }, heartbeatMs);
    this.heartbeat.unref();
  }

  /** Takes a hub's new tunnel (closing the one it replaces); forgets it when its socket closes. */
  attach(hubId: string, socket: WebSocket, connection: Duplex): void {
    const tunnel = new Tunnel(socket, connection, this.callTimeoutMs);
    this.tunnels.get(hubId)?.close();
    this.tunnels.set(hubId, tunnel);
    this.sockets.add(socket);
    this.alive.add(socket);
    socket.on('pong', () => this.alive.add(socket));
    socket.on('close', () => {
      this.sockets.delete(socket);
      if (this.tunnels.get(hubId) === tunnel) this.tunnels.delete(hubId);
      tunnel.closed();
    });
  }

  private tunnel(hubId: string): Tunnel {
    const tunnel = this.tunnels.get(hubId);
    if (!tunnel) throw offline();
    return tunnel;
  }

  async online(hubId: string): Promise<boolean> {
    return this.tunnels.has(hubId);
  }

  /** Whether this instance holds the hub's tunnel (online asks the same, for the interface). */
  holds(hubId: string): boolean {
    return this.tunnels.has(hubId);
  }

  /** The hubs whose tunnel this instance holds. */
  hubIds(): string[] {
    return [...this.tunnels.keys()];
  }

  request(hubId: string, request: Omit<TunnelRequest, 'type' | 'id'>): Promise<TunnelResponse> {
    try {
      return this.tunnel(hubId).request(request);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  realtime(hubId: string, handshake: unknown, sink: RealtimeSink): RealtimeStream {
    return this.tunnel(hubId).realtime(handshake, sink);
  }

  /** Drops every tunnel (their hubs open new ones); `stop` also ends the heartbeat, for good. */
  close(stop = false): void {
    if (stop) clearInterval(this.heartbeat);
    for (const tunnel of this.tunnels.values()) tunnel.close();
    this.tunnels.clear();
  }
}

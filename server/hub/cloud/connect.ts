import { io as connectSocket, type Socket } from 'socket.io-client';
import { WebSocket } from 'ws';
import {
  corkPerTurn,
  decodeFrame,
  MAX_TUNNEL_FRAME,
  TUNNEL_PATH,
  TUNNEL_SILENCE_MS,
  tunnelMask,
  type FromHub,
  type ToHub,
  type TunnelRequest,
} from '../../common/tunnel-protocol.js';
import { log } from '../../http/log.js';
import type { Hub } from '../core/context.js';
import { callOwnApi, type OwnApi } from './connect-calls.js';

/** Reconnect delays: from 1 s, doubled up to a minute, each with up to a quarter added at random (hubs spread out). */
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 60_000;

export interface RemoteConnectOptions {
  /** The connect service's base URL (http or https). */
  connectUrl: string;
  /** The hub's credential (hub-secret.ts). */
  secret: string;
  /** Where the hub answers on this machine: clients' realtime sessions become sockets there. */
  localUrl: string;
  /** The hub's own HTTP app, on which forwarded calls are made in process (callOwnApi). */
  api: OwnApi;
  /** How long without a ping from the service the tunnel is taken for dead (TUNNEL_SILENCE_MS); tests shorten it. */
  silenceMs?: number;
}

export interface RemoteConnect {
  /** Resolves once the tunnel is open (again). */
  connected(): Promise<void>;
  stop(): void;
}

/**
 * The hub's one outbound connection to the connect service: a WebSocket it opens and re-opens with backoff while
 * the hub runs. Calls of clients come through it and are made on the hub's own HTTP app in process, so that they
 * meet the same checks as local ones; clients' realtime sessions become sockets on the hub's own socket.io server.
 */
export function startRemoteConnect(hub: Pick<Hub, 'id' | 'clock' | 'now'>, options: RemoteConnectOptions): RemoteConnect {
  const url = new URL(TUNNEL_PATH, options.connectUrl.replace(/^http/, 'ws'));
  let stopped = false;
  let delay = FIRST_DELAY_MS;
  let cancelReopen = () => {};
  let socket: WebSocket | undefined;
  let waiting: Array<() => void> = [];
  let open = false;

  const open_ = () => {
    if (stopped) return;
    const ws = new WebSocket(url, { headers: { Authorization: `Bearer ${options.secret}` }, maxPayload: MAX_TUNNEL_FRAME, perMessageDeflate: false, generateMask: tunnelMask(url) });
    socket = ws;
    // No ping from the service for a while: the connection is gone without a word (a NAT forgot it); open another.
    let silence: NodeJS.Timeout | undefined;
    const listen = () => {
      clearTimeout(silence);
      silence = setTimeout(() => ws.terminate(), options.silenceMs ?? TUNNEL_SILENCE_MS);
    };
    ws.on('ping', listen);
    // The frames of one turn (answers made together) written to the connection together, once it is open.
    let batch = () => {};
    ws.on('upgrade', (response) => (batch = corkPerTurn(response.socket)));
    const sendFrame = (frame: string | Buffer) => {
      if (ws.readyState !== WebSocket.OPEN) return;
      batch();
      ws.send(frame);
    };
    const streams = new Map<number, Socket>();
    const send = (message: FromHub) => sendFrame(JSON.stringify(message));
    ws.on('open', () => {
      listen();
      delay = FIRST_DELAY_MS;
      open = true;
      log.info({ connectUrl: options.connectUrl }, 'connected to the connect service');
      for (const resolve of waiting) resolve();
      waiting = [];
    });
    ws.on('message', (data, binary) => {
      let message: ToHub | TunnelRequest;
      try {
        message = binary ? decodeFrame<TunnelRequest>(data as Buffer) : (JSON.parse(String(data)) as ToHub);
      } catch {
        return;
      }
      if (message.type !== 'request') return void receive(message, send, streams);
      void callOwnApi(options.api, message).then(sendFrame);
    });
    ws.on('error', (error) => log.warn({ err: error }, 'the connect service cannot be reached'));
    ws.on('close', () => {
      clearTimeout(silence);
      open = false;
      for (const root of streams.values()) root.close();
      streams.clear();
      if (stopped) return;
      cancelReopen = hub.clock.at(hub.now() + delay + Math.random() * delay * 0.25, open_);
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    });
  };

  async function receive(message: ToHub, send: (message: FromHub) => void, streams: Map<number, Socket>): Promise<void> {
    if (message.type === 'realtime-open') {
      // One socket.io connection to the hub per relayed client session; the client's token decides what it may.
      const root = connectSocket(options.localUrl, { path: '/socket.io/', transports: ['websocket'], forceNew: true, reconnection: false });
      streams.set(message.stream, root);
      const api = root.io.socket('/api');
      api.onAny((event: string, ...args: unknown[]) => send({ type: 'realtime-event', stream: message.stream, event, args }));
      root.on('disconnect', () => {
        api.disconnect();
        if (streams.delete(message.stream)) send({ type: 'realtime-closed', stream: message.stream });
      });
      root.on('connect_error', () => {
        if (streams.delete(message.stream)) send({ type: 'realtime-closed', stream: message.stream });
      });
      const handshake = { ...(message.handshake as object), homeyId: hub.id };
      root.emit('handshakeClient', handshake, (...args: unknown[]) => {
        if (!args[0]) api.connect();
        send({ type: 'realtime-opened', stream: message.stream, args });
      });
      return;
    }
    const root = streams.get(message.stream);
    if (!root) return;
    if (message.type === 'realtime-close') {
      streams.delete(message.stream);
      root.close();
      return;
    }
    const api = root.io.socket('/api');
    const { ack } = message;
    if (ack === undefined) api.emit(message.event, ...message.args);
    else api.emit(message.event, ...message.args, (...args: unknown[]) => send({ type: 'realtime-ack', stream: message.stream, ack, args }));
  }

  open_();
  return {
    connected: () => (open ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
    stop() {
      stopped = true;
      cancelReopen();
      socket?.terminate();
    },
  };
}

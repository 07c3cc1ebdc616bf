import type { Duplex } from 'node:stream';
import ipaddr from 'ipaddr.js';

/**
 * The messages of the tunnel a hub keeps open to the connect service (one WebSocket). The service sends calls of
 * clients; the hub answers them from its own API and realtime socket (on loopback). HTTP calls and answers travel
 * as binary frames (a JSON head, then the body's bytes as they are: see encodeFrame), realtime messages as JSON text.
 */

/** An HTTP call of a client, for the hub's own API. */
export interface TunnelRequest {
  type: 'request';
  id: number;
  method: string;
  /** Path and query, as the client sent them (`/api/manager/devices/device?x=1`). */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** The client's address as the service saw it: the hub counts its limits per address by it (clientAddress). */
  remoteAddress?: string;
}

export interface TunnelResponse {
  type: 'response';
  id: number;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * A client's realtime session relayed at the level of socket.io events (PROTOCOL.md §5): `open` carries the
 * client's handshakeClient payload, `emit` an event of the client on `/api` (subscribe, unsubscribe, api) with
 * the number of its ack if it has one; the hub answers `opened` (the handshake's ack arguments), `ack`, `event`
 * (what the hub's socket sends the client) and `closed`.
 */
export type ToHub =
  | { type: 'realtime-open'; stream: number; handshake: unknown }
  | { type: 'realtime-emit'; stream: number; event: string; args: unknown[]; ack?: number }
  | { type: 'realtime-close'; stream: number };

export type FromHub =
  | { type: 'realtime-opened'; stream: number; args: unknown[] }
  | { type: 'realtime-ack'; stream: number; ack: number; args: unknown[] }
  | { type: 'realtime-event'; stream: number; event: string; args: unknown[] }
  | { type: 'realtime-closed'; stream: number };

/** The largest body that travels through a tunnel either way (a bigger answer of the hub is refused as 502). */
export const MAX_TUNNEL_BODY = 32 * 1024 * 1024;
/** The largest frame: a body and its head. */
export const MAX_TUNNEL_FRAME = MAX_TUNNEL_BODY + 64 * 1024;

/**
 * How often the connect service pings each tunnel (a tunnel that misses a pong is dropped), and how long a hub
 * waits for a ping before it takes its tunnel for dead and opens another: a connection a NAT forgot is noticed.
 */
export const TUNNEL_HEARTBEAT_MS = 25_000;
export const TUNNEL_SILENCE_MS = 60_000;

/** The tunnel's path on the connect service; the hub sends its credential as `Authorization: Bearer <secret>`. */
export const TUNNEL_PATH = '/tunnel';

/** Headers that belong to one hop and are never relayed. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'content-length', 'proxy-connection', 'te', 'trailer']);

/** The headers of a message to relay (node:http's, of a request or an answer): lower-case names, one text each, no hop-by-hop ones. */
export function relayedHeaders(headers: Readonly<Record<string, string | string[] | number | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    const key = name.toLowerCase();
    if (value === undefined || HOP_BY_HOP.has(key)) continue;
    out[key] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

/** What a binary frame carries before its body. */
export type FrameHead = Omit<TunnelRequest, 'body'> | Omit<TunnelResponse, 'body'>;

/**
 * A binary frame: the head's length (4 bytes, big-endian), the head as JSON, then the body, given whole or as the
 * chunks it was read in: each byte is copied once, into the frame (no concatenation before it).
 */
export function encodeFrame(head: FrameHead, body: Buffer | readonly Buffer[] = []): Buffer {
  const chunks = Buffer.isBuffer(body) ? [body] : body;
  const json = JSON.stringify(head);
  const headLength = Buffer.byteLength(json);
  let size = 4 + headLength;
  for (const chunk of chunks) size += chunk.length;
  const frame = Buffer.allocUnsafe(size);
  frame.writeUInt32BE(headLength, 0);
  let offset = 4 + frame.write(json, 4);
  for (const chunk of chunks) offset += chunk.copy(frame, offset);
  return frame;
}

/** The message of a binary frame, its body a view of the frame (no copy); throws on a frame that is not one. */
export function decodeFrame<M extends TunnelRequest | TunnelResponse>(frame: Buffer): M {
  const length = frame.readUInt32BE(0);
  const head = JSON.parse(frame.toString('utf8', 4, 4 + length)) as M;
  head.body = frame.subarray(4 + length);
  return head;
}

/**
 * The masking key of the hub's frames. A WebSocket client masks its frames so that a script in a browser cannot
 * choose the bytes an intermediary on the path reads (RFC 6455 §10.3). Over TLS, or to a loopback address, no
 * intermediary reads them: there the key is zero, which RFC 6455 allows and with which neither side touches the
 * bytes (ws skips masking and unmasking); elsewhere ws draws a random one.
 */
export function tunnelMask(url: URL): ((mask: Buffer) => void) | undefined {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopback = ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
  return url.protocol === 'wss:' || loopback ? (mask) => void mask.fill(0) : undefined;
}

/**
 * Holds a tunnel's socket corked until the event loop's check phase once a frame is sent: the frames of one turn
 * (the calls that arrived together, the answers made together) leave in one `writev` instead of one each. A write
 * is a system call that also wakes the other end; under load a turn carries several frames. Nothing waits longer
 * than the turn it was sent in. Call the returned function before each send.
 */
export function corkPerTurn(socket: Pick<Duplex, 'cork' | 'uncork'>): () => void {
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  return () => {
    if (corked) return;
    corked = true;
    socket.cork();
    setImmediate(uncork);
  };
}

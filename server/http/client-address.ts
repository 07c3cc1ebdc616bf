import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from './throttle.js';

/**
 * The proxies whose X-Forwarded-For this process believes (TRUSTED_PROXIES): behind a proxy every call comes from
 * the proxy's address, and limits counted per address would count every client together. Empty: the peer is the client.
 */
let trusted: ReadonlySet<string> = new Set();

export function trustProxies(addresses: readonly string[]): void {
  trusted = new Set(addresses.map(addressKey));
}

/** Local ports of the connections this process opened to its own server to make calls for clients elsewhere. */
const relayPorts = new Set<number>();
const relaySockets = new WeakSet<Socket>();

/**
 * Marks a connection this process opens to its own server on loopback to make calls for clients elsewhere (the
 * connect tunnel's): the calls on it come from the address their X-Forwarded-For names, as from a trusted proxy.
 * Another process cannot pass for it: the mark is the connection's own port, which only this process holds.
 */
export function relaying(socket: Socket): void {
  if (relaySockets.has(socket)) return;
  relaySockets.add(socket);
  const mark = () => {
    const port = socket.localPort;
    if (port === undefined) return;
    relayPorts.add(port);
    socket.once('close', () => relayPorts.delete(port));
  };
  if (socket.localPort !== undefined) mark();
  else socket.once('connect', mark);
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const isRelayed = (req: IncomingMessage) => req.socket.remotePort !== undefined && relayPorts.has(req.socket.remotePort) && LOOPBACK.has(req.socket.remoteAddress ?? '');

/**
 * The address a call comes from: the peer's, or, when the peer is a trusted proxy, the address that proxy saw (the
 * last entry of X-Forwarded-For: entries before it were written by the client and prove nothing).
 */
export function clientAddress(req: IncomingMessage): string {
  const peer = req.socket.remoteAddress ?? '';
  if (!trusted.has(addressKey(peer)) && !isRelayed(req)) return peer;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((entry) => entry.trim()).filter(Boolean);
  return forwarded.at(-1) ?? peer;
}

import type { IncomingMessage } from 'node:http';
import { addressKey } from './throttle.js';

/**
 * The proxies whose X-Forwarded-For this process believes (TRUSTED_PROXIES): behind a proxy every call comes from
 * the proxy's address, and limits counted per address would count every client together. Empty: the peer is the client.
 */
let trusted: ReadonlySet<string> = new Set();

export function trustProxies(addresses: readonly string[]): void {
  trusted = new Set(addresses.map(addressKey));
}

/**
 * The address a call comes from: the peer's, or, when the peer is a trusted proxy, the address that proxy saw (the
 * last entry of X-Forwarded-For: entries before it were written by the client and prove nothing).
 */
export function clientAddress(req: IncomingMessage): string {
  const peer = req.socket.remoteAddress ?? '';
  if (!trusted.has(addressKey(peer))) return peer;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((entry) => entry.trim()).filter(Boolean);
  return forwarded.at(-1) ?? peer;
}

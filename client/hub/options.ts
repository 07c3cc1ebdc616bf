import { messages } from '../errors.js';
import type { RealtimeOptions } from './realtime.js';

/** How the realtime connection is made, beyond the defaults of §9. */
export type RealtimeChoices = Pick<RealtimeOptions, 'transports' | 'reconnectionAttempts'>;

export interface HubAPIOptions {
  /** The hub's base URL, such as `http://192.168.1.20` or `https://<id>.connect.example.com`. */
  address: string;
  /** A bearer token the hub accepts: a personal access token or a hub session token. */
  token: string;
  /** The expected hub id; when given, a hub with another id is refused ('Invalid Homey ID'). */
  homeyId?: string;
  realtime?: RealtimeChoices;
}

/** Checks what HubAPI.connect was given (seed 001 §5) and returns the address as a bare origin. */
export function checkOptions(options: HubAPIOptions): HubAPIOptions {
  const { address, token, homeyId, realtime } = options ?? ({} as Partial<HubAPIOptions>);
  let url: URL | undefined;
  try {
    url = typeof address === 'string' ? new URL(address) : undefined;
  } catch {
    url = undefined;
  }
  // An address is an origin: the socket.io client would read any path as a namespace.
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.hash) {
    throw new Error(messages.invalidAddress);
  }
  if (typeof token !== 'string' || !token) throw new Error(messages.invalidToken);
  if (homeyId !== undefined && (typeof homeyId !== 'string' || !homeyId)) throw new Error(messages.invalidHomey);
  return { address: url.origin, token, homeyId, realtime };
}

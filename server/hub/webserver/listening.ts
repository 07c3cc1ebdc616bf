import type { Hub } from '../core/context.js';
import type { HubService, Nothing } from '../core/service.js';

export interface Listening {
  protocol: 'http' | 'https';
  url: string;
  since: string;
}

/** Where the hub's server listens and whether it advertises over mDNS: runtime facts of its process, told by hub.ts. */
export interface Serving {
  listening: Listening[];
  mdnsPort: number | null;
}

declare module '../core/context.js' {
  interface Hub {
    /** The listening service's facts: read through this module. */
    serving: Serving;
  }
}

/** Keeps where the hub listens while it runs (nowhere until hub.ts listens). */
export const listening: HubService<Nothing, Pick<Hub, 'serving'>> = {
  name: 'listening',
  start: () => ({ gives: { serving: { listening: [], mdnsPort: null } } }),
};

/** The server now listens at `url` (a protocol listens at one address at a time: a new listen replaces the old). */
export function recordListening(hub: Pick<Hub, 'serving' | 'now'>, protocol: Listening['protocol'], url: string): void {
  const entry = hub.serving;
  entry.listening = [...entry.listening.filter((other) => other.protocol !== protocol), { protocol, url, since: new Date(hub.now()).toISOString() }];
}

/** The hub advertises its HTTP port over mDNS (null: it stopped). */
export function recordAdvertising(hub: Pick<Hub, 'serving'>, port: number | null): void {
  hub.serving.mdnsPort = port;
}

export const listeningOf = (hub: Pick<Hub, 'serving'>): readonly Listening[] => hub.serving.listening;
export const advertisedPort = (hub: Pick<Hub, 'serving'>): number | null => hub.serving.mdnsPort;

/** The names the hub answers to beside its addresses: its mDNS names and those configured (HostAllowList). */
export const hubHostNames = (hub: Pick<Hub, 'id' | 'config'>): string[] => [`${hub.id}.local`, `homey-${hub.id}.local`, ...(hub.config.hostNames ?? [])];

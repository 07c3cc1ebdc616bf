import type { Hub } from '../core/context.js';

export interface Listening {
  protocol: 'http' | 'https';
  url: string;
  since: string;
}

/** Where each hub's server listens and whether it advertises over mDNS: runtime facts of its process, told by hub.ts. */
const servers = new WeakMap<Hub, { listening: Listening[]; mdnsPort: number | null }>();

const of = (hub: Hub) => {
  let entry = servers.get(hub);
  if (!entry) servers.set(hub, (entry = { listening: [], mdnsPort: null }));
  return entry;
};

/** The server now listens at `url` (a protocol listens at one address at a time: a new listen replaces the old). */
export function recordListening(hub: Hub, protocol: Listening['protocol'], url: string): void {
  const entry = of(hub);
  entry.listening = [...entry.listening.filter((other) => other.protocol !== protocol), { protocol, url, since: new Date(hub.now()).toISOString() }];
}

/** The hub advertises its HTTP port over mDNS (null: it stopped). */
export function recordAdvertising(hub: Hub, port: number | null): void {
  of(hub).mdnsPort = port;
}

export const listeningOf = (hub: Hub): readonly Listening[] => servers.get(hub)?.listening ?? [];
export const advertisedPort = (hub: Hub): number | null => servers.get(hub)?.mdnsPort ?? null;

/** The names the hub answers to beside its addresses: its mDNS names and those configured (HostAllowList). */
export const hubHostNames = (hub: Pick<Hub, 'id' | 'config'>): string[] => [`${hub.id}.local`, `homey-${hub.id}.local`, ...(hub.config.hostNames ?? [])];

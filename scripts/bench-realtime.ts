/**
 * The realtime part of npm run bench: one capability change fanned out to many subscribed socket.io clients. Every
 * client connects like an existing one (handshakeClient, then /api) and subscribes to the device; each change is a
 * PUT with its own transactionId, and a client's delivery latency is the time from sending the PUT to that client
 * receiving the `capability` event carrying the id. The clients all live in this one process, so the figures include
 * the time this process takes to read a thousand websocket frames: the hub alone is faster than they show.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { connectRealtime, type RealtimeClient } from '../server/hub/testing/realtime-client.js';

export interface FanOutResult {
  clients: number;
  changes: number;
  p50: number;
  p99: number;
  max: number;
  /** Deliveries that did not arrive within the wait. */
  missed: number;
  /** CPU time per measured change (user + system, ms) of the server's process, when its `serverCpu` was given, and of this process (the clients). */
  cpuPerChange: { server?: number; clients: number };
}

/** CPU seconds (user + system) this process has used so far. */
const ownCpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** How long changes are written before the measured ones (as bench.ts's warm-up second). */
const warmUpMs = 1000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function connectAll(count: number, url: string, token: string, hubId: string, uri: string): Promise<RealtimeClient[]> {
  const clients: RealtimeClient[] = [];
  // In batches: a thousand handshakes at once would measure the accept queue, not the fan-out.
  for (let batch = 0; batch < count; batch += 50) {
    const next = await Promise.all(
      Array.from({ length: Math.min(50, count - batch) }, async () => {
        const client = await connectRealtime(url, token, hubId);
        const [error] = await client.request('subscribe', uri);
        if (error) throw new Error(`subscribe ${uri} failed: ${JSON.stringify(error)}`);
        return client;
      }),
    );
    clients.push(...next);
  }
  return clients;
}

/** Sets `capabilityId` on the device for a second to warm up, then `changes` times, alternating two values, with `clients` subscribers listening. */
export async function measureFanOut(
  options: {
    url: string;
    token: string;
    hubId: string;
    deviceId: string;
    capabilityId: string;
    values: [unknown, unknown];
    clients: number;
    changes: number;
    /** Where the changes are written (default `url`): the hub itself when the clients listen through the connect service. */
    writeUrl?: string;
    /** CPU seconds the server's process has used so far: CPU time is what a shared machine skews least. */
    serverCpu?: () => number;
  },
): Promise<FanOutResult> {
  const { url, token, hubId, deviceId, capabilityId, values, changes, writeUrl = url } = options;
  const uri = `homey:device:${deviceId}`;
  const clients = await connectAll(options.clients, url, token, hubId, uri);
  const latencies: number[] = [];
  let missed = 0;
  // The change under way: every client's listener records its arrival and the last one ends the wait.
  let current: { transactionId: string; sent: number; arrived: number; measured: boolean; done: () => void } | undefined;
  for (const client of clients) {
    client.api.on(uri, (event: string, data: { transactionId?: string }) => {
      if (event !== 'capability' || !current || data.transactionId !== current.transactionId) return;
      if (current.measured) latencies.push(performance.now() - current.sent);
      if (++current.arrived === clients.length) current.done();
    });
  }
  const cpuAtStart = { server: 0, clients: 0 };
  const cpuPerChange: FanOutResult['cpuPerChange'] = { clients: NaN };
  /** Writes one change and waits until every client heard it (or 5 s passed), recording the deliveries when `measured`. */
  const change = async (value: unknown, measured: boolean) => {
    const transactionId = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const all = new Promise<void>((resolve) => {
      current = { transactionId, sent: performance.now(), arrived: 0, measured, done: resolve };
      timer = setTimeout(resolve, 5000);
    });
    const response = await fetch(`${writeUrl}/api/manager/devices/device/${deviceId}/capability/${capabilityId}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ value, transactionId }),
    });
    if (!response.ok) throw new Error(`setCapabilityValue answered ${response.status}`);
    await all;
    clearTimeout(timer);
    if (measured) missed += clients.length - current!.arrived;
    current = undefined;
  };
  try {
    // Changes for a second to warm up, as the other rows warm up: the first changes after a thousand new
    // connections also compile the clients' and the hub's paths (the first two took 57 and 85 ms to reach every
    // client where the next ones took 31–40 ms, docs/benchmarks.md). Then the measured ones.
    let written = 0;
    for (const warmUpEnd = performance.now() + warmUpMs; written === 0 || performance.now() < warmUpEnd; written++) await change(values[written % 2], false);
    Object.assign(cpuAtStart, { server: options.serverCpu?.() ?? NaN, clients: ownCpu() });
    for (let measured = 0; measured < changes; measured++, written++) await change(values[written % 2], true);
    const perChange = (seconds: number) => Math.round((seconds * 1e4) / changes) / 10;
    cpuPerChange.clients = perChange(ownCpu() - cpuAtStart.clients);
    if (options.serverCpu) cpuPerChange.server = perChange(options.serverCpu() - cpuAtStart.server);
  } finally {
    for (const client of clients) client.close();
  }
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { clients: clients.length, changes, p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)), max: round(latencies.at(-1) ?? NaN), missed, cpuPerChange };
}

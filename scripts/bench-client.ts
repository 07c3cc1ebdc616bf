/**
 * The client part of npm run bench (issue 8): our client against plain fetch for 1,000 device reads while the
 * devices manager is subscribed (the client answers them from its cache), and 100 concurrent identical GETs (how
 * many reach the hub: the client shares one pending call). Reads are sequential, so the figures are latencies.
 */
import { performance } from 'node:perf_hooks';
import { HubAPI } from '../client/hub/hub-api.js';

export interface ClientBench {
  reads: number;
  clientMs: number;
  fetchMs: number;
  concurrent: number;
  clientReached: number;
  fetchReached: number;
}

/**
 * Counts the requests this process sends to `url` while `work` runs. `prepare` runs first, uncounted, with the
 * counting fetch in place: a client keeps the fetch it was made with.
 */
async function counted<T>(url: string, prepare: () => Promise<T>, work: (prepared: T) => Promise<unknown>): Promise<number> {
  const original = globalThis.fetch;
  let count = 0;
  globalThis.fetch = (input, init) => {
    const target = input instanceof Request ? input.url : String(input);
    if (target.startsWith(url)) count++;
    return original(input, init);
  };
  try {
    const prepared = await prepare();
    count = 0;
    await work(prepared);
  } finally {
    globalThis.fetch = original;
  }
  return count;
}

export async function measureClient({ url, token, reads = 1000, concurrent = 100 }: { url: string; token: string; reads?: number; concurrent?: number }): Promise<ClientBench> {
  const headers = { Authorization: `Bearer ${token}` };
  const plain = await HubAPI.connect({ address: url, token });
  const [device] = Object.values(await plain.devices.getDevices());
  if (!device) throw new Error('The hub has no device to read');
  const path = `${url}/api/manager/devices/device/${device.id}`;

  const many = (read: () => Promise<unknown>) => Promise.all(Array.from({ length: concurrent }, read));
  const fetchReached = await counted(url, async () => undefined, () => many(() => fetch(path, { headers }).then((res) => res.json())));
  const clientReached = await counted(url, () => HubAPI.connect({ address: url, token }), (client) => many(() => client.devices.getDevice({ id: device.id })));

  let started = performance.now();
  for (let i = 0; i < reads; i++) await (await fetch(path, { headers })).json();
  const fetchMs = performance.now() - started;

  const subscribed = await HubAPI.connect({ address: url, token });
  await subscribed.devices.connect();
  await subscribed.devices.getDevices();
  started = performance.now();
  for (let i = 0; i < reads; i++) await subscribed.devices.getDevice({ id: device.id });
  const clientMs = performance.now() - started;
  subscribed.destroy();
  return { reads, clientMs, fetchMs, concurrent, clientReached, fetchReached };
}

export function printClient(result: ClientBench): void {
  const ms = (value: number) => `${value.toFixed(0)} ms (${((value * 1000) / result.reads).toFixed(0)} µs/read)`;
  console.log(`\nClient: ${result.reads} sequential device reads, devices manager subscribed: our client ${ms(result.clientMs)}, plain fetch ${ms(result.fetchMs)}`);
  console.log(`Client: ${result.concurrent} concurrent identical GETs reaching the hub: our client ${result.clientReached}, plain fetch ${result.fetchReached}`);
}

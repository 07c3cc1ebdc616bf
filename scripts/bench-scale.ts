/**
 * `npm run bench -- scale`: the hub at a power user's scale (issue 21), on a hub of its own as `npm start` runs it.
 * The demo home's rates are measured first (capability writes, device list reads), then the home is built through
 * the public API up to 3,036 devices over 59 zones and 1,004 enabled flows (a motion, contact or temperature
 * trigger, one condition and one action on another device), and the rows are measured there: a flow create, the flow
 * list and state, a delete of a device 10 flows use (with a ping loop watching for stalls), capability writes, device
 * list reads mixed with writes, trigger → action at a realtime client, a restart to the first device list, memory.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { connectRealtime } from '../server/hub/testing/realtime-client.js';
import { residentMb } from './bench-start.js';
import { freePort, printed, spawnStart, stop, waitForOutput } from './child.js';

const DEVICES = 3036;
const FLOWS = 1004;
const ZONES = 59;
const connections = 10;
const seconds = 5;

interface Device {
  id: string;
  name: string;
  capabilities: string[];
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN) * 10) / 10;
};

/**
 * The hub on a fixed port (so that a restart answers at the same URL) in `dataDir`, up to its last line; with
 * `firstRead`, also how long from spawning it a read of that path took to answer 200, polled from the spawn on.
 */
async function startHub(dataDir: string, port: number, firstRead?: { path: string; token: string }) {
  const startedAt = performance.now();
  const child = await spawnStart({ HUB_PORT: String(port), FORM_PORT: '0', CLOUD_PORT: '0', HUB_MDNS: '0', DATA_DIR: dataDir });
  const polled = firstRead && (async () => {
    for (;;) {
      const response = await fetch(`http://127.0.0.1:${port}${firstRead.path}`, { headers: { Authorization: `Bearer ${firstRead.token}` } }).catch(() => undefined);
      if (response?.ok) {
        await response.arrayBuffer();
        return performance.now() - startedAt;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const output = await waitForOutput(child, /^Ctrl-C stops/, 120_000);
  return { child, url: printed(output, 'Hub URL')!, token: printed(output, 'Personal access token')!, firstReadMs: polled ? await polled : NaN };
}

/** Runs `work` on `items`, `parallel` at a time. */
async function inParallel<T>(items: T[], parallel: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  }));
}

export async function benchScale(): Promise<boolean> {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-scale-'));
  const dataDir = path.join(work, 'data');
  const port = await freePort();
  let hub = await startHub(dataDir, port);
  const headers = { Authorization: `Bearer ${hub.token}`, 'Content-Type': 'application/json' };
  const call = async (method: string, path: string, body?: object) => {
    const response = await fetch(hub.url + path, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response.status === 204 ? undefined : response.json();
  };
  const timed = async (method: string, path: string, body?: object) => {
    const began = performance.now();
    const answer = await call(method, path, body);
    return { answer, ms: performance.now() - began };
  };
  const load = async (name: string, options: autocannon.Options) => {
    await autocannon({ connections, ...options, duration: 1 });
    const result = await autocannon({ connections, ...options, duration: seconds });
    const failures = result.non2xx + result.errors;
    return { name, perSecond: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, failures };
  };
  const devicesPath = '/api/manager/devices/device';
  const listDevices = async () => Object.values((await call('GET', devicesPath)) as Record<string, Device>);
  const write = (device: Device): autocannon.Options => ({
    url: `${hub.url}${devicesPath}/${device.id}/capability/dim`, method: 'PUT', headers,
    requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify({ value: Math.round(Math.random() * 100) / 100 }) }) }],
  });
  const gzipRead: autocannon.Options = { url: hub.url + devicesPath, headers: { ...headers, 'Accept-Encoding': 'gzip' } };
  const rows: Array<{ name: string; perSecond: number; p50: number; p99: number; failures: number }> = [];
  try {
    const demoIdleMb = residentMb(hub.child.pid!);
    const demoLamp = (await listDevices()).find((device) => device.capabilities.includes('dim'))!;
    console.log("Measuring the demo home's capability writes and device list reads...");
    const demoWrites = await load('demo: capability writes (dim, no flows on it)', write(demoLamp));
    const demoReads = await load('demo: device list reads (gzip)', gzipRead);
    rows.push(demoWrites, demoReads);

    console.log(`Building the home through the API: ${ZONES} zones, ${DEVICES} devices, ${FLOWS} flows...`);
    const zones = Object.values((await call('GET', '/api/manager/zones/zone')) as Record<string, { id: string; parent: string | null }>);
    const home = zones.find((zone) => zone.parent === null)!;
    for (let n = zones.length; n < ZONES; n++) zones.push((await call('POST', '/api/manager/zones/zone', { name: `Room ${n}`, icon: 'default', parent: home.id })) as { id: string; parent: string });
    const drivers = ['motion', 'contact', 'temperature', 'light', 'socket'];
    const sessions = new Map<string, string>();
    for (const driver of drivers) {
      sessions.set(driver, ((await call('POST', '/api/manager/drivers/pairsession', { type: 'pair', driverId: `homey:manager:vdevice:${driver}` })) as { id: string }).id);
    }
    const demoCount = (await listDevices()).length;
    const wanted = Array.from({ length: DEVICES - demoCount }, (_, n) => n);
    await inParallel(wanted, 4, async (n) => {
      const driver = drivers[n % drivers.length]!;
      await call('POST', `/api/manager/drivers/pairsession/${sessions.get(driver)}/device`, { name: `Scale ${driver} ${n}`, data: { id: `scale-${n}` }, zone: zones[n % zones.length]!.id });
    });
    const devices = await listDevices();
    const of = (driver: string) => devices.filter((device) => device.name.startsWith(`Scale ${driver} `));
    const [motions, contacts, temperatures, lights, sockets] = [of('motion'), of('contact'), of('temperature'), of('light'), of('socket')];
    const uri = (device: Device) => `homey:device:${device.id}`;
    const card = (device: Device, local: string) => ({ uri: uri(device), id: `${uri(device)}:${local}` });
    const triggerOf = (n: number) => {
      const [sensors, local] = ([[motions, 'alarm_motion_true'], [contacts, 'alarm_contact_true'], [temperatures, 'measure_temperature_changed']] as const)[n % 3]!;
      return card(sensors[n % sensors.length]!, local);
    };
    const flowOf = (n: number, light = lights[n % lights.length]!) => ({
      name: `Scale flow ${n}`, trigger: triggerOf(n), conditions: [{ ...card(light, 'onoff_is'), inverted: true }], actions: [card(light, 'on')],
    });
    const existing = Object.keys((await call('GET', '/api/manager/flow/flow')) as object).length;
    const creates: number[] = [];
    for (let n = existing; n < FLOWS - 10; n++) creates.push((await timed('POST', '/api/manager/flow/flow', flowOf(n))).ms);
    // The device to delete: a socket 10 flows act on (the other flows act on lights).
    const doomed = sockets.at(-1)!;
    for (let n = 0; n < 10; n++) creates.push((await timed('POST', '/api/manager/flow/flow', flowOf(FLOWS - 10 + n, doomed))).ms);
    const lateCreates = creates.slice(-200);

    console.log('Measuring at scale...');
    rows.push(await load('GET /api/manager/flow/flow', { url: `${hub.url}/api/manager/flow/flow`, headers }));
    rows.push(await load('GET /api/manager/flow/state', { url: `${hub.url}/api/manager/flow/state`, headers }));
    const lamp = lights[0]!;
    const scaleWrites = await load('scale: capability writes (dim, no flows on it)', write(lamp));
    const scaleReads = await load('scale: device list reads (gzip)', gzipRead);
    const writer = autocannon({ ...write(lamp), connections: 1, duration: seconds + 1 });
    const mixedReads = await load('scale: device list reads (gzip) while one client writes', gzipRead);
    const mixedWrites = await writer;
    rows.push(scaleWrites, scaleReads, mixedReads);

    // A delete while a ping loop runs: the longest ping is how long any other request waited.
    let pinging = true;
    const pings: number[] = [];
    const pinger = (async () => {
      while (pinging) {
        const began = performance.now();
        await fetch(`${hub.url}/api/manager/system/ping`);
        pings.push(performance.now() - began);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const deleted = await timed('DELETE', `${devicesPath}/${doomed.id}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    pinging = false;
    await pinger;
    const broken = Object.values((await call('GET', '/api/manager/flow/flow')) as Record<string, { broken: boolean }>).filter((flow) => flow.broken).length;

    console.log('Measuring trigger → action at a realtime client...');
    const hubId = (await fetch(`${hub.url}/api/manager/system/ping`)).headers.get('x-homey-id')!;
    // The pair of a flow that was made: a motion trigger (n divisible by 3) and its light.
    const first = Math.ceil(existing / 3) * 3;
    const [motion, light] = [motions[first % motions.length]!, lights[first % lights.length]!];
    const client = await connectRealtime(hub.url, hub.token, hubId);
    const latencies: number[] = [];
    try {
      await client.request('subscribe', uri(light));
      for (let change = 0; change < 50; change++) {
        await call('PUT', `${devicesPath}/${motion.id}/capability/alarm_motion`, { value: false });
        await call('PUT', `${devicesPath}/${light.id}/capability/onoff`, { value: false });
        const sent = performance.now();
        const arrived = client.next(uri(light), (event, data) => event === 'capability' && data.capabilityId === 'onoff' && data.value === true);
        await call('PUT', `${devicesPath}/${motion.id}/capability/alarm_motion`, { value: true, transactionId: randomUUID() });
        const ms = await Promise.race([arrived.then(() => performance.now() - sent), new Promise<number>((resolve) => setTimeout(() => resolve(NaN), 5000))]);
        latencies.push(ms);
      }
    } finally {
      client.close();
    }
    const afterLoadMb = residentMb(hub.child.pid!);

    console.log('Restarting...');
    await stop(hub.child);
    hub = await startHub(dataDir, port, { path: devicesPath, token: hub.token });
    const firstList = hub.firstReadMs;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const scaleIdleMb = residentMb(hub.child.pid!);

    const widths = [62, 8, 8, 8, 9];
    console.log(`\nThe hub at scale: ${devices.length} devices over ${zones.length} zones, ${FLOWS} flows (${connections} connections × ${seconds} s per row)\n`);
    console.log(['row', 'req/s', 'p50 ms', 'p99 ms', 'failures'].map((cell, n) => (n ? cell.padStart(widths[n]!) : cell.padEnd(widths[n]!))).join(''));
    for (const row of rows) console.log([row.name, row.perSecond, row.p50, row.p99, row.failures].map((cell, n) => (n ? String(cell).padStart(widths[n]!) : String(cell).padEnd(widths[n]!))).join(''));
    console.log(`\ncreate a flow (the last 200 of ${creates.length}, one at a time): p50 ${percentile(lateCreates, 50)} ms, p99 ${percentile(lateCreates, 99)} ms (goal < 20)`);
    console.log(`delete a device 10 flows use: ${Math.round(deleted.ms)} ms (goal < 100), longest ping meanwhile ${Math.round(Math.max(...pings))} ms (goal < 50), ${broken} flows broken after`);
    console.log(`capability writes at scale ÷ demo: ${(scaleWrites.perSecond / demoWrites.perSecond).toFixed(2)} (goal ≥ 0.9)`);
    console.log(`device list reads mixed with writes ÷ read-only, at scale: ${(mixedReads.perSecond / scaleReads.perSecond).toFixed(2)} (goal ≥ 0.5; the writer made ${Math.round(mixedWrites.requests.average)} writes/s)`);
    console.log(`trigger → action at a realtime client: p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms (goal < 10), missed ${latencies.filter(Number.isNaN).length}`);
    console.log(`restart to the first device list: ${Math.round(firstList)} ms (goal < 1,500; from spawning the server to the answer)`);
    console.log(`resident memory: demo ${demoIdleMb} MB idle; at scale ${scaleIdleMb} MB idle after a restart (goal ≤ 250), ${afterLoadMb} MB after the load (goal ≤ 300)`);
    return rows.every((row) => row.failures === 0) && !latencies.some(Number.isNaN);
  } finally {
    await stop(hub.child);
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * What a device, a flow and an insights log cost in the hub's memory (docs/design.md, "The hub at scale"): a hub
 * without the demo home in this process, then 1,000 devices, 1,000 flows and 2,000 logs added through the domain,
 * each batch read once as the API lists it, gzipped (so that the list answers' pieces and flow views count too), with the
 * V8 heap and the resident set measured after a full garbage collection before and after each batch.
 * Run: node --expose-gc --import tsx scripts/memory-costs.ts
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodeList, lineageOf } from '../server/http/list-encoding.js';
import { buildDevice, type Device } from '../server/hub/devices/device.js';
import { findDriver } from '../server/hub/drivers/catalogue.js';
import { buildFlow } from '../server/hub/flow/flows.js';
import { createHub } from '../server/hub/core/hub.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with node --expose-gc');

const dataDir = mkdtempSync(path.join(tmpdir(), 'memory-costs-'));
const running = createHub({ demoHome: false, dataDir, development: false, validateResponses: false });
const { hub } = running;

/** Encodes a shared list answer as a read with gzip would (its pieces and digests stay with its lineage). */
const read = (answer: object) => encodeList(answer, lineageOf(answer)!).gzip();

function usage(): { heap: number; rss: number } {
  for (let n = 0; n < 3; n++) gc!();
  const { heapUsed, rss } = process.memoryUsage();
  return { heap: heapUsed, rss };
}

/** Bytes per item of what `work` adds, on the heap and in the resident set. */
function cost(count: number, work: () => void): { heap: number; rss: number } {
  const before = usage();
  work();
  const after = usage();
  return { heap: Math.round((after.heap - before.heap) / count), rss: Math.round((after.rss - before.rss) / count) };
}

const DEVICES = 1000;
const FLOWS = 1000;
const LOGS = 2000;
const zone = hub.store.insert('zone', { id: randomUUID(), name: 'Home', parent: null, icon: 'home', order: 0, active: false, activeOrigins: [], activeLastUpdated: null }).id;
const drivers = ['motion', 'contact', 'temperature', 'light', 'socket'].map((name) => findDriver(`homey:manager:vdevice:${name}`)!);
const logsBefore = hub.store.count('log');

const device = cost(DEVICES, () => {
  hub.store.transaction(() => {
    for (let n = 0; n < DEVICES; n++) {
      hub.store.insert('device', buildDevice({ driver: drivers[n % drivers.length]!, name: `Device ${n}`, zone, zoneName: 'Home', data: { id: `memory-${n}` } }, new Date(hub.now()).toISOString()));
    }
  });
  read(hub.store.list('device'));
});
const logsPerDevice = (hub.store.count('log') - logsBefore) / DEVICES;

const devices = hub.store.values('device');
const lights = devices.filter((item) => item.capabilities.includes('onoff'));
const sensors = devices.filter((item) => item.capabilities.includes('alarm_motion'));
const card = (item: Device, local: string) => ({ uri: `homey:device:${item.id}`, id: `homey:device:${item.id}:${local}` });
const flow = cost(FLOWS, () => {
  hub.store.transaction(() => {
    for (let n = 0; n < FLOWS; n++) {
      const [sensor, light] = [sensors[n % sensors.length]!, lights[n % lights.length]!];
      hub.store.insert('flow', buildFlow(hub, { name: `Flow ${n}`, trigger: card(sensor, 'alarm_motion_true'), conditions: [{ ...card(light, 'onoff_is'), inverted: true, group: 'group1' }], actions: [{ ...card(light, 'on'), group: 'then' }] }));
    }
  });
  read(hub.flowViews.flows());
});

// A log as the insights service stores it, copied under new ids: the store's item and its list piece.
const sample = hub.store.values('log')[0]!;
const log = cost(LOGS, () => {
  hub.store.transaction(() => {
    for (let n = 0; n < LOGS; n++) hub.store.insert('log', { ...structuredClone(sample), id: `${sample.id}-${randomUUID()}` });
  });
  read(hub.store.list('log'));
});

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`device (with its ${logsPerDevice.toFixed(1)} insights logs, cards, tokens and list piece): heap ${kb(device.heap)}, resident ${kb(device.rss)}`);
console.log(`flow (stored, its view and list piece): heap ${kb(flow.heap)}, resident ${kb(flow.rss)}`);
console.log(`insights log (the stored item and its list piece; values live in SQLite): heap ${kb(log.heap)}, resident ${kb(log.rss)}`);
await running.close();
rmSync(dataDir, { recursive: true, force: true });

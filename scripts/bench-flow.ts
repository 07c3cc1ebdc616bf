/**
 * The flow engine part of npm run bench, against a running hub over its public API:
 * - throughput: capability writes that are each a trigger event (a temperature sensor set to a new value every
 *   time, so its "changed" trigger fires on every write), driven by autocannon, with the demo home's flows only,
 *   then with 100 more enabled flows on other triggers, then with 100 enabled flows that each event starts (each
 *   checks one condition on the sensor, which fails, so no action adds writes of its own);
 * - latency: from sending a motion sensor's PUT to a subscribed realtime client receiving the capability event of
 *   the light that a flow on that motion toggles.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { connectRealtime } from '../server/hub/testing/realtime-client.js';

export interface FlowThroughputRow {
  name: string;
  eventsPerSecond: number;
  p50: number;
  p99: number;
  /** Flows each event starts. */
  flowsPerEvent: number;
  failures: number;
}

export interface FlowBenchResult {
  rows: FlowThroughputRow[];
  latency: { changes: number; p50: number; p99: number; max: number; missed: number };
}

interface Device {
  id: string;
  name: string;
  capabilities: string[];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (ms: number) => Math.round(ms * 10) / 10;

export async function measureFlows(options: { url: string; token: string; hubId: string; connections: number; seconds: number; warmUpSeconds: number; changes: number }): Promise<FlowBenchResult> {
  const { url, token, hubId, connections, seconds, warmUpSeconds } = options;
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const call = async (method: string, path: string, body?: object) => {
    const response = await fetch(url + path, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response.status === 204 ? undefined : response.json();
  };
  const devices = Object.values((await call('GET', '/api/manager/devices/device')) as Record<string, Device>);
  const named = (name: string) => devices.find((device) => device.name === name) ?? Promise.reject(new Error(`The demo home has no ${name}`));
  const [sensor, motion, light] = await Promise.all([named('Living room climate'), named('Bathroom motion'), named('Bathroom light')]);
  const others = devices.filter((device) => device.id !== sensor.id && device.id !== motion.id);
  const uri = (device: Device) => `homey:device:${device.id}`;
  const createFlow = async (flow: object): Promise<string> => ((await call('POST', '/api/manager/flow/flow', flow)) as { id: string }).id;

  const writePath = `/api/manager/devices/device/${sensor.id}/capability/measure_temperature`;
  const measure = async (name: string, flowsPerEvent: number): Promise<FlowThroughputRow> => {
    const request: autocannon.Request = {
      method: 'PUT',
      path: writePath,
      headers,
      // A new value on every write, so that every write is a trigger event.
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ value: Math.round(1500 + Math.random() * 1000) / 100 }) }),
    };
    await autocannon({ url, connections, duration: warmUpSeconds, requests: [request] });
    const result = await autocannon({ url, connections, duration: seconds, requests: [request] });
    const answered = result.statusCodeStats?.['204']?.count ?? 0;
    return { name, eventsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, flowsPerEvent, failures: result.requests.total - answered + result.errors };
  };

  const rows: FlowThroughputRow[] = [];
  console.log('Measuring trigger events with the demo home\'s flows only...');
  rows.push(await measure("demo home's flows only", 0));

  const elsewhere: string[] = [];
  for (let n = 0; n < 100; n++) {
    const device = others[n % others.length]!;
    const capability = device.capabilities[Math.floor(n / others.length) % device.capabilities.length];
    elsewhere.push(await createFlow({ name: `Elsewhere ${n}`, trigger: { uri: uri(device), id: `${uri(device)}:${capability}_changed` } }));
  }
  console.log('Measuring trigger events with 100 enabled flows on other triggers...');
  rows.push(await measure('+ 100 enabled flows on other triggers', 0));
  for (const id of elsewhere) await call('DELETE', `/api/manager/flow/flow/${id}`);

  const condition = { uri: uri(sensor), id: `${uri(sensor)}:measure_temperature_greater_than`, args: { value: 79 } };
  for (let n = 0; n < 100; n++) {
    await createFlow({ name: `Too hot ${n}`, trigger: { uri: uri(sensor), id: `${uri(sensor)}:measure_temperature_changed` }, conditions: [condition] });
  }
  console.log('Measuring trigger events each starting 100 enabled flows...');
  rows.push(await measure('+ 100 enabled flows started by each event', 100));

  console.log(`Measuring the latency from a motion sensor's change to a flow's action, ${options.changes} times...`);
  await createFlow({ name: 'Bench: motion toggles the light', trigger: { uri: uri(motion), id: `${uri(motion)}:alarm_motion_true` }, actions: [{ uri: uri(light), id: `${uri(light)}:toggle` }] });
  const client = await connectRealtime(url, token, hubId);
  const latencies: number[] = [];
  let missed = 0;
  try {
    const [error] = await client.request('subscribe', uri(light));
    if (error) throw new Error(`subscribe failed: ${JSON.stringify(error)}`);
    for (let change = 0; change < options.changes; change++) {
      await call('PUT', `/api/manager/devices/device/${motion.id}/capability/alarm_motion`, { value: false });
      const sent = performance.now();
      const arrived = client.next(uri(light), (event, data) => event === 'capability' && data.capabilityId === 'onoff');
      await call('PUT', `/api/manager/devices/device/${motion.id}/capability/alarm_motion`, { value: true, transactionId: randomUUID() });
      const outcome = await Promise.race([arrived.then(() => performance.now() - sent), new Promise<undefined>((resolve) => setTimeout(resolve, 5000))]);
      if (outcome === undefined) missed++;
      else latencies.push(outcome);
    }
  } finally {
    client.close();
  }
  latencies.sort((a, b) => a - b);
  return {
    rows,
    latency: { changes: options.changes, p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)), max: round(latencies.at(-1) ?? NaN), missed },
  };
}

export function printFlows({ rows, latency }: FlowBenchResult, connections: number, seconds: number): void {
  const header = ['flows', 'events/s', 'p50 ms', 'p99 ms', 'flow runs/s', 'failures'];
  const lines = [header, ...rows.map((row) => [row.name, Math.round(row.eventsPerSecond), row.p50, row.p99, Math.round(row.eventsPerSecond * row.flowsPerEvent), row.failures].map(String))];
  const widths = header.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
  const format = (line: string[]) => line.map((cell, column) => (column ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ');
  console.log(`\nFlow engine: trigger events (PUT measure_temperature, a new value each time): ${connections} connections × ${seconds} s\n`);
  console.log(lines.map(format).join('\n'));
  console.log(
    `\nFlow latency: motion sensor PUT → a flow toggles a light → its capability event at a realtime client: ` +
      `p50 ${latency.p50} ms, p99 ${latency.p99} ms, max ${latency.max} ms over ${latency.changes} changes, missed ${latency.missed}`,
  );
}

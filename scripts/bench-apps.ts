/**
 * The apps part of npm run bench, against a running hub (its process `pid`) over its public API:
 * - start: `homey app run` of Athom's Soundboard (a real SDK v3 app kept in server/hub/apps/testing/real-apps),
 *   from the upload to the answer of a running app (the devkit answers once it runs), each run replacing the last;
 * - memory per running app: the hub process's resident memory before and after three SDK v3 apps run (Soundboard
 *   and the SDK fixtures com.example.sdkdemo and com.example.sdkesm), per app, with each app's own heap as
 *   `getAppUsage` tells it;
 * - a flow card from a trigger into an app and back: a contact sensor opens, a flow runs the demo app's `count`
 *   action, the app fires its `total_reached` trigger from that run, a second flow toggles a light, and a realtime
 *   client hears the light's capability event.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { c as createTar } from 'tar';
import { buildApp, packApp, removeBuild } from '../server/hub/apps/testing/build-app.js';
import { connectRealtime } from '../server/hub/testing/realtime-client.js';
import { residentMb } from './bench-start.js';
import { printed, spawnStart, stop, waitForOutput } from './child.js';

export interface AppsBenchResult {
  start: { runs: number; p50: number; p99: number; max: number };
  memory: { apps: number; perAppMb: number; heapsMb: number[] };
  roundTrip: { changes: number; p50: number; p99: number; max: number; missed: number };
}

const SDK_FIXTURES = 'server/hub/apps/testing/sdk-apps';
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (ms: number) => Math.round(ms * 10) / 10;
const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? NaN) };
};

async function packFolder(dir: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of createTar({ gzip: true, cwd: dir, portable: true }, ['.'])) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function measureApps(options: { url: string; token: string; hubId: string; pid: number; starts: number; changes: number }): Promise<AppsBenchResult> {
  const { url, token, hubId, pid } = options;
  const auth = { Authorization: `Bearer ${token}` };
  const call = async (method: string, path: string, body?: object) => {
    const response = await fetch(url + path, { method, headers: { ...auth, 'Content-Type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response.status === 204 ? undefined : response.json();
  };
  const run = async (id: string, bytes: Buffer): Promise<string> => {
    const form = new FormData();
    form.append('app', new Blob([new Uint8Array(bytes)]), 'app.tar.gz');
    const response = await fetch(`${url}/api/manager/devkit/`, { method: 'POST', headers: auth, body: form });
    if (!response.ok) throw new Error(`Running ${id} answered ${response.status}: ${await response.text()}`);
    const { state } = (await call('GET', `/api/manager/apps/app/${id}`)) as { state: string };
    if (state !== 'running') throw new Error(`${id} is ${state} after its run`);
    return ((await response.json()) as { id: string }).id;
  };

  const built = await buildApp('com.athom.soundboard');
  const packages = new Map([
    ['com.athom.soundboard', await packApp(built)],
    ['com.example.sdkdemo', await packFolder(join(SDK_FIXTURES, 'com.example.sdkdemo'))],
    ['com.example.sdkesm', await packFolder(join(SDK_FIXTURES, 'com.example.sdkesm'))],
  ]);
  removeBuild(built);

  console.log(`Measuring ${options.starts} starts of a real SDK v3 app from its upload to running...`);
  const starts: number[] = [];
  for (let n = 0; n < options.starts; n++) {
    const sent = performance.now();
    await run('com.athom.soundboard', packages.get('com.athom.soundboard')!);
    starts.push(performance.now() - sent);
  }
  const { sessions } = (await call('GET', '/api/manager/devkit/state')) as { sessions: Array<{ id: string }> };
  for (const session of sessions) await call('DELETE', `/api/manager/devkit/${session.id}`);

  console.log('Measuring the memory of three running SDK v3 apps...');
  await sleep(2000);
  const beforeMb = residentMb(pid);
  for (const [id, bytes] of packages) await run(id, bytes);
  await sleep(2000);
  const heapsMb = await Promise.all([...packages.keys()].map(async (id) => round(((await call('GET', `/api/manager/apps/app/${id}/usage`)) as { mem: number }).mem / 1e6)));
  const perAppMb = round((residentMb(pid) - beforeMb) / packages.size);

  console.log(`Measuring a trigger into an app's flow card and back, ${options.changes} times...`);
  const devices = Object.values((await call('GET', '/api/manager/devices/device')) as Record<string, { id: string; name: string }>);
  const named = (name: string) => devices.find((device) => device.name === name) ?? Promise.reject(new Error(`The demo home has no ${name}`));
  const [door, light] = await Promise.all([named('Front door sensor'), named('Garden lights')]);
  const deviceUri = (device: { id: string }) => `homey:device:${device.id}`;
  const app = 'homey:app:com.example.sdkdemo';
  await call('POST', '/api/manager/flow/flow', {
    name: 'Bench: the door counts in the demo app',
    trigger: { uri: deviceUri(door), id: `${deviceUri(door)}:alarm_contact_true` },
    actions: [{ uri: app, id: `${app}:count`, args: { step: 1 } }],
  });
  await call('POST', '/api/manager/flow/flow', {
    name: 'Bench: the demo app toggles the garden lights',
    trigger: { uri: app, id: `${app}:total_reached`, args: { goal: 0 } },
    actions: [{ uri: deviceUri(light), id: `${deviceUri(light)}:toggle` }],
  });
  const client = await connectRealtime(url, token, hubId);
  const latencies: number[] = [];
  let missed = 0;
  try {
    const [error] = await client.request('subscribe', deviceUri(light));
    if (error) throw new Error(`subscribe failed: ${JSON.stringify(error)}`);
    for (let change = 0; change < options.changes; change++) {
      await call('PUT', `/api/manager/devices/device/${door.id}/capability/alarm_contact`, { value: false });
      const sent = performance.now();
      const arrived = client.next(deviceUri(light), (event, data) => event === 'capability' && data.capabilityId === 'onoff');
      await call('PUT', `/api/manager/devices/device/${door.id}/capability/alarm_contact`, { value: true, transactionId: randomUUID() });
      const outcome = await Promise.race([arrived.then(() => performance.now() - sent), sleep(5000).then(() => undefined)]);
      if (outcome === undefined) missed++;
      else latencies.push(outcome);
    }
  } finally {
    client.close();
  }
  return {
    start: { runs: starts.length, ...summary(starts) },
    memory: { apps: packages.size, perAppMb, heapsMb },
    roundTrip: { changes: options.changes, missed, ...summary(latencies) },
  };
}

export function printApps({ start, memory, roundTrip }: AppsBenchResult): void {
  console.log(
    `\nApps: a real SDK v3 app (Athom's Soundboard) from its devkit upload to running (budget p99 ≤ 1,000 ms): ` +
      `p50 ${start.p50} ms, p99 ${start.p99} ms, max ${start.max} ms over ${start.runs} runs`,
  );
  console.log(`Apps: hub resident memory per running SDK v3 app (budget ≤ 15 MB): ${memory.perAppMb} MB over ${memory.apps} apps; their own heaps ${memory.heapsMb.join(', ')} MB`);
  console.log(
    `Apps: contact sensor PUT → a flow runs an app's action → the app's trigger starts a flow → a light's capability event at a realtime client ` +
      `(budget p99 ≤ 50 ms): p50 ${roundTrip.p50} ms, p99 ${roundTrip.p99} ms, max ${roundTrip.max} ms over ${roundTrip.changes} changes, missed ${roundTrip.missed}`,
  );
}

/** `npm run bench -- apps`: only these rows, on a hub of their own as npm start runs it. */
export async function benchApps(): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-apps-'));
  const hub = await spawnStart({ HUB_PORT: '0', FORM_PORT: '0', CLOUD_PORT: '0', HUB_MDNS: '0', DATA_DIR: dataDir });
  try {
    const output = await waitForOutput(hub, /^Ctrl-C stops/);
    const url = printed(output, 'Hub URL')!;
    const hubId = (await fetch(`${url}/api/manager/system/ping`)).headers.get('x-homey-id')!;
    const result = await measureApps({ url, token: printed(output, 'Personal access token')!, hubId, pid: hub.pid!, starts: 20, changes: 100 });
    printApps(result);
    return result.roundTrip.missed === 0;
  } finally {
    await stop(hub);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

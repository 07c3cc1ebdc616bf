/**
 * npm run bench: requests per second and latency of the demo home's device list read and of a capability write, in
 * one run, on our hub as npm start runs it, against the ceiling of this machine (plain node:http answering the same
 * bytes from a buffer; for writes, parsing the body and doing one SQLite write), a bare Express route and the Prism
 * mock. Each server runs in its own process; autocannon drives them one after the other with the same settings.
 * Also the flow engine's throughput and latency (bench-flow.ts), the time of an insights lastYear query over a year
 * of per-minute values (bench-insights.ts), the hub's resident memory idle and after the load, and the time from
 * `npm start` to its `Hub URL:` line on a second start (bench-start.ts), and the support form's initial JavaScript and
 * first render in Chromium (bench-form.ts), password sign-ins on the account service (bench-signin.ts), and the app
 * store's browse, search and a 20 MB package's upload over 5,000 apps and 50,000 builds (bench-appstore.ts), and
 * SDK v3 apps: a real app's start to running, memory per running app, a trigger into an app's card and back (bench-apps.ts).
 * `npm run bench -- memory` measures only the memory and the start time, loading the hub with its own rows (about a minute and a half).
 * `npm run bench -- scale` measures only the home at a power user's scale: 3,036 devices and 1,004 flows (bench-scale.ts).
 * `npm run bench -- apps` measures only the apps' rows, on a hub of their own (bench-apps.ts).
 * `npm run bench -- connect` measures only the rows of the connect service against the hub itself (list read and ping).
 * `npm run bench -- events [fanout|flow|insights]` measures only the event-path rows, on a hub of their own (bench-events.ts).
 * `npm run bench -- kernel` measures what the kernel costs per request against bare Express in CPU time and heap
 * allocation, figures a busy machine skews little, for the list, 304, gzip and write rows (bench-kernel.ts).
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { measureAppStore, printAppStore } from './bench-appstore.js';
import { benchApps, measureApps, printApps } from './bench-apps.js';
import { benchEvents } from './bench-events.js';
import { benchScale } from './bench-scale.js';
import { measureClient, printClient } from './bench-client.js';
import { measureFlows, printFlows } from './bench-flow.js';
import { measureForm, printForm } from './bench-form.js';
import { measureInsightsQuery } from './bench-insights.js';
import { measureSignIns, printSignIns } from './bench-signin.js';
import { measureFanOut } from './bench-realtime.js';
import { cpuSeconds, hubProcesses, residentMb, timeStarts } from './bench-start.js';
import { buildFormIfChanged } from './build-form.js';
import { freePort, printed, SERVER_NODE_FLAGS, spawnBin, spawnStart, stop, waitForOutput } from './child.js';
import { demoListPath } from './demo-list.js';

const connections = 10;
const warmUpSeconds = 1;
const seconds = 5;
/** Each group is measured this many times over, its servers taking turns, and each row is the mean of its runs. */
const rounds = 2;
/** Realtime clients subscribed to one device while its capability changes (issue 7's goal: p99 < 100 ms). */
const fanOutClients = 1000;
/** Realtime clients listening through the connect service (each a socket the hub opens to itself through its tunnel). */
const connectClients = 20;
/** `npm run bench -- memory`: only the hub process's figures (memory idle and after its own rows' load, start time). */
const memoryOnly = process.argv.slice(2).includes('memory');
/** `npm run bench -- connect`: only the hub's list read and ping, on the hub and through the connect service. */
const connectOnly = process.argv.slice(2).includes('connect');
/** The servers besides the hub (ceiling, bare Express, Prism), which neither of those needs. */
const hubOnly = memoryOnly || connectOnly;

if (process.argv.slice(2).includes('scale')) {
  // A bench of its own, on a hub of its own: none of the rows below.
  const passed = await benchScale().catch((error: Error) => (console.error(error.message), false));
  process.exit(passed ? 0 : 1);
}
if (process.argv[2] === 'events') {
  const passed = await benchEvents(process.argv.slice(3)).catch((error: Error) => (console.error(error.message), false));
  process.exit(passed ? 0 : 1);
}
if (process.argv[2] === 'kernel') {
  const run = (flags: string[], args: string[]) =>
    spawnSync(process.execPath, [...flags, '--import', 'tsx', 'scripts/bench-kernel.ts', ...args], { stdio: 'inherit' }).status;
  // CPU with the server's own heap settings, then allocations in a young generation that no collection runs in.
  process.exit(run(SERVER_NODE_FLAGS, []) || run(['--expose-gc', '--min-semi-space-size=256', '--max-semi-space-size=256'], ['alloc']) || 0);
}
if (process.argv.slice(2).includes('apps')) {
  const passed = await benchApps().catch((error: Error) => (console.error(error.message), false));
  process.exit(passed ? 0 : 1);
}

interface Target {
  name: string;
  url: string;
  method?: 'GET' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  /** The status every answer must have (200, or 304 for a revalidation, 204 for a write). */
  status?: number;
  /** A revalidation's first ETag, kept current (see revalidating). */
  etag?: string;
}

interface Row {
  name: string;
  perSecond: number;
  p50: number;
  p99: number;
  bytes: number;
  failures: number;
}

const children: ChildProcess[] = [];
const work = mkdtempSync(path.join(tmpdir(), 'bench-'));

function start(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawnBin(command, args, env);
  children.push(child);
  return child;
}

async function startHub(): Promise<{ url: string; token: string; formUrl: string; connectUrl: string; process: ChildProcess }> {
  const hub = await spawnStart({ HUB_PORT: '0', FORM_PORT: '0', CLOUD_PORT: '0', HUB_MDNS: '0', DATA_DIR: path.join(work, 'data') });
  children.push(hub);
  // Its last line: the account service, loaded after the hub's lines, must not share the cores with the load.
  const output = await waitForOutput(hub, /^Ctrl-C stops/, 90_000);
  return { url: printed(output, 'Hub URL')!, token: printed(output, 'Personal access token')!, formUrl: printed(output, 'Support form')!, connectUrl: printed(output, 'Connect URL')!, process: hub };
}

async function startServer(script: string, label: string, env: Record<string, string>): Promise<string> {
  const child = start('tsx', [script], env);
  return printed(await waitForOutput(child, new RegExp(`^${label}: `)), label)!;
}

/** Prism at `warn` level: its per-request logging would otherwise be most of what is measured. */
async function startPrism(headers: Record<string, string>): Promise<string> {
  const port = await freePort();
  const prism = start('prism', ['mock', '-h', '127.0.0.1', '-p', String(port), '-v', 'warn', 'generated/hub.openapi.json']);
  // Drained: once a pipe is full, Prism's writes to it block and its latency becomes seconds.
  prism.stdout?.resume();
  prism.stderr?.resume();
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
    if (prism.exitCode !== null) throw new Error(`prism exited with code ${prism.exitCode}`);
    const ready = await fetch(url + demoListPath, { headers }).then((response) => response.ok, () => false);
    if (ready) return url;
  }
  throw new Error('Prism did not answer within 30 s');
}

/**
 * A revalidation sends the ETag last answered: the demo home changes now and then (its energy meter every 10 s), and
 * a stale one would measure full reads. The requests that find a change (a 200 with a new ETag) are not failures.
 * Both 304 rows build their requests this way, so that autocannon's cost is the same for both.
 */
function revalidating(etag: string) {
  let current = etag;
  const seen = { changes: 0 };
  // Each connection's context remembers the tag its request carried: the other connections' requests in flight when
  // the list changed also find the change, after the first has made the new tag current.
  const request: autocannon.Request = {
    setupRequest: (req, context) => {
      (context as { tag?: string }).tag = current;
      return { ...req, headers: { ...req.headers, 'If-None-Match': current } };
    },
    onResponse(status, _body, context, headers) {
      // autocannon gives the headers by their names as sent.
      const sent = headers?.ETag ?? headers?.etag;
      if (status !== 200 || typeof sent !== 'string' || sent === (context as { tag?: string }).tag) return;
      current = sent;
      seen.changes++;
    },
  };
  return { requests: [request], seen };
}

async function measure(target: Target): Promise<Row> {
  const options = { url: target.url, connections, method: target.method ?? 'GET', headers: target.headers, body: target.body };
  const warmUp = target.etag ? revalidating(target.etag) : undefined;
  await autocannon({ ...options, duration: warmUpSeconds, requests: warmUp?.requests });
  const revalidation = target.etag ? revalidating(target.etag) : undefined;
  const result = await autocannon({ ...options, duration: seconds, requests: revalidation?.requests });
  const status = String(target.status ?? 200);
  const answered = (revalidation?.seen.changes ?? 0) + Object.entries(result.statusCodeStats ?? {}).reduce((sum, [code, stats]) => sum + (code === status ? (stats?.count ?? 0) : 0), 0);
  return {
    name: target.name,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // Bytes read per response, headers included.
    bytes: Math.round(result.throughput.average / Math.max(result.requests.average, 1)),
    failures: result.requests.total - answered + result.errors,
  };
}

function mean(runs: Row[]): Row {
  const average = (pick: (row: Row) => number) => runs.reduce((sum, row) => sum + pick(row), 0) / runs.length;
  return {
    name: runs[0]!.name,
    perSecond: average((row) => row.perSecond),
    p50: average((row) => row.p50),
    p99: average((row) => row.p99),
    bytes: Math.round(average((row) => row.bytes)),
    failures: runs.reduce((sum, row) => sum + row.failures, 0),
  };
}

function table(title: string, rows: Row[], ceiling: Row): void {
  const header = ['server', 'req/s', 'p50 ms', 'p99 ms', 'bytes/response', 'failures', '÷ ceiling'];
  const lines = [header, ...rows.map((row) => [row.name, Math.round(row.perSecond), row.p50, row.p99, row.bytes, row.failures, (row.perSecond / ceiling.perSecond).toFixed(2)].map(String))];
  const widths = header.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
  const format = (line: string[]) => line.map((cell, column) => (column ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ');
  console.log(`\n${title}: ${connections} connections × ${seconds} s after a ${warmUpSeconds} s warm-up, one server at a time, mean of ${rounds} turns\n`);
  console.log(lines.map(format).join('\n'));
}

try {
  // As npm start: the form is built first (skipped when current), so that the started server serves it.
  if ((await buildFormIfChanged()) !== 0) throw new Error("The support form's build failed");
  const hub = await startHub();
  const auth = { Authorization: `Bearer ${hub.token}` };
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const idleMb = residentMb(hub.process.pid!);

  const list = await fetch(hub.url + demoListPath, { headers: auth });
  if (!list.ok) throw new Error(`GET ${demoListPath} on the hub answered ${list.status}`);
  const listText = await list.text();
  const etag = list.headers.get('etag') ?? '';
  const devices = Object.values<{ id: string; capabilitiesObj: Record<string, { setable: boolean }> }>(JSON.parse(listText));
  const lamp = devices.find((device) => device.capabilitiesObj.dim?.setable);
  if (!lamp) throw new Error('The demo home has no dimmable device to write to');
  const capabilityPath = `/api/manager/devices/device/${lamp.id}/capability/dim`;
  const hubId = (await fetch(hub.url + '/api/manager/system/ping')).headers.get('x-homey-id')!;
  // Through the connect service: the same calls, forwarded through the hub's tunnel (the hub named by X-Homey-ID).
  const viaConnect = { 'X-Homey-ID': hubId };

  const bodyFile = path.join(work, 'body.json');
  writeFileSync(bodyFile, listText);
  const ceilingUrl = hubOnly ? '' : await startServer('scripts/bench-ceiling.ts', 'Ceiling URL', { BENCH_BODY_FILE: bodyFile });
  const bareUrl = hubOnly ? '' : await startServer('scripts/bench-bare.ts', 'Bare URL', { BENCH_BODY_FILE: bodyFile, BENCH_PATH: demoListPath });
  const cachedUrl = hubOnly ? '' : await startServer('scripts/bench-bare.ts', 'Bare URL', { BENCH_BODY_FILE: bodyFile, BENCH_PATH: demoListPath, BENCH_CACHED: '1', BENCH_ETAG: etag });
  const prismUrl = hubOnly ? '' : await startPrism(auth);

  const gzip = { 'Accept-Encoding': 'gzip' };
  const write = { method: 'PUT' as const, body: JSON.stringify({ value: 0.5 }), status: 204 };
  const json = { 'Content-Type': 'application/json' };
  const reads: Target[] = [
    { name: 'ceiling: node:http, bytes from a buffer', url: ceilingUrl + demoListPath },
    { name: 'hub (production settings)', url: hub.url + demoListPath, headers: auth },
    { name: 'hub, If-None-Match (304)', url: hub.url + demoListPath, headers: auth, etag, status: 304 },
    { name: 'bare Express route, res.json (ETag hashed)', url: bareUrl + demoListPath },
    { name: 'bare Express route, cached bytes, ETag off', url: cachedUrl + demoListPath },
    { name: 'bare Express route, If-None-Match (304)', url: cachedUrl + demoListPath, etag, status: 304 },
    { name: 'Prism mock', url: prismUrl + demoListPath, headers: auth },
    { name: 'hub through the connect service', url: hub.connectUrl + demoListPath, headers: { ...auth, ...viaConnect } },
  ];
  const zipped: Target[] = [
    { name: 'ceiling, gzipped once', url: ceilingUrl + demoListPath, headers: gzip },
    { name: 'hub, Accept-Encoding: gzip', url: hub.url + demoListPath, headers: { ...auth, ...gzip } },
    { name: 'bare Express route, gzipped once', url: cachedUrl + demoListPath, headers: gzip },
  ];
  const writes: Target[] = [
    { name: 'ceiling: node:http + one SQLite write', url: ceilingUrl + capabilityPath, headers: json, ...write },
    { name: 'bare Express route + one SQLite write', url: cachedUrl + capabilityPath, headers: json, ...write },
    { name: 'hub: setCapabilityValue', url: hub.url + capabilityPath, headers: { ...auth, ...json }, ...write },
  ];
  const forwarded: Target[] = [
    { name: 'hub: ping', url: hub.url + '/api/manager/system/ping' },
    { name: 'connect service: ping forwarded to the hub', url: hub.connectUrl + '/api/manager/system/ping', headers: viaConnect },
  ];
  const rows = new Map<Target[], Row[]>();
  const connectRows = new Set([reads[1], reads.at(-1), ...forwarded]);
  for (const all of connectOnly ? [reads, forwarded] : [reads, zipped, writes, forwarded]) {
    const group = memoryOnly ? all.filter((target) => target.url.startsWith(hub.url)) : connectOnly ? all.filter((target) => connectRows.has(target)) : all;
    const runs: Row[][] = group.map(() => []);
    for (let round = 1; round <= rounds; round++) {
      for (const [index, target] of group.entries()) {
        console.log(`Measuring ${target.name} (${round}/${rounds})...`);
        runs[index]!.push(await measure(target));
      }
    }
    rows.set(all, runs.map(mean));
  }
  const afterMb = residentMb(hub.process.pid!);
  let failed = [...rows.values()].flat().some((row) => row.failures > 0);
  if (connectOnly) {
    const [hubRead, connectRead] = rows.get(reads)!;
    const [hubPing, connectPing] = rows.get(forwarded)!;
    table(`GET ${demoListPath}, on the hub and through the connect service`, rows.get(reads)!, hubRead!);
    table('GET /api/manager/system/ping, local and forwarded through the connect service (one instance)', rows.get(forwarded)!, hubPing!);
    console.log(`\nthrough the connect service ÷ hub: list ${(connectRead!.perSecond / hubRead!.perSecond).toFixed(2)}, ping ${(connectPing!.perSecond / hubPing!.perSecond).toFixed(2)}`);
  } else if (!memoryOnly) {
    console.log(`Measuring a capability change fanned out to ${fanOutClients} realtime clients...`);
    const hubProcess = hubProcesses(hub.process.pid!)[0]!;
    const fanOut = await measureFanOut({ url: hub.url, token: hub.token, hubId, deviceId: lamp.id, capabilityId: 'dim', values: [0.2, 0.8], clients: fanOutClients, changes: 20, serverCpu: () => cpuSeconds(hubProcess) });
    console.log(`Measuring capability changes heard by ${connectClients} realtime clients through the connect service...`);
    const throughConnect = await measureFanOut({ url: hub.connectUrl, writeUrl: hub.url, token: hub.token, hubId, deviceId: lamp.id, capabilityId: 'dim', values: [0.3, 0.7], clients: connectClients, changes: 50 });
    const flows = await measureFlows({ url: hub.url, token: hub.token, hubId, connections, seconds, warmUpSeconds, changes: 100 });
    const apps = await measureApps({ url: hub.url, token: hub.token, hubId, pid: hub.process.pid!, starts: 20, changes: 100 });
    console.log('Measuring the client library against plain fetch...');
    const client = await measureClient({ url: hub.url, token: hub.token });

    console.log('Measuring insights lastYear queries over a year of per-minute values...');
    const insights = await measureInsightsQuery();
    console.log("Measuring the support form's sign-in screen in Chromium...");
    const form = await measureForm(hub.formUrl);
    console.log('Measuring password sign-ins on the account service...');
    const signIns = await measureSignIns({ users: 20, seconds });
    console.log('Measuring the app store over 5,000 apps and 50,000 builds...');
    const appStore = await measureAppStore();

    table(`GET ${demoListPath}`, rows.get(reads)!, rows.get(reads)![0]!);
    console.log("(Prism answers the contract's example, not the demo home: see bytes/response.)");
    const [hubRead, cachedRead, hub304, bare304] = [1, 4, 2, 5].map((index) => rows.get(reads)![index]!);
    console.log(`hub ÷ bare Express route with cached bytes (express-openapi-validator in the hub's path; goal ≥ 0.85): ${(hubRead!.perSecond / cachedRead!.perSecond).toFixed(2)}`);
    console.log(`hub ÷ bare Express route, 304: ${(hub304!.perSecond / bare304!.perSecond).toFixed(2)}`);
    table(`GET ${demoListPath}, gzip accepted`, rows.get(zipped)!, rows.get(zipped)![0]!);
    const [hubGzip, bareGzip] = rows.get(zipped)!.slice(1);
    console.log(`hub ÷ bare Express route, gzip: ${(hubGzip!.perSecond / bareGzip!.perSecond).toFixed(2)}`);
    table(`PUT ${capabilityPath.replace(lamp.id, '{deviceId}')} {"value":0.5}`, rows.get(writes)!, rows.get(writes)![0]!);
    // What Express itself costs a write, before any of the hub's work: the per-request share of the flow row too.
    const [ceilingWrite, bareWrite] = rows.get(writes)!;
    console.log(`Express's own cost per write (bare Express route against node:http, same SQLite write): ${Math.round(1e6 / bareWrite!.perSecond - 1e6 / ceilingWrite!.perSecond)} µs`);
    console.log(
      `\nRealtime fan-out: ${fanOut.clients} subscribed socket.io clients × ${fanOut.changes} capability changes: delivery ` +
        `p50 ${fanOut.p50} ms, p99 ${fanOut.p99} ms, max ${fanOut.max} ms, missed ${fanOut.missed} (from the PUT sent to the event read by each client); ` +
        `CPU per change: hub ${fanOut.cpuPerChange.server} ms, the clients' process ${fanOut.cpuPerChange.clients} ms`,
    );
    const [connectRead] = rows.get(reads)!.slice(-1);
    console.log(`hub through the connect service ÷ hub, ${demoListPath}: ${(connectRead!.perSecond / hubRead!.perSecond).toFixed(2)}`);
    table('GET /api/manager/system/ping, local and forwarded through the connect service (one instance)', rows.get(forwarded)!, rows.get(forwarded)![0]!);
    console.log(`one connect instance's forwarded calls per second: ${Math.round(rows.get(forwarded)![1]!.perSecond)}`);
    console.log(
      `\nRealtime through the connect service: ${throughConnect.clients} clients × ${throughConnect.changes} capability changes written on the hub: delivery ` +
        `p50 ${throughConnect.p50} ms, p99 ${throughConnect.p99} ms, max ${throughConnect.max} ms, missed ${throughConnect.missed}`,
    );
    printFlows(flows, connections, seconds);
    printApps(apps);
    console.log(
      `\nInsights query over a year of per-minute values (goal: p99 < 10 ms): GET .../entry?resolution=lastYear on a log of ` +
        `${insights.values.toLocaleString('en')} values, ${insights.queries} queries: p50 ${insights.p50} ms, p99 ${insights.p99} ms, max ${insights.max} ms, CPU ${insights.cpu} ms a query (hub and client)`,
    );
    printClient(client);
    printForm(form);
    printSignIns(signIns);
    printAppStore(appStore);
    failed ||=
      appStore.latencies.some((row) => row.failures > 0) ||
      signIns.failures > 0 ||
      fanOut.missed > 0 ||
      throughConnect.missed > 0 ||
      flows.rows.some((row) => row.failures > 0) ||
      flows.latency.missed > 0 ||
      apps.roundTrip.missed > 0;
  }
  if (!connectOnly) {
    console.log('Timing two starts of npm start on a new data folder...');
    const [first, second] = await timeStarts(path.join(work, 'start-data'));
    console.log(`\nhub resident memory: ${idleMb} MB idle with the demo home, ${afterMb} MB after the load`);
    console.log(`npm start to its Hub URL line: ${second} ms on a second start (${first} ms on the first, on a new data folder)`);
  }
  if (failed) {
    console.error('Some requests failed or answered another status: the numbers above are not comparable.');
    process.exitCode = 1;
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await Promise.all(children.map((child) => stop(child)));
  rmSync(work, { recursive: true, force: true });
}

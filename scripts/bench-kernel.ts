/**
 * What the hub's kernel costs per request against a bare Express route doing the same work, in CPU time and heap
 * allocation rather than requests per second: figures that a busy machine skews little (npm run bench's throughput
 * rows move with every other process on the cores). The rows of npm run bench's 304, gzip and write rows: the hub
 * runs in this process (demo home, production settings), the bare Express route (bench-bare.ts, cached) in a child
 * (in this process too when measuring allocations), and autocannon in another child drives one at a time. CPU is each
 * server process's own (user + system), per answered request; allocation is the heap's growth over 2,000 requests,
 * in a young generation large enough that no collection runs meanwhile (else not reported).
 * Run by `npm run bench -- kernel` (both); alone, `node --import tsx scripts/bench-kernel.ts [seconds]` for CPU, and
 * `node --expose-gc --min-semi-space-size=256 --max-semi-space-size=256 --import tsx scripts/bench-kernel.ts alloc`.
 * PROFILE_ROW=304 (a row's name) writes that row's CPU profile of the hub (with alloc, the allocation profiles of both)
 * to the temp folder.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Session } from 'node:inspector';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './apis.js';
import { bareApp } from './bench-bare.js';
import { printed, spawnBin, stop, waitForOutput } from './child.js';
import { demoListPath } from './demo-list.js';
import { bearer, startTestHub } from '../server/hub/testing/test-hub.js';

const allocations = process.argv[2] === 'alloc';
const seconds = allocations ? 0 : Number(process.argv[2] ?? 4);
const work = mkdtempSync(path.join(tmpdir(), 'bench-kernel-'));
const hub = await startTestHub({ validateResponses: false, development: false, demoApps: true });
const auth = bearer(hub.token);
const list = await fetch(hub.url + demoListPath, { headers: auth });
const listText = await list.text();
const devices = Object.values<{ id: string; capabilitiesObj: Record<string, { setable: boolean }> }>(JSON.parse(listText));
const lamp = devices.find((device) => device.capabilitiesObj.dim?.setable)!;
const capabilityPath = `/api/manager/devices/device/${lamp.id}/capability/dim`;
const bodyFile = path.join(work, 'body.json');
writeFileSync(bodyFile, listText);
const bareEnv = { BENCH_BODY_FILE: bodyFile, BENCH_PATH: demoListPath, BENCH_CACHED: '1', BENCH_ETAG: list.headers.get('etag')! };
const bare = allocations ? undefined : spawnBin('tsx', ['scripts/bench-bare.ts'], bareEnv);
const bareHere = allocations ? bareApp({ bodyFile, listPath: demoListPath, cached: true, etag: bareEnv.BENCH_ETAG }).listen(0, '127.0.0.1') : undefined;
if (bareHere) await once(bareHere, 'listening');
const bareUrl = bareHere ? `http://127.0.0.1:${(bareHere.address() as AddressInfo).port}` : printed(await waitForOutput(bare!, /^Bare URL: /, 60_000), 'Bare URL')!;

/** CPU seconds (user + system) a process has used so far, from /proc (this process's own by process.cpuUsage). */
function cpuOf(pid: number | undefined): number {
  if (pid === undefined) {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  }
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The bare server's node process: tsx's child (or this process). */
const bareNode = bare ? Number(readFileSync(`/proc/${bare.pid}/task/${bare.pid}/children`, 'utf8').trim().split(/\s+/)[0]) : undefined;

/** autocannon in a child process for `seconds`, answered requests of `status` counted. */
async function drive(url: string, headers: Record<string, string>, options: { method?: string; body?: string; status: number }): Promise<number> {
  const args = [...(allocations ? ['-a', '2000'] : ['-d', String(seconds)]), '-c', '10', '--json', '-m', options.method ?? 'GET'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  if (options.body) args.push('-b', options.body);
  const child = spawn(path.join(root, 'node_modules', '.bin', 'autocannon'), [...args, url], { stdio: ['ignore', 'pipe', 'ignore'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  await new Promise((resolve) => child.on('close', resolve));
  const result = JSON.parse(output) as Record<string, number> & { requests: { total: number } };
  const kind = `${String(options.status)[0]}xx`;
  if (result.requests.total - result[kind]! > result.requests.total * 0.01) console.warn(`  ${url}: ${result.requests.total - result[kind]!} of ${result.requests.total} not ${kind}`);
  return result[kind]!;
}

interface Case {
  name: string;
  path: string;
  headers?: Record<string, string>;
  method?: string;
  body?: string;
  status: number;
}

const etag = async () => (await fetch(hub.url + demoListPath, { headers: auth })).headers.get('etag')!;
const json = { 'Content-Type': 'application/json' };
/** The 304 row's If-None-Match is the list's current ETag, read before each server's turn (the demo home changes). */
const cases: Case[] = [
  { name: 'list read', path: demoListPath, status: 200 },
  { name: '304', path: demoListPath, status: 304 },
  { name: 'gzip', path: demoListPath, headers: { 'Accept-Encoding': 'gzip' }, status: 200 },
  { name: 'write', path: capabilityPath, headers: json, method: 'PUT', body: JSON.stringify({ value: 0.5 }), status: 204 },
];

const inspector = new Session();
inspector.connect();
const post = (method: string, params?: object) => new Promise((resolve, reject) => inspector.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))));
let collections = 0;
new PerformanceObserver((entries) => void (collections += entries.getEntries().length)).observe({ entryTypes: ['gc'] });
/** The heap in use after a full collection (only measuring allocations). */
async function heapNow(): Promise<number> {
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((resolve) => setTimeout(resolve, 100)); // the observer hears of that collection first
  return process.memoryUsage().heapUsed;
}

try {
  console.log(`load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}; ${allocations ? '2,000 requests' : `${seconds} s`} per row`);
  for (const c of cases) {
    const figures: string[] = [];
    const servers: Array<[who: string, url: string, headers: Record<string, string>, pid: number | undefined]> = [
      ['hub', hub.url, { ...auth, ...c.headers }, undefined],
      ['bare', bareUrl, { ...c.headers }, bareNode],
    ];
    for (const [who, url, headers, pid] of servers) {
      if (c.status === 304) headers['If-None-Match'] = await etag();
      const heap = allocations ? await heapNow() : 0;
      const [cpu, gcs] = [cpuOf(pid), collections];
      const profiling = process.env.PROFILE_ROW === c.name && (who === 'hub' || allocations);
      if (profiling && !allocations) await post('Profiler.enable').then(() => post('Profiler.start'));
      if (profiling && allocations) await post('HeapProfiler.startSampling', { samplingInterval: 512, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
      const answered = await drive(url + c.path, headers, c);
      if (allocations) {
        const grown = process.memoryUsage().heapUsed - heap;
        // Written after the heap is read: taking the profile collects garbage.
        if (profiling) {
          writeFileSync(path.join(tmpdir(), `bench-kernel-${c.name}-${who}.heapprofile`), JSON.stringify(((await post('HeapProfiler.getSamplingProfile')) as { profile: unknown }).profile));
          await post('HeapProfiler.stopSampling');
        }
        figures.push(`${who} ${collections > gcs ? 'a collection ran' : `${(grown / answered / 1024).toFixed(1)} KB allocated/request`} (${answered} answered)`);
        continue;
      }
      figures.push(`${who} ${(((cpuOf(pid) - cpu) * 1e6) / answered).toFixed(1)} µs CPU/request (${answered} answered)`);
      if (profiling) writeFileSync(path.join(tmpdir(), `bench-kernel-${c.name}-${who}.cpuprofile`), JSON.stringify(((await post('Profiler.stop')) as { profile: unknown }).profile));
    }
    console.log(`${c.name}: ${figures.join('; ')}`);
  }
} finally {
  if (bare) await stop(bare);
  bareHere?.close();
  await hub.stop();
  rmSync(work, { recursive: true, force: true });
}

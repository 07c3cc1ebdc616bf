/**
 * `npx tsx scripts/bench-connect.ts [calls]`: what a call through the connect service costs each process in CPU time
 * (utime + stime from /proc), beside the same call on the hub itself: the ping and the device list, on `npm start`'s
 * bundle, autocannon with 10 connections, `calls` calls (default 20,000) after 3,000, in two turns. Throughput on a
 * shared machine says little; CPU per call is skewed far less by the other work on it (docs/benchmarks.md, History).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { cpuSeconds } from './bench-start.js';
import { printed, spawnStart, stop, waitForOutput } from './child.js';
import { demoListPath } from './demo-list.js';

const calls = Number(process.argv[2] ?? 20_000);
const connections = 10;
const turns = 2;

/** The process npm start's supervisor (`parent`) runs `script` in. */
function child(parent: number, script: string): number {
  const children = spawnSync('pgrep', ['-P', String(parent)], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number);
  const found = children.find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(script));
  if (!found) throw new Error(`No process runs ${script}`);
  return found;
}

const work = mkdtempSync(path.join(tmpdir(), 'bench-connect-'));
const start = await spawnStart({ HUB_PORT: '0', FORM_PORT: '0', CLOUD_PORT: '0', HUB_MDNS: '0', DATA_DIR: path.join(work, 'data') });
try {
  const output = await waitForOutput(start, /^Ctrl-C stops/, 90_000);
  const [hubUrl, connectUrl, token] = ['Hub URL', 'Connect URL', 'Personal access token'].map((label) => printed(output, label)!);
  // The connect service runs in the cloud's process, beside the account service and the others.
  const [hub, cloud] = [child(start.pid!, 'start-hub.js'), child(start.pid!, 'start-demo-cloud.js')];
  const hubId = (await fetch(`${hubUrl}/api/manager/system/ping`)).headers.get('x-homey-id')!;
  const auth = { Authorization: `Bearer ${token}` };
  const rows = [
    { name: 'ping on the hub', url: `${hubUrl}/api/manager/system/ping`, headers: {} },
    { name: 'ping through connect', url: `${connectUrl}/api/manager/system/ping`, headers: { 'X-Homey-ID': hubId } },
    { name: 'list on the hub', url: hubUrl + demoListPath, headers: auth },
    { name: 'list through connect', url: connectUrl + demoListPath, headers: { ...auth, 'X-Homey-ID': hubId } },
  ];
  console.log(`µs of CPU per call, ${calls} calls after 3,000, ${connections} connections`);
  console.log(['row', 'hub', 'connect service', 'autocannon', 'load average'].join(' | '));
  for (let turn = 1; turn <= turns; turn++) {
    for (const { name, url, headers } of rows) {
      await autocannon({ url, connections, headers, amount: 3_000 });
      const [hubBefore, cloudBefore, ownBefore] = [cpuSeconds(hub), cpuSeconds(cloud), process.cpuUsage()];
      const result = await autocannon({ url, connections, headers, amount: calls });
      if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
      const own = process.cpuUsage(ownBefore);
      const perCall = (seconds: number) => ((seconds * 1e6) / calls).toFixed(1);
      console.log([name, perCall(cpuSeconds(hub) - hubBefore), perCall(cpuSeconds(cloud) - cloudBefore), perCall((own.user + own.system) / 1e6), loadavg()[0]!.toFixed(1)].join(' | '));
    }
  }
} finally {
  await stop(start);
  rmSync(work, { recursive: true, force: true });
}

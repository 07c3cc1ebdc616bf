/**
 * `npm run bench -- events`: only the event-path rows of npm run bench, on a hub of their own as `npm start` runs it
 * (about a minute): the realtime fan-out (1,000 clients × 20 changes), the demo home's trigger → action at a realtime
 * client (after the flow engine's throughput rows, which make its flows), and the insights lastYear query.
 * `npm run bench -- events fanout` (or `flow`, `insights`) measures only that part. The full bench prints the same figures.
 */
import { loadavg, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { measureFlows, printFlows } from './bench-flow.js';
import { measureInsightsQuery } from './bench-insights.js';
import { measureFanOut } from './bench-realtime.js';
import { cpuSeconds, hubProcesses } from './bench-start.js';
import { printed, spawnStart, stop, waitForOutput } from './child.js';
import { demoListPath } from './demo-list.js';

const load = () => `load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`;

export async function benchEvents(parts: string[]): Promise<boolean> {
  const wanted = (part: string) => parts.length === 0 || parts.includes(part);
  let passed = true;
  if (wanted('fanout') || wanted('flow')) {
    const work = mkdtempSync(path.join(tmpdir(), 'bench-events-'));
    const child = await spawnStart({ HUB_PORT: '0', FORM_PORT: '0', CLOUD_PORT: '0', HUB_MDNS: '0', DATA_DIR: path.join(work, 'data') });
    try {
      const output = await waitForOutput(child, /^Ctrl-C stops/, 120_000);
      const [url, token] = [printed(output, 'Hub URL')!, printed(output, 'Personal access token')!];
      const hubId = (await fetch(`${url}/api/manager/system/ping`)).headers.get('x-homey-id')!;
      await new Promise((resolve) => setTimeout(resolve, 3000));
      if (wanted('fanout')) {
        const devices = Object.values<{ id: string; capabilitiesObj: Record<string, { setable: boolean }> }>(
          await (await fetch(url + demoListPath, { headers: { Authorization: `Bearer ${token}` } })).json(),
        );
        const lamp = devices.find((device) => device.capabilitiesObj.dim?.setable)!;
        console.log(`Measuring a capability change fanned out to 1000 realtime clients (${load()})...`);
        const hub = hubProcesses(child.pid!)[0]!;
        const fanOut = await measureFanOut({ url, token, hubId, deviceId: lamp.id, capabilityId: 'dim', values: [0.2, 0.8], clients: 1000, changes: 20, serverCpu: () => cpuSeconds(hub) });
        console.log(`Realtime fan-out: ${fanOut.clients} clients × ${fanOut.changes} changes: p50 ${fanOut.p50} ms, p99 ${fanOut.p99} ms, max ${fanOut.max} ms, missed ${fanOut.missed} (${load()})`);
        console.log(`  CPU per change: hub ${fanOut.cpuPerChange.server} ms, the clients' process ${fanOut.cpuPerChange.clients} ms`);
        passed &&= fanOut.missed === 0;
      }
      if (wanted('flow')) {
        const flows = await measureFlows({ url, token, hubId, connections: 10, seconds: 5, warmUpSeconds: 1, changes: 100 });
        printFlows(flows, 10, 5);
        console.log(`(${load()})`);
        passed &&= flows.latency.missed === 0 && flows.rows.every((row) => row.failures === 0);
      }
    } finally {
      await stop(child);
      rmSync(work, { recursive: true, force: true });
    }
  }
  if (wanted('insights')) {
    console.log(`Measuring insights lastYear queries over a year of per-minute values (${load()})...`);
    const insights = await measureInsightsQuery();
    console.log(`Insights lastYear over ${insights.values.toLocaleString('en')} values, ${insights.queries} queries: p50 ${insights.p50} ms, p99 ${insights.p99} ms, max ${insights.max} ms, CPU ${insights.cpu} ms a query (hub and client; ${load()})`);
  }
  return passed;
}

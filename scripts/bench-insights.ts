/**
 * The insights part of npm run bench: a lastYear query (GET .../entry?resolution=lastYear) over HTTP, on a log
 * holding a value for every minute of the last calendar year (525,600 values), in a hub of its own in this process
 * with the demo home, its clock set to January of the year after, asked by a lean node:http client (getJson). Beside the times, the CPU time of this process
 * (the hub and its client) per query: a figure a shared machine skews less than the times.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { FakeClock } from '../server/http/clock.js';
import { createHub } from '../server/hub/core/hub.js';
import { demoToken } from '../server/hub/demo/home.js';

export interface InsightsQueryResult {
  values: number;
  queries: number;
  p50: number;
  p99: number;
  max: number;
  /** CPU ms of this process (hub and client) per measured query. */
  cpu: number;
}

/** Queries before the measured ones: the first answers compile the route's validators. */
const warmUp = 5;

const MINUTE = 60_000;

/**
 * A GET as a lean client makes it: one kept-alive connection, gzip accepted and unzipped at once. (fetch's own
 * stream gunzip added about 1.7 ms to each 3 KB answer here, more than the hub's whole answer: docs/benchmarks.md.)
 */
function getJson(url: string, headers: Record<string, string>, agent: Agent): Promise<{ status: number; body: { values: unknown[] } }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { agent, headers: { ...headers, 'Accept-Encoding': 'gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const text = (response.headers['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes).toString();
        resolve({ status: response.statusCode!, body: JSON.parse(text) as { values: unknown[] } });
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

export async function measureInsightsQuery(queries = 100): Promise<InsightsQueryResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-insights-'));
  const clock = new FakeClock(new Date(2026, 0, 10, 12).getTime());
  const running = createHub({ dataDir, demoHome: true, validateResponses: false, development: false, clock });
  try {
    const url = await running.listen(0);
    const { hub } = running;
    const thermostat = hub.store.values('device').find((device) => device.name === 'Living room thermostat')!;
    const log = hub.store.get('log', `homey:device:${thermostat.id}:measure_temperature`)!;
    const [from, to] = [new Date(2025, 0, 1).getTime(), new Date(2026, 0, 1).getTime()];
    const count = (to - from) / MINUTE;
    // Made as they are imported: 525,600 pairs held at once would leave the collector work for the queries.
    const values = function* () {
      for (let minute = 0; minute < count; minute++) yield [from + minute * MINUTE, 20 + 3 * Math.sin(minute / 720)] as const;
    };
    hub.insights.importValues(log, values());
    const path = `/api/manager/insights/log/${log.ownerUri}/${log.id}/entry?resolution=lastYear`;
    const headers = { Authorization: `Bearer ${demoToken(hub)}` };
    const times: number[] = [];
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    let cpuFrom = process.cpuUsage();
    for (let query = -warmUp; query < queries; query++) {
      if (query === 0) cpuFrom = process.cpuUsage();
      const start = performance.now();
      const { status, body } = await getJson(url + path, headers, agent);
      if (query >= 0) times.push(performance.now() - start);
      if (status !== 200 || body.values.length !== 365) throw new Error(`lastYear answered ${status} with ${body.values.length} steps`);
    }
    const cpu = process.cpuUsage(cpuFrom);
    times.sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    const at = (p: number) => round(times[Math.min(queries - 1, Math.floor((p / 100) * queries))]!);
    return { values: count, queries, p50: at(50), p99: at(99), max: at(100), cpu: round((cpu.user + cpu.system) / 1000 / queries) };
    agent.destroy();
  } finally {
    await running.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

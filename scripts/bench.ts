/**
 * npm run bench: requests per second and p99 latency of one read of the demo home, in one run, on (1) our hub as
 * npm start runs it, (2) a bare Express route answering the same JSON and (3) the Prism mock of the operation.
 * Each server runs in its own process; autocannon drives them one after the other with the same settings.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, printed, spawnBin, stop, waitForOutput } from './child.js';
import { demoListPath } from './demo-list.js';

const connections = 10;
const warmUpSeconds = 3;
const seconds = 10;

interface Target {
  name: string;
  url: string;
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

async function startHub(): Promise<{ url: string; token: string }> {
  const hub = start('tsx', ['scripts/start.ts'], { HUB_PORT: '0', FORM_PORT: '0', DATA_DIR: path.join(work, 'data') });
  const output = await waitForOutput(hub, /^Personal access token: /);
  return { url: printed(output, 'Hub URL')!, token: printed(output, 'Personal access token')! };
}

async function startBare(body: string): Promise<string> {
  const file = path.join(work, 'body.json');
  writeFileSync(file, body);
  const bare = start('tsx', ['scripts/bench-bare.ts'], { BENCH_BODY_FILE: file, BENCH_PATH: demoListPath });
  return printed(await waitForOutput(bare, /^Bare URL: /), 'Bare URL')!;
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

async function measure(target: Target, headers: Record<string, string>): Promise<Row> {
  const options = { url: target.url + demoListPath, connections, headers };
  await autocannon({ ...options, duration: warmUpSeconds });
  const result = await autocannon({ ...options, duration: seconds });
  return {
    name: target.name,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // Bytes read per response, headers included.
    bytes: Math.round(result.throughput.average / Math.max(result.requests.average, 1)),
    failures: result.non2xx + result.errors,
  };
}

function report(rows: Row[]): void {
  const header = ['server', 'req/s', 'p50 ms', 'p99 ms', 'bytes/response', 'non-2xx + errors'];
  const lines = [header, ...rows.map((row) => [row.name, Math.round(row.perSecond), row.p50, row.p99, row.bytes, row.failures].map(String))];
  const widths = header.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
  const format = (line: string[]) => line.map((cell, column) => (column ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ');
  console.log(`\nGET ${demoListPath}: ${connections} connections × ${seconds} s after a ${warmUpSeconds} s warm-up, one server at a time\n`);
  console.log(lines.map(format).join('\n'));
  console.log('(Prism answers the contract\'s example, not the demo home: see bytes/response.)');
  const [hub, bare, prism] = rows as [Row, Row, Row];
  const ratio = (a: Row, b: Row) =>
    `${(a.perSecond / b.perSecond).toFixed(2)}× the requests per second, ${(a.p99 / Math.max(b.p99, 1)).toFixed(2)}× the p99 latency`;
  console.log(`\nhub/bare:  ${ratio(hub, bare)}`);
  console.log(`hub/prism: ${ratio(hub, prism)}`);
}

try {
  const { url: hubUrl, token } = await startHub();
  const headers = { Authorization: `Bearer ${token}` };
  const response = await fetch(hubUrl + demoListPath, { headers });
  if (!response.ok) throw new Error(`GET ${demoListPath} on the hub answered ${response.status}`);
  const bareUrl = await startBare(await response.text());
  const prismUrl = await startPrism(headers);
  const targets: Target[] = [
    { name: 'hub (production settings)', url: hubUrl },
    { name: 'bare Express route', url: bareUrl },
    { name: 'Prism mock', url: prismUrl },
  ];
  const rows: Row[] = [];
  for (const target of targets) {
    console.log(`Measuring ${target.name}...`);
    rows.push(await measure(target, headers));
  }
  report(rows);
  if (rows.some((row) => row.failures)) {
    console.error('Some requests failed: the numbers above are not comparable.');
    process.exitCode = 1;
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await Promise.all(children.map((child) => stop(child)));
  rmSync(work, { recursive: true, force: true });
}

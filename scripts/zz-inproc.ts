// In-process: the hub's request pipeline and a bare Express route, driven with fake sockets (no syscalls).
import { Duplex } from 'node:stream';
import { IncomingMessage, ServerResponse, type Server } from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { createHub } from '../server/hub/hub.js';
import { ensureDemoToken } from '../server/hub/demo-home.js';
import { demoListPath } from './demo-list.js';

class FakeSocket extends Duplex {
  remoteAddress = '127.0.0.1';
  bytes = 0;
  _write(chunk: Buffer, _e: string, cb: () => void) { this.bytes += chunk.length; cb(); }
  _writev(chunks: Array<{ chunk: Buffer }>, cb: () => void) { for (const c of chunks) this.bytes += c.chunk.length; cb(); }
  _read() {}
  setTimeout() { return this; }
  setNoDelay() { return this; }
  setKeepAlive() { return this; }
}
const sock = new FakeSocket();
let last = 0;
let putN = 0;
function once(emit: (req: IncomingMessage, res: ServerResponse) => void, url: string, headers: Record<string, string>): Promise<void> {
  const req = new IncomingMessage(sock as never);
  if (process.env.PUT) {
    url = putPath;
    const body = JSON.stringify({ value: 15 + (putN++ % 1000) / 100 });
    headers = { ...headers, 'content-type': 'application/json', 'content-length': String(body.length) };
    req.method = 'PUT'; req.push(body);
  } else req.method = 'GET';
  req.url = url; req.httpVersionMajor = 1; req.httpVersionMinor = 1; req.httpVersion = '1.1';
  req.headers = headers; req.rawHeaders = Object.entries(headers).flat();
  req.push(null);
  const res = new ServerResponse(req);
  res.shouldKeepAlive = true;
  res.assignSocket(sock as never);
  return new Promise((resolve) => {
    res.on('finish', () => { last = res.statusCode; if (process.env.SHOW) { console.log(res.statusCode, res.getHeaders()); process.exit(0); } res.detachSocket(sock as never); resolve(); });
    emit(req, res);
  });
}
const running = createHub({ dataDir: mkdtempSync(path.join(tmpdir(), 'inproc-')), demoHome: true, validateResponses: false, development: false });
const { token } = ensureDemoToken(running.hub);
const sensorId = running.hub.store.values<{ id: string; name: string }>('device').find((d) => d.name === 'Living room climate')!.id;
const putPath = `/api/manager/devices/device/${sensorId}/capability/measure_temperature`;
const server: Server = running.server;
const hubEmit = (req: IncomingMessage, res: ServerResponse) => server.emit('request', req, res);
const bytes = readFileSync('/tmp/prof/hub-body.json');
const bare = express(); bare.set('etag', false);
bare.get(demoListPath, (_req, res) => { res.type('json').send(bytes); });
const bareEmit = (req: IncomingMessage, res: ServerResponse) => (bare as any)(req, res);
const headers = { host: '127.0.0.1:4859', authorization: `Bearer ${token}`, 'user-agent': 'bench', accept: '*/*', ...(process.env.INM ? { 'if-none-match': 'x' } : {}) };
const cases = ([['hub', hubEmit], ['bare', bareEmit]] as Array<[string, (req: IncomingMessage, res: ServerResponse) => void]>).filter(([n]) => !process.env.CASES || process.env.CASES.split(',').includes(n));
const N = Number(process.env.N ?? 5000);
const results: Record<string, number[]> = {};
import { Session } from 'node:inspector/promises';
const inspector = new Session();
if (process.env.HEAP) { inspector.connect(); await inspector.post('HeapProfiler.startSampling', { samplingInterval: 512, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true } as never); }
import { getPriority, setPriority } from 'node:os';
// Under callgrind (--zero-before=uv_os_getpriority --dump-before=uv_os_setpriority): instructions of N requests alone.
if (process.env.CG) {
  for (const [, emit] of cases) for (let i = 0; i < Number(process.env.WARM ?? 300); i++) await once(emit, demoListPath, headers);
  const n = Number(process.env.N ?? 1000);
  const priority = getPriority();
  for (let i = 0; i < n; i++) await once(cases[0]![1], demoListPath, headers);
  setPriority(priority);
  process.exit(0);
}
for (let round = 0; round < Number(process.env.ROUNDS ?? 8); round++) {
  for (const [name, emit] of cases) {
    const c0 = process.cpuUsage();
    for (let i = 0; i < N; i++) await once(emit, demoListPath, headers);
    const c = process.cpuUsage(c0);
    if (last !== 200 && last !== 304 && last !== 204) throw new Error(`${name} answered ${last}`);
    (results[name] ??= []).push((c.user + c.system) / N);
  }
}
if (process.env.HEAP) {
  const { profile } = (await inspector.post('HeapProfiler.stopSampling')) as any;
  const self = new Map<string, number>();
  let total = 0;
  const walk = (node: any, stack: string[]) => {
    const f = node.callFrame; const key = `${f.functionName || '(anon)'} ${f.url.replace(/.*node_modules\//, '').replace(/.*\/work\/main\//, '')}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + node.selfSize); total += node.selfSize;
    for (const c of node.children) walk(c, [...stack, key]);
  };
  walk(profile.head, []);
  const reqs = Number(process.env.ROUNDS ?? 8) * N * cases.length;
  console.log('bytes per request (both cases)', (total / reqs).toFixed(0));
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log((v / reqs).toFixed(0).padStart(6), k);
}
for (const [name, xs] of Object.entries(results)) console.log(name.padEnd(6), 'µs/req min', Math.min(...xs).toFixed(1), 'med', [...xs].sort((a, b) => a - b)[xs.length >> 1]!.toFixed(1), xs.slice(2).map((x) => x.toFixed(0)).join(' '));
await running.close();
process.exit(0);

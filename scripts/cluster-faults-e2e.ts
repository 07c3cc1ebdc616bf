/**
 * Faults the cloud on several instances rides out, as scripts/cluster-e2e.ts checks them: Redis paused (a call for a
 * hub held by another instance answers offline within 2 s) and PostgreSQL restarted under load (calls answer 503
 * with Retry-After meanwhile, service resumes by itself, no acknowledged write is lost).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Redis } from 'ioredis';
import request from 'supertest';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** docs/several-instances.md: while Redis cannot answer, a call for a hub held elsewhere answers offline this soon. */
const OFFLINE_WITHIN_MS = 2000;

/**
 * Pauses every client of Redis (CLIENT PAUSE, as a stalled server) and calls, at the instance not holding the hub,
 * the hub's API: the answer is 404 homey_offline within 2 s. Redis is unpaused afterwards.
 */
export async function callWhileRedisPaused(redis: Redis, connectUrl: string, headers: Record<string, string>): Promise<number> {
  await redis.call('CLIENT', 'PAUSE', '10000', 'ALL');
  try {
    const started = Date.now();
    const res = await request(connectUrl).get('/api/manager/devices/device').set(headers);
    const took = Date.now() - started;
    assert.equal(res.status, 404, JSON.stringify(res.body));
    assert.equal(res.body.error, 'homey_offline');
    assert.ok(took < OFFLINE_WITHIN_MS, `the offline answer took ${took} ms`);
    return took;
  } finally {
    await redis.call('CLIENT', 'UNPAUSE');
  }
}

/**
 * The PostgreSQL cluster the test's database is on, when CI names it: its data folder (POSTGRES_DATA_DIR) and the
 * folder of its pg_ctl (POSTGRES_BIN_DIR). pg_ctl runs as the data folder's owner (PostgreSQL refuses root): as
 * that user when this process is root, through `sudo -n` otherwise.
 */
export function postgresControl(env: NodeJS.ProcessEnv): { restart(): Promise<void> } | string {
  const dataDir = env.POSTGRES_DATA_DIR;
  const binDir = env.POSTGRES_BIN_DIR;
  if (!dataDir || !binDir) return 'POSTGRES_DATA_DIR and POSTGRES_BIN_DIR do not name the PostgreSQL cluster to restart (.ci/run sets them)';
  const { uid, gid } = statSync(dataDir);
  // restart keeps the server's options (its port, socket folder); its log goes where .ci/run started it logging.
  const pgCtl = [path.join(binDir, 'pg_ctl'), '-D', dataDir, '-l', path.join(dataDir, 'log'), '-m', 'fast', '-w', 'restart'];
  const me = process.getuid?.();
  const [file, ...args] = me === uid || me === 0 ? pgCtl : ['sudo', '-n', '-u', `#${uid}`, ...pgCtl];
  const options = me === 0 && uid !== 0 ? { uid, gid } : {};
  return {
    restart: () =>
      new Promise<void>((resolve, reject) => {
        let output = '';
        const child = spawn(file!, args, { ...options, cwd: dataDir, stdio: ['ignore', 'pipe', 'pipe'] });
        for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk));
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pg_ctl restart exited with ${code}: ${output}`))));
      }),
  };
}

export interface LoadReport {
  acknowledged: number;
  refused: number;
  took: { restartMs: number; recoveredMs: number };
}

/**
 * Writes (new hub records) through the proxy from a few workers while PostgreSQL restarts, until writes succeed
 * again after it. Every answer is 200 or 503 with Retry-After (never a 500, never a dropped connection), and every
 * record whose write was acknowledged is there afterwards.
 */
export async function restartUnderLoad(cloudUrl: string, token: string, restart: () => Promise<void>, alive: () => void): Promise<LoadReport> {
  const auth = { Authorization: `Bearer ${token}` };
  const acknowledged: string[] = [];
  const unexpected: string[] = [];
  let refused = 0;
  let stopping = false;
  let restarted = false;
  let recoveredAt = 0;
  const worker = async () => {
    while (!stopping) {
      const id = randomBytes(12).toString('hex');
      const res = await request(cloudUrl).post('/homey/').set(auth).send({ _id: id, name: 'Load', apiVersion: 3, platform: 'local' }).ok(() => true);
      if (res.status === 200) {
        acknowledged.push(id);
        if (restarted && !recoveredAt) recoveredAt = Date.now();
      } else if (res.status === 503 && res.headers['retry-after']) {
        refused++;
        await sleep(100);
      } else unexpected.push(`${res.status} ${JSON.stringify(res.body)}`);
    }
  };
  const workers = Array.from({ length: 4 }, worker);
  await sleep(500);
  const started = Date.now();
  try {
    await restart();
  } finally {
    restarted = true;
  }
  const restartMs = Date.now() - started;
  for (let waited = 0; !recoveredAt && waited < 30_000; waited += 100) await sleep(100);
  await sleep(500);
  stopping = true;
  await Promise.all(workers);
  alive();
  assert.deepEqual(unexpected, [], 'answers other than 200 and 503 with Retry-After');
  assert.ok(recoveredAt, 'no write succeeded within 30 s of the restart');
  for (const id of acknowledged) await request(cloudUrl).get(`/homey/${id}`).set(auth).expect(200);
  return { acknowledged: acknowledged.length, refused, took: { restartMs, recoveredMs: recoveredAt - started } };
}

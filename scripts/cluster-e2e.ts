/**
 * The cloud on several instances, end to end (CI: .ci/run): two instances of every cloud service
 * (`npm run start:cloud`) on one PostgreSQL database and one Redis, behind HAProxy with deploy/haproxy.cfg, and a
 * hub whose local address answers nothing. Checks that
 *   - both instances, started at once on a new database, come up (migrations and seeding take turns);
 *   - a hub whose tunnel one instance holds is reached through the other (HTTP and realtime), through the proxy;
 *   - sign-in throttling, the sign-in page's form and single-use codes hold across instances (a code redeemed at one
 *     is refused at the other, as is a refresh token used twice);
 *   - with Redis paused, a call for the hub at the instance not holding it answers 404 homey_offline within 2 s;
 *   - PostgreSQL restarted under writes (when POSTGRES_DATA_DIR and POSTGRES_BIN_DIR name its cluster, else skipped
 *     saying so): calls answer 503 with Retry-After meanwhile, writes succeed again by themselves afterwards, every
 *     acknowledged write is there and both instances are alive (scripts/cluster-faults-e2e.ts);
 *   - when the instance holding the tunnel is killed, the hub reconnects through the proxy to the live one and the
 *     client's next calls succeed.
 * Needs REDIS_URL (a Redis server), DATABASE_URL (a PostgreSQL server to make a throwaway database in) and haproxy;
 * exits 0 when every check passed, 1 naming the one that failed.
 *   REDIS_URL=redis://127.0.0.1:6390 DATABASE_URL=postgres://postgres@127.0.0.1:5433/postgres \
 *     POSTGRES_DATA_DIR=/tmp/pg POSTGRES_BIN_DIR=/usr/lib/postgresql/15/bin npx tsx scripts/cluster-e2e.ts
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import request from 'supertest';
import { CloudAPI } from '../client/cloud/cloud-api.js';
import { openHubSession } from '../client/cloud/hub-session.js';
import { MemoryStorageAdapter } from '../client/cloud/storage.js';
import { Device } from '../client/hub/device.js';
import type { HubAPI } from '../client/hub/hub-api.js';
import { loadDelegationKeys } from '../server/cloud/account/delegation.js';
import { authorise } from '../server/cloud/account/oauth/testing.js';
import { createAccountService } from '../server/cloud/account/service.js';
import { freshDatabase } from '../server/cloud/account/testing/postgres.js';
import { APP, CHEAP_PASSWORD_COST, PASSWORD, type TestAccount } from '../server/cloud/account/testing/test-account.js';
import { hubKey } from '../server/cloud/connect/cluster-connections.js';
import { hubSecret, loadHubSecretKey } from '../server/cloud/callers/hub-secret.js';
import { startTestHub, type TestHub } from '../server/hub/testing/test-hub.js';
import { newUser } from '../server/hub/users/users.js';
import { root } from './apis.js';
import { freePort, printed, spawnBin, stop, waitForOutput } from './child.js';
import { callWhileRedisPaused, postgresControl, restartUnderLoad } from './cluster-faults-e2e.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually<T>(what: string, attempt: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > until) throw new Error(`${what}: still failing after ${timeoutMs} ms: ${(error as Error).message}`);
      await sleep(250);
    }
  }
}

const redisUrl = process.env.REDIS_URL;
const serverUrl = process.env.DATABASE_URL;
if (!redisUrl || !serverUrl) {
  console.error('scripts/cluster-e2e.ts needs REDIS_URL (a Redis server) and DATABASE_URL (a PostgreSQL server): .ci/run starts both.');
  process.exit(1);
}

const work = mkdtempSync(path.join(tmpdir(), 'cluster-e2e-'));
const cloudDir = path.join(work, 'cloud');
mkdirSync(cloudDir);
const children: ChildProcess[] = [];
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let hub: TestHub | undefined;
let homey: HubAPI | undefined;
const redis = new Redis(redisUrl);
const run = randomBytes(3).toString('hex');
const step = (text: string) => console.log(`- ${text}`);

/** Forgets every rate-limit and sign-in count (rate-limiter-flexible's keys: `<name>:<key>`). */
const clearCounts = () => redis.eval("for _, key in ipairs(redis.call('keys', 'login-*')) do redis.call('del', key) end for _, key in ipairs(redis.call('keys', 'sign-up*')) do redis.call('del', key) end return 0", 0);

interface Instance {
  name: string;
  id: string;
  child: ChildProcess;
  cloudUrl: string;
  connectUrl: string;
  /** Its name in deploy/haproxy.cfg's connect backend (the X-Cloud-Server header of answers). */
  server: string;
}

async function main(): Promise<void> {
  // The keys made once, before the instances start (two first starts at once would each make their own, as
  // docs/several-instances.md says); the database new and empty: both instances migrate and seed it at once.
  database = await freshDatabase(serverUrl!);
  await loadDelegationKeys(cloudDir);
  const hubSecretKey = loadHubSecretKey(cloudDir);

  const ports = { cloud: await freePort(), connect: await freePort() };
  const env = (n: number, cloudPort: number, connectPort: number) => ({
    DATA_DIR: work,
    CLOUD_PORT: String(cloudPort),
    CONNECT_PORT: String(connectPort),
    CLOUD_DATABASE_URL: database!.url,
    REDIS_URL: redisUrl!,
    CLOUD_INSTANCE_ID: `e2e-${run}-${n}`,
    CLOUD_SHARED_SECRET: 'e2e-shared-secret',
    TRUSTED_PROXIES: '127.0.0.1',
    LOG_LEVEL: 'warn',
  });
  const instances = await Promise.all(
    [1, 2].map(async (n): Promise<Instance> => {
      const [cloudPort, connectPort] = [await freePort(), await freePort()];
      const child = spawnBin('tsx', ['scripts/start-cloud.ts'], env(n, cloudPort, connectPort));
      children.push(child);
      const output = await waitForOutput(child, /^Ctrl-C stops this cloud instance/m, 90_000);
      return { name: `cloud ${n}`, id: `e2e-${run}-${n}`, child, cloudUrl: printed(output, 'Cloud URL')!, connectUrl: printed(output, 'Connect URL')!, server: `connect${n}` };
    }),
  );
  step('two instances started at once on a new database: both migrated and seeded it and came up');
  // The test's client, registered once the schema is there.
  const setup = await createAccountService({ dataDir: cloudDir, databaseUrl: database.url, clients: [APP], passwordCost: CHEAP_PASSWORD_COST });
  await setup.close();
  // An instance's first call compiles its contract's validators (seconds on a busy machine): made before the proxy
  // checks them, so that its first health check does not time out.
  for (const instance of instances) await request(instance.cloudUrl).get('/').expect(200);
  step(`two instances: ${instances.map((instance) => `${instance.id} (${instance.cloudUrl}, ${instance.connectUrl})`).join(', ')}`);

  // Debian installs it in /usr/sbin, which a user's PATH may lack.
  const haproxy = existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';
  const proxy = spawn(haproxy, ['-db', '-f', path.join(root, 'deploy', 'haproxy.cfg')], {
    env: {
      ...process.env,
      CLOUD_BIND: `127.0.0.1:${ports.cloud}`,
      CONNECT_BIND: `127.0.0.1:${ports.connect}`,
      CLOUD_1: new URL(instances[0]!.cloudUrl).host,
      CLOUD_2: new URL(instances[1]!.cloudUrl).host,
      CONNECT_1: new URL(instances[0]!.connectUrl).host,
      CONNECT_2: new URL(instances[1]!.connectUrl).host,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(proxy);
  const cloudUrl = `http://127.0.0.1:${ports.cloud}`;
  const connectUrl = `http://127.0.0.1:${ports.connect}`;
  await eventually('HAProxy answers', async () => void (await request(cloudUrl).get('/').expect(200)));
  step(`HAProxy: cloud ${cloudUrl}, connect ${connectUrl}`);

  // The Redis is this test's: counts of an earlier run (sign-ups and sign-ins from this address) are cleared.
  await clearCounts();
  // A user, signed up through the proxy; the hub, its local address unreachable, connects through the proxy.
  const email = `owner-${run}@example.com`;
  const { body: owner } = await request(cloudUrl).post('/user').send({ email, password: PASSWORD, firstname: 'Owner' }).expect(200);
  const { body: cloudPublicKey } = await request(cloudUrl).get('/delegation/key').expect(200);
  hub = await startTestHub({ cloudPublicKey, connectUrl, hubSecret: 'not-yet' });
  hub.hub.config.hubSecret = hubSecret(hubSecretKey, hub.hub.id);
  await hub.connectRemote()!.connected();
  hub.hub.store.insert('user', newUser({ name: 'Owner', athomId: owner._id, verified: true, role: 'manager' }));
  const hubId = hub.hub.id;
  const tokens = async (at: string) => (await request(at).post('/oauth2/token').auth(APP.id, APP.secret).type('form').send({ grant_type: 'password', username: email, password: PASSWORD }).expect(200)).body;
  const { access_token: ownerToken } = await tokens(cloudUrl);
  await request(cloudUrl).post('/homey/').set('Authorization', `Bearer ${ownerToken}`).send({ _id: hubId, name: 'Home', apiVersion: 3, platform: 'local', localUrl: 'http://127.0.0.1:9', remoteUrl: connectUrl }).expect(200);

  const holderId = await eventually('the hub is in the map', async () => {
    const id = await redis.get(hubKey(hubId));
    assert.ok(id, 'no entry yet');
    return id;
  });
  const holder = instances.find((instance) => instance.id === holderId)!;
  const other = instances.find((instance) => instance !== holder)!;
  step(`the hub's tunnel is held by ${holder.name}`);

  // HTTP through the proxy: round robin sends calls to both instances; those the other one answered crossed over.
  const hubAuth = { 'X-Homey-ID': hubId, Authorization: `Bearer ${hub.token}` };
  const local = (await hub.http().get('/api/manager/devices/device').set('Authorization', `Bearer ${hub.token}`).expect(200)).body;
  const servedBy = new Set<string>();
  for (let i = 0; i < 6; i++) {
    const res = await request(connectUrl).get('/api/manager/devices/device').set(hubAuth).expect(200);
    assert.deepEqual(res.body, local);
    servedBy.add(String(res.headers['x-cloud-server']));
  }
  assert.ok(servedBy.has(other.server), `no call went through ${other.server} (served by ${[...servedBy].join(', ')})`);
  // The connect service takes a delegation token of its own audience (docs/protocol.md §8).
  const { body: connectToken } = await request(cloudUrl).post('/delegation/token').query({ audience: 'connect' }).set('Authorization', `Bearer ${ownerToken}`).send({}).expect(200);
  await request(other.connectUrl).get(`/homey/${hubId}/ping`).set('Authorization', `Bearer ${connectToken}`).expect(200, 'true');
  step(`HTTP: calls answered by ${[...servedBy].join(' and ')} reached the hub held by ${holder.name}`);

  // Realtime: a client whose hub record sends it straight to the other instance, then one through the proxy.
  const api = new CloudAPI({ baseUrl: cloudUrl, clientId: APP.id, clientSecret: APP.secret, store: new MemoryStorageAdapter() });
  await api.authenticateWithPassword({ username: email, password: PASSWORD, scopes: ['account', 'homey'] });
  const heardThrough = async (remoteUrl: string) => {
    await request(cloudUrl).put(`/homey/${hubId}`).set('Authorization', `Bearer ${ownerToken}`).send({ remoteUrl }).expect(200);
    const session = await openHubSession(api, (await api.getAuthenticatedUser()).getHomeyById(hubId));
    const lamp = Object.values(await session.devices.getDevices()).find((device) => device.name === 'Kitchen spots')!;
    await session.connect();
    const heard: unknown[] = [];
    const onoff = await (await Device.get(session, lamp.id)).makeCapabilityInstance('onoff', (value) => heard.push(value));
    const next = !onoff.value;
    await hub!.http().put(`/api/manager/devices/device/${lamp.id}/capability/onoff`).set('Authorization', `Bearer ${hub!.token}`).send({ value: next }).expect(204);
    await eventually('the change is heard', async () => assert.deepEqual(heard, [next]), 5000);
    await onoff.setValue(!next);
    const now = (await hub!.http().get(`/api/manager/devices/device/${lamp.id}`).set('Authorization', `Bearer ${hub!.token}`).expect(200)).body;
    assert.equal(now.capabilitiesObj.onoff.value, !next);
    onoff.destroy();
    return { session, lamp };
  };
  (await heardThrough(other.connectUrl)).session.destroy();
  step(`realtime: a client at ${other.name} subscribed, heard a change and set a capability on the hub held by ${holder.name}`);
  const through = await heardThrough(connectUrl);
  homey = through.session;
  step('realtime: the same through the proxy');

  // Sign-in throttling counts across instances: five free failures of a username in all, then 429 at either.
  const wrong = (at: string) => request(at).post('/oauth2/token').auth(APP.id, APP.secret).type('form').send({ grant_type: 'password', username: email, password: 'wrong' });
  for (let i = 0; i < 6; i++) assert.notEqual((await wrong(instances[i % 2]!.cloudUrl)).status, 429, `failure ${i + 1} was throttled`);
  for (const instance of instances) assert.equal((await wrong(instance.cloudUrl)).status, 429, `${instance.name} did not throttle`);
  await clearCounts();
  step('sign-in throttling: failures at either instance add up');

  // Single use across instances: the sign-in page opened at one and posted at the other; its code redeemed at one
  // and refused at the other; a refresh token used at one and refused (reused) at the other.
  // The page (GET) is opened at cloud 1, its form posted (POST) at cloud 2, and the consent page's Allow (the demo
  // app is a third party) posted at cloud 1 with the ticket cloud 2 issued.
  let calls = 0;
  const alternating = { http: () => request(instances[calls++ % 2]!.cloudUrl) } as unknown as TestAccount;
  const code = await authorise(alternating, { client: APP, email });
  assert.equal(calls, 3);
  const redeem = (url: string) => request(url).post('/oauth2/token').auth(APP.id, APP.secret).type('form').send({ grant_type: 'authorization_code', code, redirect_uri: APP.redirectUris[0] });
  const redeemed = await redeem(instances[1]!.cloudUrl);
  assert.equal(redeemed.status, 200, JSON.stringify(redeemed.body));
  assert.equal((await redeem(instances[0]!.cloudUrl).expect(400)).body.error, 'invalid_grant');
  const refresh = (url: string, token: string) => request(url).post('/oauth2/token').auth(APP.id, APP.secret).type('form').send({ grant_type: 'refresh_token', refresh_token: token });
  // The replay ended that sign-in everywhere: its refresh token is refused too.
  assert.equal((await refresh(instances[1]!.cloudUrl, redeemed.body.refresh_token).expect(400)).body.error, 'invalid_grant');
  const { refresh_token: once } = await tokens(instances[0]!.cloudUrl);
  await refresh(instances[1]!.cloudUrl, once).expect(200);
  assert.equal((await refresh(instances[0]!.cloudUrl, once).expect(400)).body.error, 'invalid_grant');
  step('single use: the sign-in page opened at cloud 1 and posted at cloud 2; its code, redeemed at cloud 2, is refused at cloud 1 (and ends that sign-in); a refresh token used at cloud 2 is refused at cloud 1');

  // Redis paused: the instance not holding the hub answers a call for it offline at once, rather than waiting.
  const pausedMs = await callWhileRedisPaused(redis, other.connectUrl, hubAuth);
  await request(other.connectUrl).get('/api/manager/devices/device').set(hubAuth).expect(200);
  step(`Redis paused: a call at ${other.name} for the hub held by ${holder.name} answered 404 homey_offline in ${pausedMs} ms; after the pause it reaches the hub again`);

  // PostgreSQL restarted under writes: 503 with Retry-After meanwhile, then service again, every acknowledged write kept.
  const postgres = postgresControl(process.env);
  if (typeof postgres === 'string') step(`PostgreSQL restart skipped: ${postgres}`);
  else {
    const alive = () => instances.forEach((instance) => assert.equal(instance.child.exitCode ?? instance.child.signalCode, null, `${instance.name} exited`));
    const load = await restartUnderLoad(cloudUrl, ownerToken, postgres.restart, alive);
    step(`PostgreSQL restarted (${load.took.restartMs} ms) under writes: ${load.refused} answered 503 with Retry-After, writes succeeded again ${load.took.recoveredMs} ms after the restart began; all ${load.acknowledged} acknowledged writes are there, both instances alive`);
  }

  // The holder dies outright: the hub reconnects through the proxy to the live instance and the client carries on.
  process.kill(-holder.child.pid!, 'SIGKILL');
  const killedAt = Date.now();
  await eventually('the hub moves to the live instance', async () => assert.equal(await redis.get(hubKey(hubId)), other.id), 30_000);
  const devices = await eventually('the client reaches the hub again', () => homey!.devices.getDevices(), 30_000);
  assert.ok(Object.values(devices).some((device) => device.name === 'Kitchen spots'));
  for (let i = 0; i < 4; i++) await request(connectUrl).get('/api/manager/devices/device').set(hubAuth).expect(200);
  step(`killed ${holder.name}: the hub is held by ${other.name} and the client's calls succeed again ${Date.now() - killedAt} ms later`);
  (await heardThrough(connectUrl)).session.destroy();
  step('realtime after the kill: a new session hears and sets through the proxy');
}

async function cleanUp(): Promise<void> {
  homey?.destroy();
  await hub?.stop().catch(() => undefined);
  await Promise.all(children.map((child) => (child.exitCode === null && child.signalCode === null ? stop(child).catch(() => undefined) : undefined)));
  redis.disconnect();
  await database?.drop().catch((error) => console.error(`dropping the test database failed: ${(error as Error).message}`));
  rmSync(work, { recursive: true, force: true });
}

const started = Date.now();
try {
  await main();
  console.log(`The cloud on two instances: every check passed in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} catch (error) {
  console.error(`The cloud on two instances: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(process.exitCode ?? 0);

import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eventually } from '../apps/testing/eventually.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

describe('system manager: memory, storage and the private diagnostics', () => {
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  const base = '/api/manager/system';
  const busy = (ms: number) => {
    const until = Date.now() + ms;
    let sum = 0;
    while (Date.now() < until) sum += Math.sqrt(sum + 1);
    return sum;
  };

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when memory is read, then the totals add up and the hub process is one consumer', async () => {
    const { body: total } = await hub.http().get(`${base}/memory/total`).set(auth()).expect(200);
    expect(total.used).toBe(total.total - total.free);
    const { body } = await hub.http().get(`${base}/memory`).set(auth()).expect(200);
    expect(body.total).toBe(total.total);
    expect(body.types.hub.size).toBe(body.process.rss);
    expect(body.process.heapUsed).toBeGreaterThan(0);
    expect(body.types.hub.size + body.types.system.size).toBeGreaterThanOrEqual(body.used);
  });

  it('when storage is read, then it measures the data folder\'s file system and the hub database on it', async () => {
    const { body: total } = await hub.http().get(`${base}/storage/total`).set(auth()).expect(200);
    expect(total.total).toBeGreaterThan(0);
    expect(total.free).toBeLessThanOrEqual(total.total);
    const { body } = await hub.http().get(`${base}/storage`).set(auth()).expect(200);
    expect(body.total).toBe(total.total);
    expect(body.types.database.size).toBeGreaterThanOrEqual(statSync(path.join(hub.dataDir, 'hub.sqlite')).size);
    expect(Object.keys(body.types).sort()).toEqual(['database', 'diagnostics', 'other']);
  });

  it('when a CPU profile is started and stopped, then it summarizes where the time went', async () => {
    const { body: started } = await hub.http().post(`${base}/profile/start`).set(auth()).send({ duration: 30 }).expect(200);
    expect(started).toMatchObject({ running: true, startedAt: expect.any(String) });
    expect(Date.parse(started.stopsAt) - Date.parse(started.startedAt)).toBe(30_000);
    expect((await hub.http().get(`${base}/state`).set(auth()).expect(200)).body.profile.running).toBe(true);
    const again = await hub.http().post(`${base}/profile/start`).set(auth()).send({}).expect(409);
    expect(again.body.error_description).toBe('A CPU profile is already running; stop it first');
    busy(150);
    const { body: profile } = await hub.http().post(`${base}/profile/stop`).set(auth()).send({}).expect(200);
    expect(profile.sampleCount).toBeGreaterThan(10);
    expect(profile.durationMs).toBeGreaterThanOrEqual(150);
    expect(profile.functions.length).toBeGreaterThan(0);
    expect(profile.functions[0].selfMs).toBeGreaterThanOrEqual(profile.functions.at(-1).selfMs);
    const stopped = await hub.http().post(`${base}/profile/stop`).set(auth()).send({}).expect(409);
    expect(stopped.body.error_description).toBe('No CPU profile is running');
  });

  it('when a profile reaches its duration, then it stops by itself and stop answers it once', async () => {
    await hub.http().post(`${base}/profile/start`).set(auth()).send({ duration: 0.2 }).expect(200);
    // It runs on the machine's clock (a profile samples the real process): asked until it has stopped.
    await eventually(async () => expect((await hub.http().get(`${base}/state`).set(auth()).expect(200)).body.profile).toEqual({ running: false, startedAt: null, stopsAt: null }));
    const { body } = await hub.http().post(`${base}/profile/stop`).set(auth()).send({}).expect(200);
    expect(body.durationMs).toBeGreaterThan(100);
    await hub.http().post(`${base}/profile/stop`).set(auth()).send({}).expect(409);
  });

  it('when the hub reboots during a profile, then the profile ends', async () => {
    await hub.http().post(`${base}/profile/start`).set(auth()).send({}).expect(200);
    await hub.http().post(`${base}/reboot`).set(auth()).send({}).expect(200);
    expect((await hub.http().get(`${base}/state`).set(auth()).expect(200)).body.profile.running).toBe(false);
    await hub.http().post(`${base}/profile/stop`).set(auth()).send({}).expect(409);
  });

  it.each([[{ duration: 0 }], [{ duration: -1 }], [{ duration: 601 }], [{ duration: 'long' }], [{ seconds: 5 }]])(
    'when startProfile gets %j, then 400 and no profile runs',
    async (body) => {
      const res = await hub.http().post(`${base}/profile/start`).set(auth()).send(body).expect(400);
      expect(res.body.error_description).toMatch(/duration|seconds/);
      expect((await hub.http().get(`${base}/state`).set(auth()).expect(200)).body.profile.running).toBe(false);
    },
  );

  it('when garbage is collected, then the heap before and after are reported', async () => {
    const { body } = await hub.http().post(`${base}/gc`).set(auth()).send({}).expect(200);
    expect(body.heapUsedBefore).toBeGreaterThan(0);
    expect(body.freed).toBe(body.heapUsedBefore - body.heapUsedAfter);
  });

  it('when a heap snapshot is written, then it replaces older ones in the data folder and counts as diagnostics storage', async () => {
    const older = path.join(hub.dataDir, 'diagnostics', 'older.heapsnapshot');
    mkdirSync(path.dirname(older), { recursive: true });
    writeFileSync(older, '{}');
    const { body } = await hub.http().post(`${base}/heapdump`).set(auth()).send({}).expect(200);
    expect(body.file).toMatch(/^diagnostics\/.+\.heapsnapshot$/);
    expect(statSync(path.join(hub.dataDir, body.file)).size).toBe(body.size);
    expect(existsSync(older)).toBe(false);
    const { body: storage } = await hub.http().get(`${base}/storage`).set(auth()).expect(200);
    expect(storage.types.diagnostics.size).toBe(body.size);
    // The snapshot is of this Jest worker's whole heap, which is large late in a full run on two busy cores.
  }, 90_000);
});

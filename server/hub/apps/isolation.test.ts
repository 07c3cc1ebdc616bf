import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { FakeClock } from '../../http/clock.js';
import { appJson, makePackage } from '../../cloud/apps/testing/packages.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { BUSY_LIMIT_MS, HEAVY_HEAP_MB, WARN_LIMIT } from './app-worker.js';
import { eventually } from './testing/eventually.js';

/** An SDK v3 app whose onInit starts `work` (a statement run once it has started) with an api.js of `routes`. */
const app = (id: string, work: string, api = 'module.exports = {};') =>
  makePackage(appJson(id, '1.0.0', { drivers: [], settings: [], flow: {}, api: { ping: { method: 'GET', path: '/ping' } } }), {
    'app.js': `module.exports = class extends require('homey').App {\n  async onInit() {\n    setTimeout(() => { ${work} }, 50);\n  }\n};\n`,
    'api.js': api,
  });

/** An SDK v3 app that keeps the warnings it hears, and works or hoards when asked. */
const warned = (id: string) =>
  makePackage(appJson(id, '1.0.0', {
    drivers: [], settings: [], flow: {},
    api: { busy: { method: 'POST', path: '/busy' }, hoard: { method: 'POST', path: '/hoard' }, warnings: { method: 'GET', path: '/warnings' } },
  }), {
    'app.js': `module.exports = class extends require('homey').App {
  async onInit() {
    this.warnings = [];
    for (const event of ['cpuwarn', 'memwarn']) this.homey.on(event, (data) => this.warnings.push({ event, ...data }));
  }
};
`,
    'api.js': `const { existsSync } = require('fs');
module.exports = {
  // Works without a pause, from just after it answers, until /userdata/enough exists (10 s at most).
  busy: () => {
    setTimeout(() => { const end = performance.now() + 10000; while (!existsSync('/userdata/enough') && performance.now() < end); }, 0);
  },
  // Holds about mb of numbers, a megabyte an array.
  hoard: ({ homey, body }) => {
    homey.app.hoard = Array.from({ length: body.mb }, () => new Array(131072).fill(1.5));
  },
  warnings: ({ homey }) => homey.app.warnings,
};
`,
  });

/** Each app in its own worker: one that loops or leaks is stopped as crashed with its reason, and the hub goes on. */
describe('apps isolated in their workers', () => {
  let hub: TestHub;
  const clock = new FakeClock(Date.parse('2026-11-28T12:00:00.000Z'));
  const auth = () => bearer(hub.token);
  const state = async (id: string) => (await hub.http().get(`/api/manager/apps/app/${id}`).set(auth()).expect(200)).body;
  const warnings = async (id: string) => (await hub.http().get(`/api/app/${id}/warnings`).set(auth()).expect(200)).body;
  const run = async (id: string, pack: Promise<Buffer>) => {
    await hub.http().post('/api/manager/devkit/').set(auth()).attach('app', await pack, 'app.tar.gz').expect(200);
    expect((await state(id)).state).toBe('running');
  };

  beforeAll(async () => {
    hub = await startTestHub({ clock });
  });
  afterAll(() => hub.stop());

  it('when an app runs idle, then its usage is its real heap and a CPU share near nothing', async () => {
    await run('com.test.idle', app('com.test.idle', 'globalThis.kept = new Array(200000).fill(7);', "module.exports = { ping: () => 'pong' };"));
    await hub.http().get('/api/app/com.test.idle/ping').set(auth()).expect(200, '"pong"');
    const { body: usage } = await hub.http().get('/api/manager/apps/app/com.test.idle/usage').set(auth()).expect(200);
    // Its array of 200 000 numbers is in its heap (1.6 MB), and an idle loop is far from a core.
    expect(usage.mem).toBeGreaterThan(1_600_000);
    expect(usage.cpu).toBeLessThan(50);
  });

  it('when an app loops without a pause, then its usage says a whole core, and after the limit it is stopped as crashed with the reason while the hub answers', async () => {
    await run('com.test.loop', app('com.test.loop', 'for (;;) {}'));
    await sleep(200);
    // Too busy to answer with its heap: each measurement waits one second on the hub's clock, then tells the CPU it
    // took since the one before (the first one's share includes its start): a whole core.
    const usage = async () => {
      const answer = hub.http().get('/api/manager/apps/app/com.test.loop/usage').set(auth()).then((response) => response.body);
      await sleep(100);
      clock.advance(1_000);
      return answer;
    };
    await usage();
    expect((await usage()).cpu).toBeGreaterThan(99);
    // The two measurements moved the clock 2 s: two looks at its loop, both busy (or the first one not yet). It runs
    // on short of the limit, and is stopped once the looks reach it.
    for (let looked = 2; looked < BUSY_LIMIT_MS / 1_000 - 1; looked++) {
      expect((await state('com.test.loop')).state).toBe('running');
      await sleep(150);
      clock.advance(1_000);
    }
    await eventually(async () => {
      clock.advance(1_000);
      expect(await state('com.test.loop')).toMatchObject({ state: 'stopped', crashed: true, crashedMessage: expect.stringContaining('without a pause') });
    });
    await hub.http().get('/api/app/com.test.idle/ping').set(auth()).expect(200, '"pong"');
  });

  it('when an app works without a pause or holds most of its heap, then it hears cpuwarn and memwarn at each look, and is stopped when the count reaches the limit', async () => {
    const id = 'com.test.warned';
    await run(id, warned(id));
    const look = async () => {
      await sleep(250);
      clock.advance(1_000);
    };
    // Two looks inside its work (after one that starts inside it) find it busy: it hears them once it pauses.
    await hub.http().post(`/api/app/${id}/busy`).set(auth()).send({}).expect(204);
    await sleep(50);
    clock.advance(1_000);
    await look();
    await look();
    writeFileSync(join(hub.dataDir, 'userdata', id, 'enough'), '');
    await eventually(async () => expect(await warnings(id)).toEqual([{ event: 'cpuwarn', count: 1, limit: WARN_LIMIT }, { event: 'cpuwarn', count: 2, limit: WARN_LIMIT }]));

    // Holding more than HEAVY_HEAP_MB, each look (while it pauses) warns it, until the limit stops it.
    await look();
    await hub.http().post(`/api/app/${id}/hoard`).set(auth()).send({ mb: HEAVY_HEAP_MB }).expect(204);
    for (let count = 1; count < WARN_LIMIT; count++) {
      await sleep(150);
      clock.advance(1_000);
      await eventually(async () => expect((await warnings(id)).at(-1)).toEqual({ event: 'memwarn', count, limit: WARN_LIMIT }));
    }
    await sleep(150);
    clock.advance(1_000);
    await eventually(async () => expect(await state(id)).toMatchObject({
      state: 'stopped', crashed: true, crashedMessage: `The app held more than ${HEAVY_HEAP_MB} MB of its 64 MB heap for ${WARN_LIMIT} s and was stopped`,
    }));
  });

  it('when the hub clock jumps an hour while an app works, then the looks the jump fires at once are one look, and the app runs on', async () => {
    const id = 'com.test.jumped';
    await run(id, warned(id));
    await hub.http().post(`/api/app/${id}/busy`).set(auth()).send({}).expect(204);
    await sleep(50);
    clock.advance(1_000);
    await sleep(150);
    clock.advance(3_600_000);
    writeFileSync(join(hub.dataDir, 'userdata', id, 'enough'), '');
    // One look, or two when the jump's other timers take a while on a loaded machine: never the limit's ten.
    await eventually(async () => expect(await warnings(id)).toContainEqual({ event: 'cpuwarn', count: 1, limit: WARN_LIMIT }));
    expect((await warnings(id)).length).toBeLessThan(3);
    expect((await state(id)).state).toBe('running');
  });

  it('when an app hands the hub what cannot cross to it (a function), then it is stopped as crashed with a message that says so', async () => {
    const pack = await app('com.test.clone', "this.homey.flow.createToken('odd', { type: 'string', title: 'Odd', value: { read() {} } });");
    await hub.http().post('/api/manager/devkit/').set(auth()).attach('app', pack, 'app.tar.gz').expect(200);
    await eventually(async () => expect(await state('com.test.clone')).toMatchObject({
      state: 'stopped', crashed: true, crashedMessage: expect.stringContaining('The hub cannot take this token message (DataCloneError'),
    }));
  });

  it('when an app leaks memory, then it is stopped at its heap limit as crashed with the reason while the hub answers', async () => {
    await run('com.test.leak', app('com.test.leak', 'const hoard = []; setInterval(() => hoard.push(new Array(100000).fill(hoard.length)), 1);'));
    await eventually(async () => expect(await state('com.test.leak')).toMatchObject({ state: 'stopped', crashed: true, crashedMessage: expect.stringContaining('memory limit') }), 15_000);
    await hub.http().get('/api/app/com.test.idle/ping').set(auth()).expect(200, '"pong"');
  });
});

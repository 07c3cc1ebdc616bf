import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { c as createTar, Header } from 'tar';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { eventually } from '../apps/testing/eventually.js';
import { rawPackage } from '../../common/app-package/testing/raw-package.js';
import { REFUSED_MEMBERS, ZEROS_BOMB_REFUSAL } from '../../common/app-package/testing/refused-members.js';

const HELLO = 'com.example.hello';
/** An app.json homey-lib accepts at debug level, as `homey app run` checks it. */
const manifest = (version = '1.0.0') => ({
  id: HELLO, version, compatibility: '>=12.0.0', sdk: 3, name: { en: 'Hello' }, description: { en: 'Says hello' }, brandColor: '#123456',
  author: { name: 'Dev', email: 'dev@hello.example' }, permissions: [],
  settings: [{ id: 'greeting', type: 'text', title: { en: 'Greeting' }, value: 'Hi' }],
  flow: { actions: [{ id: 'greet', title: { en: 'Greet' } }] },
});
const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"/></svg>';
/** An SDK v3 app (the app's entry point, as an app developer writes it). */
const appClass = (onInit: string) => `const Homey = require('homey');
module.exports = class Hello extends Homey.App {
  async onInit() {
${onInit}
  }
};
`;
const code = appClass(`    this.log('Hello started with', Homey.env.MODE ?? 'no mode', this.homey.settings.get('greeting'), process.env.DEBUG === '1' ? 'in debug mode' : 'quietly');
    this.error('a warning');
    this.log('environment variables seen:', Object.keys(process.env).join(', ') || 'none');
    this.homey.flow.getActionCard('greet').registerRunListener(() => this.log('greeted'));`);

/** A .tar.gz app package with these files (and an icon, as every app has) at its root. */
async function pack(files: Record<string, string>): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'devkit-pack-'));
  const all = { 'assets/icon.svg': ICON, ...files };
  try {
    for (const [name, text] of Object.entries(all)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    const chunks: Buffer[] = [];
    const stream = createTar({ gzip: true, cwd: dir }, Object.keys(all));
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A gzip bomb: 4 GiB of zeros as 4,096 gzip members of 1 MiB each (a gzip stream may hold many members), so that
 * 4 MB inflate to 4 GiB and building it costs one small gzip; `declaring` puts a tar header for one file of that
 * size before them (without it, tar reads the zeros as the end of an empty archive).
 */
function gzipBomb(declaring: boolean): Buffer {
  const header = new Header({ path: 'big.bin', type: 'File', size: 4 * 1024 ** 3, mode: 0o644, mtime: new Date(0) });
  header.encode();
  const zeros = gzipSync(Buffer.alloc(1024 * 1024), { level: 9 });
  return Buffer.concat([...(declaring ? [gzipSync(header.block!)] : []), ...Array.from({ length: 4096 }, () => zeros)]);
}

describe('devkit manager', () => {
  let hub: TestHub;
  let hello: Buffer;
  const base = '/api/manager/devkit';
  const auth = (token = hub.token) => bearer(token);
  const run = (archive: Buffer, fields: Record<string, string> = {}, token = hub.token) => {
    const request = hub.http().post(`${base}/`).set(auth(token)).attach('app', archive, 'app.tar.gz');
    for (const [name, value] of Object.entries(fields)) request.field(name, value);
    return request;
  };

  beforeAll(async () => {
    hub = await startTestHub({ demoApps: true });
    hello = await pack({ 'app.json': JSON.stringify(manifest()), 'app.js': code });
  });
  afterAll(() => hub.stop());

  it('when a package is uploaded, then it runs as a devkit session with its output, usage and app, until stopped', async () => {
    const { body: session } = await run(hello, { env: JSON.stringify({ MODE: 'test' }), debug: 'true' }).expect(200);
    expect(session).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), appId: HELLO, debug: true });
    await hub.http().get(`${base}/state`).set(auth()).expect(200, { sessions: [session] });
    const { body: app } = await hub.http().get(`/api/manager/apps/app/${HELLO}`).set(auth()).expect(200);
    expect(app).toMatchObject({ origin: 'devkit_run', session: session.id, state: 'running', version: '1.0.0' });
    await eventually(async () => {
      const { body: lines } = await hub.http().get(`${base}/std/${session.id}`).set(auth()).expect(200);
      // stdout and stderr are two streams: lines keep their order within each, not across them.
      expect(lines.filter((line: { stream: string }) => line.stream === 'stdout')).toEqual([
        { stream: 'stdout', line: 'Hello started with test Hi in debug mode' },
        // None of the hub's: only the DEBUG=1 of a debug run.
        { stream: 'stdout', line: 'environment variables seen: DEBUG' },
      ]);
      expect(lines.filter((line: { stream: string }) => line.stream === 'stderr')).toEqual([{ stream: 'stderr', line: 'a warning' }]);
    });
    const uri = `homey:app:${HELLO}`;
    await hub.http().post(`/api/manager/flow/flowcardaction/${uri}/${uri}:greet/run`).set(auth()).send({}).expect(200);
    await eventually(async () => expect((await hub.http().get(`${base}/std/${session.id}`).set(auth())).body).toContainEqual({ stream: 'stdout', line: 'greeted' }));
    const { body: usage } = await hub.http().get(`${base}/usage`).set(auth()).expect(200);
    expect(usage[session.id].mem).toBeGreaterThan(0);

    await hub.http().delete(`${base}/${session.id}`).set(auth()).expect(204);
    await hub.http().get(`/api/manager/apps/app/${HELLO}`).set(auth()).expect(404);
    await hub.http().get(`${base}/std/${session.id}`).set(auth()).expect(404);
    await hub.http().delete(`${base}/${session.id}`).set(auth()).expect(404);
    expect(existsSync(join(hub.dataDir, 'devkit', session.id))).toBe(false);
  });

  it('when a package declares api routes, then its session answers them at /api/app until stopped; a malformed api section is 400', async () => {
    const withApi = await pack({
      'app.json': JSON.stringify({ ...manifest(), api: { greet: { method: 'GET', path: '/greet/:name', public: true } } }),
      'app.js': code,
      'api.js': `module.exports = {
  async greet({ homey, params, query }) {
    return { text: homey.settings.get('greeting') + ', ' + params.name + (query.mark ?? '') };
  },
};
`,
    });
    const { body: session } = await run(withApi).expect(200);
    await hub.http().get(`/api/app/${HELLO}/greet/Ada?mark=!`).expect(200, { text: 'Hi, Ada!' });
    await hub.http().delete(`${base}/${session.id}`).set(auth()).expect(204);
    await hub.http().get(`/api/app/${HELLO}/greet/Ada`).set(auth()).expect(404);
    for (const api of [[], { greet: { method: 'PATCH', path: '/x' } }, { greet: { method: 'GET', path: 'x' } }, { greet: { method: 'GET', path: '/x', public: 'yes' } },
      { greet: { method: 'GET', path: '/x', scope: 'root' } }]) {
      const bad = await pack({ 'app.json': JSON.stringify({ ...manifest(), api }), 'app.js': code });
      expect((await run(bad).expect(400)).body.error_description).toMatch(/^app\.json: api/);
    }
  });

  it('when an app sets or unsets a setting named __proto__ or constructor, then the SDK throws and its settings stay plain', async () => {
    const reserved = await pack({
      'app.json': JSON.stringify(manifest()),
      'app.js': appClass(`    for (const name of ['__proto__', 'constructor']) {
      try { this.homey.settings.set(name, { polluted: true }); } catch (error) { this.log(error.message); }
      try { this.homey.settings.unset(name); } catch (error) { this.log(error.message); }
    }
    this.homey.settings.set('greeting', 'Hey');`),
    });
    const { body: session } = await run(reserved).expect(200);
    await eventually(async () => expect(hub.hub.store.get('appsettings', HELLO)?.values).toEqual({ greeting: 'Hey' }));
    await eventually(async () => {
      const { body: lines } = await hub.http().get(`${base}/std/${session.id}`).set(auth()).expect(200);
      expect(lines.map((line: { line: string }) => line.line)).toEqual(['__proto__', '__proto__', 'constructor', 'constructor'].map((name) => `A setting may not be named ${name}`));
    });
    await hub.http().delete(`${base}/${session.id}`).set(auth()).expect(204);
  });

  it('when a session is installed, then the app stays as devkit_install and uninstalls by its session', async () => {
    const { body: session } = await run(hello, { purgeSettings: 'true' }).expect(200);
    expect(session.debug).toBe(false);
    await eventually(async () => expect((await hub.http().get(`${base}/std/${session.id}`).set(auth())).body).toContainEqual({ stream: 'stdout', line: 'Hello started with no mode Hi quietly' }));
    const { body: installed } = await hub.http().post(`${base}/app`).set(auth()).send({ manifest: { id: HELLO }, clean: true }).expect(200);
    expect(installed).toEqual({ appId: HELLO, version: '1.0.0', sessionId: session.id });
    const { body: app } = await hub.http().get(`/api/manager/apps/app/${HELLO}`).set(auth()).expect(200);
    expect(app).toMatchObject({ origin: 'devkit_install', session: session.id, state: 'running' });
    await hub.http().get(`${base}/std/${session.id}`).set(auth()).expect(404);
    await run(hello).expect(409);
    await hub.http().delete(`${base}/app/${session.id}`).set(auth()).expect(204);
    await hub.http().get(`/api/manager/apps/app/${HELLO}`).set(auth()).expect(404);
    await hub.http().delete(`${base}/app/${session.id}`).set(auth()).expect(404);
    await hub.http().post(`${base}/app`).set(auth()).send({ manifest: { id: HELLO } }).expect(404);
  });

  it('when the upload is not a valid package, then 400; too large, then 413; an installed store app, then 409', async () => {
    await run(Buffer.from('not a tarball')).expect(400);
    await run(await pack({ 'app.json': '{}', 'app.js': code })).expect(400);
    await run(await pack({ 'app.json': JSON.stringify(manifest()) })).expect(400);
    await run(hello, { env: '[1]' }).expect(400);
    const protoSetting = await pack({ 'app.json': JSON.stringify({ ...manifest(), settings: [{ id: '__proto__', type: 'text', title: { en: 'x' }, value: 'x' }] }), 'app.js': code });
    expect((await run(protoSetting).expect(400)).body.error_description).toMatch(/^app\.json: setting __proto__: an id other than/);
    // homey-lib's own checks, as `homey app run` makes them, and an SDK this hub does not run.
    const bright = await pack({ 'app.json': JSON.stringify({ ...manifest(), brandColor: '#ffffff' }), 'app.js': code });
    expect((await run(bright).expect(400)).body.error_description).toMatch(/^The app is not valid \(homey-lib, debug level\): The color defined in `brandColor` is too bright/);
    const unknownCapability = await pack({
      'app.json': JSON.stringify({ ...manifest(), drivers: [{ id: 'lamp', name: { en: 'Lamp' }, class: 'light', capabilities: ['onoff', 'warp_speed'] }] }),
      'app.js': code,
      'drivers/lamp/driver.js': '',
    });
    expect((await run(unknownCapability).expect(400)).body.error_description).toMatch(/drivers\.lamp invalid capability: warp_speed$/);
    const sdk2 = await pack({ 'app.json': JSON.stringify({ ...manifest(), sdk: 2 }), 'app.js': code });
    expect((await run(sdk2).expect(400)).body.error_description).toMatch(/sdk 2: this hub runs SDK v3 apps/);
    await hub.http().post(`${base}/`).set(auth()).send({ app: 'x' }).expect(415);
    await hub.http().post(`${base}/`).set(auth()).field('env', '{}').expect(400);
    const tooLarge = await run(randomBytes(9 * 1024 * 1024)).expect(413);
    expect(tooLarge.body).toMatchObject({ error: 'payload_too_large', statusCode: 413 });
    const store = await pack({ 'app.json': JSON.stringify({ ...manifest(), id: 'com.example.suntimes' }), 'app.js': code });
    await run(store).expect(409);
    await hub.http().post(`${base}/app`).set(auth()).send({}).expect(400);
    await hub.http().get(`${base}/state`).set(auth()).expect(200, { sessions: [] });
  });

  it.each([
    ['declares a 4 GiB file', true, "The app package's big.bin is larger than 16 MB"],
    ['inflates to 4 GiB past the end of its archive', false, 'The app package unpacks to more than 32 MB'],
  ])('when the package is a gzip bomb that %s, then it is refused with 413 at the limit, and the hub answers on', async (_what, declaring, refusal) => {
    const bomb = gzipBomb(declaring);
    expect(bomb.length).toBeLessThan(8 * 1024 * 1024);
    const { body } = await run(bomb).expect(413);
    expect(body).toMatchObject({ error: 'payload_too_large', error_description: refusal, statusCode: 413 });
    await hub.http().get('/api/manager/system/ping').expect(200);
    await hub.http().get(`${base}/state`).set(auth()).expect(200, { sessions: [] });
    expect(readdirSync(join(hub.dataDir, 'devkit'))).toEqual([]);
  });

  it.each(REFUSED_MEMBERS)('when the package holds a member that %s, then 400 with the reader\'s refusal, nothing unpacked', async (_what, member, refusal) => {
    const bad = rawPackage([{ path: 'app.json', content: JSON.stringify(manifest()) }, { path: 'app.js', content: code }, member]);
    const { body } = await run(bad).expect(400);
    expect(body).toMatchObject({ error: 'invalid_request', error_description: refusal, statusCode: 400 });
    expect(readdirSync(join(hub.dataDir, 'devkit'))).toEqual([]);
    expect(existsSync(join(hub.dataDir, 'evil.js'))).toBe(false);
  });

  it('when the package is 40 MB of zeros gzipped, holds data past its end or a file inside a file, then it is refused', async () => {
    expect((await run(gzipSync(Buffer.alloc(40 * 1024 * 1024))).expect(413)).body.error_description).toBe(ZEROS_BOMB_REFUSAL);
    const hidden = rawPackage([{ path: 'app.json', content: JSON.stringify(manifest()) }, { path: 'app.js', content: code }], Buffer.from('hidden'));
    expect((await run(hidden).expect(400)).body.error_description).toBe('The app package holds data after the end of its archive');
    const clash = rawPackage([{ path: 'app.json', content: JSON.stringify(manifest()) }, { path: 'app.js', content: code }, { path: 'lib', content: 'x' }, { path: 'lib/x.js', content: 'x' }]);
    expect((await run(clash).expect(400)).body.error_description).toBe('The app package cannot be unpacked: lib/x.js clashes with another member (EEXIST)');
  });
});

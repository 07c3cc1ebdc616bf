import { mkdtempSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { c as createTar, Header } from 'tar';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { eventually } from '../apps/testing/eventually.js';
import { rawPackage } from '../../common/app-package/testing/raw-package.js';
import { REFUSED_MEMBERS, ZEROS_BOMB_REFUSAL } from '../../common/app-package/testing/refused-members.js';

const HELLO = 'com.example.hello';
const manifest = (version = '1.0.0') => ({
  id: HELLO, version, sdk: 3, name: 'Hello', brandColor: '#123456', author: { name: 'Dev', email: 'dev@hello.example' },
  settings: [{ id: 'greeting', type: 'text', default: 'Hi' }],
  flow: { triggers: [], conditions: [], actions: [{ id: 'greet', title: 'Greet' }] },
});
const code = `export default async function (homey) {
  homey.log('Hello started with', homey.env.MODE ?? 'no mode', homey.settings.get('greeting'), homey.debug ? 'in debug mode' : 'quietly');
  homey.error('a warning');
  homey.log('hub environment variables seen:', Object.keys(process.env).length);
  homey.flow.getActionCard('greet').registerRunListener(() => homey.log('greeted'));
}`;

/** A .tar.gz app package with these files at its root. */
async function pack(files: Record<string, string>): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'devkit-pack-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const chunks: Buffer[] = [];
    const stream = createTar({ gzip: true, cwd: dir }, Object.keys(files));
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
    hub = await startTestHub();
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
        { stream: 'stdout', line: 'hub environment variables seen: 0' },
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
      'app.js': `export default async function (homey) {
  homey.api.register('greet', ({ params, query }) => ({ text: homey.settings.get('greeting') + ', ' + params.name + (query.mark ?? '') }));
}`,
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
      'app.js': `export default async function (homey) {
  for (const name of ['__proto__', 'constructor']) {
    try { homey.settings.set(name, { polluted: true }); } catch (error) { homey.log(error.message); }
    try { homey.settings.unset(name); } catch (error) { homey.log(error.message); }
  }
  homey.settings.set('greeting', 'Hey');
}`,
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
    const protoSetting = await pack({ 'app.json': JSON.stringify({ ...manifest(), settings: [{ id: '__proto__', type: 'text', default: 'x' }] }), 'app.js': code });
    expect((await run(protoSetting).expect(400)).body.error_description).toMatch(/^app\.json: every setting needs an id/);
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

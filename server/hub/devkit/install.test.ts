import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rawPackage } from '../../common/app-package/testing/raw-package.js';
import { eventually } from '../apps/testing/eventually.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const APP = 'com.example.copied';
const manifest = {
  id: APP, version: '1.0.0', compatibility: '>=12.0.0', sdk: 3, name: { en: 'Copied' }, description: { en: 'Is copied' }, brandColor: '#123456',
  author: { name: 'Dev', email: 'dev@copied.example' }, permissions: [],
};
const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"/></svg>';
const code = "const Homey = require('homey');\nmodule.exports = class Copied extends Homey.App {};\n";
const packed = rawPackage([
  { path: 'app.json', content: JSON.stringify(manifest) },
  { path: 'app.js', content: code },
  { path: 'assets/icon.svg', content: ICON },
]);

/** Installing a devkit session copies its whole folder (node_modules included) while the hub keeps answering. */
describe('devkit install of a session', () => {
  let hub: TestHub;
  const base = '/api/manager/devkit';
  const auth = () => bearer(hub.token);
  const appsDir = () => join(hub.dataDir, 'apps');
  const runSession = async (): Promise<string> =>
    (await hub.http().post(`${base}/`).set(auth()).attach('app', packed, 'app.tar.gz').expect(200)).body.id;
  const install = () => hub.http().post(`${base}/app`).set(auth()).send({ manifest: { id: APP } });

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when a session with hundreds of files installs, then the hub answers a list while they are copied, before the app folder is in place', async () => {
    const session = await runSession();
    const modules = join(hub.dataDir, 'devkit', session, 'node_modules');
    mkdirSync(modules);
    for (let i = 0; i < 200; i++) writeFileSync(join(modules, `module-${i}.js`), `module.exports = ${i};\n`);
    const events: string[] = [];
    const installed = install().then((response) => {
      events.push('installed');
      return response;
    });
    // The copy has begun once the apps folder has an entry (a synchronous copy shows none until it is over).
    while (!existsSync(appsDir()) || readdirSync(appsDir()).length === 0) await new Promise((resolve) => setImmediate(resolve));
    await hub.http().get('/api/manager/apps/app').set(auth()).expect(200);
    events.push(existsSync(join(appsDir(), APP)) ? 'listed after the copy' : 'listed during the copy');
    expect((await installed).status).toBe(200);
    expect(events).toEqual(['listed during the copy', 'installed']);
    expect(readdirSync(join(appsDir(), APP, 'node_modules'))).toHaveLength(200);
    await hub.http().delete(`${base}/app/${session}`).set(auth()).expect(204);
    expect(readdirSync(appsDir())).toEqual([]);
  });

  it('when the same session is installed twice at once, then one install copies and runs it, the other finds no session', async () => {
    const session = await runSession();
    const [first, second] = await Promise.all([install(), install()]);
    expect([first.status, second.status]).toEqual([200, 404]);
    const { body: app } = await hub.http().get(`/api/manager/apps/app/${APP}`).set(auth()).expect(200);
    expect(app).toMatchObject({ origin: 'devkit_install', session, state: 'running' });
    await hub.http().delete(`${base}/app/${session}`).set(auth()).expect(204);
  });

  it('when the copy fails (a pipe in the session folder), then 503 with the reason, no half folder, and the session runs on', async () => {
    const session = await runSession();
    writeFileSync(join(hub.dataDir, 'devkit', session, 'a-first-file.txt'), 'copied before the pipe');
    execFileSync('mkfifo', [join(hub.dataDir, 'devkit', session, 'pipe')]);
    const { body } = await install().expect(503);
    expect(body).toMatchObject({ error: 'service_unavailable', error_description: `The package of ${APP} could not be copied: ERR_FS_CP_FIFO_PIPE`, statusCode: 503 });
    expect(readdirSync(appsDir())).toEqual([]);
    const { body: app } = await hub.http().get(`/api/manager/apps/app/${APP}`).set(auth()).expect(200);
    expect(app).toMatchObject({ origin: 'devkit_run', session, state: 'running' });
    await hub.http().delete(`${base}/${session}`).set(auth()).expect(204);
  });

  it('when the hub restarts, then the app of a session is forgotten and its folder removed', async () => {
    const session = await runSession();
    await hub.stop({ keepData: true });
    hub = await startTestHub({ dataDir: hub.dataDir });
    expect(hub.hub.store.get('app', APP)).toBeUndefined();
    await eventually(() => expect(existsSync(join(hub.dataDir, 'devkit', session))).toBe(false));
  });
});

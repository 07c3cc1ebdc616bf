import { gzipSync } from 'node:zlib';
import { rawPackage } from '../../common/app-package/testing/raw-package.js';
import { REFUSED_MEMBERS, ZEROS_BOMB_REFUSAL } from '../../common/app-package/testing/refused-members.js';
import { CHECKS_IN_ALL, CHECKS_PER_USER } from './package-checks.js';
import { startApps, type AppsFixture, type TestUser } from './testing/apps-fixture.js';
import { sha256, upload } from './testing/flows.js';
import { appJson, makePackage } from './testing/packages.js';

/** The store's check of uploaded packages: the hub's reader and refusals, and how many checks run at once. */
describe('cloud apps service: checking uploaded packages', () => {
  let store: AppsFixture;
  let dev: TestUser;
  let apps = 0;

  beforeAll(async () => {
    store = await startApps();
    dev = await store.user();
  });
  afterAll(() => store.stop());

  /** A new app's first build with `bytes` uploaded: what finishing the upload needs. */
  async function uploaded(bytes: Buffer, by = dev) {
    const appId = `com.test.checked${++apps}`;
    const { body } = await store.api().post(`/app/${appId}/build`).set(by.auth).send({ version: '1.0.0' }).expect(200);
    await upload(store, body.upload.url, bytes).expect(200);
    const finish = () => store.api().put(`/archive/${body.upload.archiveId}`).set(by.auth).send({ state: 'uploaded', hash: sha256(bytes), size: bytes.length });
    const build = async () => (await store.api().get(`/app/${appId}/build/1`).set(by.auth).expect(200)).body;
    return { appId, finish, build };
  }

  const appFiles = (appId: string) => [
    { path: 'app.json', content: JSON.stringify(appJson(appId, '1.0.0')) },
    { path: 'app.js', content: 'module.exports = class {};' },
  ];

  it.each(REFUSED_MEMBERS)('when the package holds a member that %s, then 400 with the reader\'s refusal and the build is invalid', async (_what, member, refusal) => {
    const appId = `com.test.checked${apps + 1}`;
    const { finish, build } = await uploaded(rawPackage([...appFiles(appId), member]));
    expect((await finish().expect(400)).body).toMatchObject({ error: 'invalid_request', error_description: refusal, statusCode: 400 });
    expect(await build()).toMatchObject({ state: 'invalid', archive: { state: 'invalid' } });
  });

  it('when the package is 40 MB of zeros gzipped (39 KB), then 400 at 100 times its size and the build is invalid', async () => {
    const { finish, build } = await uploaded(gzipSync(Buffer.alloc(40 * 1024 * 1024)));
    expect((await finish().expect(400)).body.error_description).toBe(ZEROS_BOMB_REFUSAL);
    expect(await build()).toMatchObject({ state: 'invalid' });
  });

  it('when a user has their checks under way, then 429; when the store has its, then 503; both with Retry-After, the upload kept', async () => {
    const appId = `com.test.checked${apps + 1}`;
    const { finish, build } = await uploaded(await makePackage(appJson(appId, '1.0.0')));
    const checks = store.apps.state.packageChecks;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const running = Array.from({ length: CHECKS_PER_USER }, () => checks.run(dev.id, () => held));
    const mine = await finish().expect(429);
    expect(mine.body).toMatchObject({ error: 'too_many_requests', statusCode: 429 });
    expect(mine.headers['retry-after']).toBe('5');
    const others = Array.from({ length: CHECKS_IN_ALL - CHECKS_PER_USER }, (_, i) => checks.run(`other-${i}`, () => held));
    const stranger = await store.user();
    const { finish: theirs } = await uploaded(await makePackage(appJson(`com.test.checked${apps + 1}`, '1.0.0')), stranger);
    const all = await theirs().expect(503);
    expect(all.body).toMatchObject({ error: 'service_unavailable', statusCode: 503 });
    expect(all.headers['retry-after']).toBe('5');
    expect(await build()).toMatchObject({ state: 'waiting', archive: { state: 'uploaded' } });
    release();
    await Promise.all([...running, ...others]);
    await finish().expect(200);
    await theirs().expect(200);
  });
});

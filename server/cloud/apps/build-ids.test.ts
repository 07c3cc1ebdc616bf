import { createRequire } from 'node:module';
import { SECRET, startApps, type AppsFixture, type TestUser } from './testing/apps-fixture.js';
import { publishedBuild } from './testing/flows.js';

/**
 * The official client checks path arguments against its specification, which types every build id as a string:
 * an answer's build id must be one, so that a caller can pass `build.id` straight back.
 */
describe('cloud apps service: build ids', () => {
  const APP = 'com.test.buildids';
  let store: AppsFixture;
  let dev: TestUser;
  let reviewer: TestUser;
  let buildId: string;

  beforeAll(async () => {
    store = await startApps();
    dev = await store.user();
    reviewer = await store.user(['app_reviewer']);
    ({ buildId } = await publishedBuild(store, dev, reviewer, APP, '1.0.0'));
  }, 30_000);
  afterAll(() => store.stop());

  const as = (user: TestUser, method: 'get' | 'post', path: string) => store.api()[method](path).set(user.auth);

  it('when a build is created, then its answer carries the build id as a string', async () => {
    const { body } = await as(dev, 'post', `/app/${APP}/build`).send({ version: '1.1.0' }).expect(200);
    expect(typeof body.build.id).toBe('string');
    expect(body.build.id).toMatch(/^[1-9][0-9]*$/);
    expect(body.build.archive.buildId).toBe(body.build.id);
  });

  it('when the string id is passed back, then every build operation answers with that same string', async () => {
    expect(typeof buildId).toBe('string');
    const base = `/app/${APP}/build/${buildId}`;
    expect((await as(dev, 'get', base).expect(200)).body.id).toBe(buildId);
    expect((await as(dev, 'get', `${base}/metrics`).expect(200)).body.buildId).toBe(buildId);
    expect((await as(dev, 'post', `${base}/agent-review/retry`).expect(200)).body.buildId).toBe(buildId);
    expect((await as(dev, 'get', `${base}/agent-review`).expect(200)).body.buildId).toBe(buildId);
    expect((await as(dev, 'post', `${base}/channel`).send({ channel: 'stable' }).expect(200)).body.id).toBe(buildId);
    expect((await as(dev, 'get', `/app/${APP}/build`).expect(200)).body.map((b: { id: unknown }) => b.id)).toContain(buildId);
  });

  it('when an app, its install or its crashes name a build, then they name it by the string id', async () => {
    expect((await store.api().get(`/app/${APP}`).expect(200)).body.liveBuild.id).toBe(buildId);
    expect((await as(dev, 'get', '/app/me').expect(200)).body.find((a: { id: string }) => a.id === APP).latestBuild.id).toMatch(/^[1-9][0-9]*$/);
    expect((await store.api().get(`/app/${APP}/install`).query({ secret: SECRET }).expect(200)).body.buildId).toBe(buildId);
    const user = await store.user();
    const crash = { appVersion: '1.0.0', homeyId: 'hub-1', homeyVersion: '12.2.0', stack: 'Error: boom' };
    expect((await as(user, 'post', `/app/${APP}/crash`).send(crash).expect(200)).body.buildId).toBe(buildId);
    expect((await as(dev, 'get', `/app/${APP}/build/${buildId}/crash`).expect(200)).body[0].buildId).toBe(buildId);
  });

  it("when the official AthomAppsAPI (homey-api 3.20.0) creates a build and passes its build.id back, then it reads that build and finds it among the app's builds", async () => {
    // homey-api's type declarations leave the service clients out; the package exports them.
    const { AthomAppsAPI } = createRequire(__filename)('homey-api') as { AthomAppsAPI: new (options: { baseUrl: string }) => unknown };
    type Build = { id: string; version: string };
    const official = new AthomAppsAPI({ baseUrl: `${store.url}/api/v1` }) as {
      createBuild(args: { appId: string; version: string; $token: string }): Promise<{ build: Build }>;
      getBuild(args: { appId: string; buildId: string; $token: string }): Promise<Build>;
      getBuilds(args: { appId: string; $token: string }): Promise<Build[]>;
    };
    const $token = dev.auth.Authorization.replace(/^Bearer /, '');
    const { build } = await official.createBuild({ appId: APP, version: '1.2.0', $token });
    expect(await official.getBuild({ appId: APP, buildId: build.id, $token })).toMatchObject({ id: build.id, version: '1.2.0' });
    expect((await official.getBuilds({ appId: APP, $token })).map(({ id }) => id)).toContain(build.id);
  });
});

import { startApps, type AppsFixture, type TestUser } from './testing/apps-fixture.js';
import { organization, validBuild } from './testing/flows.js';

const APP = 'com.test.unreleased';
const PUBLIC_READS = ['page', 'changelog', 'icon', 'reviews', 'reviewStats'];

/** An app without a published build is its developers', reviewers' and admins' only: to anyone else it is not there. */
describe('cloud apps service: an app not released yet', () => {
  let store: AppsFixture;
  let dev: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let reviewer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    store = await startApps();
    [dev, member, stranger, reviewer, admin] = [await store.user(), await store.user(), await store.user(), await store.user(['app_reviewer']), await store.user(['admin'])];
    await validBuild(store, dev, APP, '1.0.0');
    const orgId = await organization(store, dev, member);
    await store.api().post(`/app/${APP}/transfer-to-organization`).set(dev.auth).send({ orgId }).expect(200);
  });
  afterAll(() => store.stop());

  /** The reads and feedback of an app's users, as `who` (no token: public). */
  const calls = (who?: TestUser) => {
    const auth = who?.auth ?? {};
    return {
      page: store.api().get(`/app/${APP}`).set(auth),
      changelog: store.api().get(`/app/${APP}/changelog`).set(auth),
      icon: store.api().get(`/app/${APP}/icon`).set(auth),
      reviews: store.api().get(`/app/${APP}/review`).set(auth),
      reviewStats: store.api().get(`/app/${APP}/review/stats`).set(auth),
      review: store.api().put(`/app/${APP}/review`).set(auth).send({ rating: 4 }),
      thanks: store.api().put(`/app/${APP}/thanks`).set(auth),
      crash: store.api().post(`/app/${APP}/crash`).set(auth).send({ appVersion: '1.0.0', homeyId: 'hub-1', homeyVersion: '12.2.0', stack: 'TypeError: x' }),
      suggestion: store.api().post(`/app/${APP}/suggestion`).set(auth).send({ suggestionText: 'A timer card' }),
    };
  };

  it('when anyone else reads it or files a crash report, suggestion, thanks or review, then 404 as for no app, and nothing is stored', async () => {
    for (const who of [undefined, stranger]) {
      for (const [name, call] of Object.entries(calls(who))) {
        const res = await call;
        // Without a token, the operations that need one refuse first (401); the public reads say 404.
        const expected = who || PUBLIC_READS.includes(name) ? 404 : 401;
        expect([name, res.status]).toEqual([name, expected]);
        if (res.status === 404) expect(res.body.error_description).toBe('App not found');
      }
    }
    expect((await store.api().get(`/app/${APP}/thanks`).set(dev.auth).expect(200)).body).toMatchObject({ count: 0 });
    expect((await store.api().get(`/app/${APP}/suggestion`).set(dev.auth).expect(200)).body).toEqual([]);
  });

  it('when its developers, a reviewer or an admin read it, then it answers', async () => {
    for (const who of [dev, member, reviewer, admin]) {
      const { body } = await store.api().get(`/app/${APP}`).set(who.auth).expect(200);
      expect(body).toMatchObject({ id: APP, author: { userId: dev.id }, liveBuild: null, testBuild: null });
    }
  });

  it('when a build is published (on alpha), then it is everyone\'s to read and to give feedback on', async () => {
    await store.api().post(`/app/${APP}/build/1/channel`).set(dev.auth).send({ channel: 'alpha' }).expect(200);
    await store.api().get(`/app/${APP}`).expect(200);
    const { thanks, suggestion, crash } = calls(stranger);
    await thanks.expect(200);
    await suggestion.expect(200);
    await crash.expect(200);
  });
});

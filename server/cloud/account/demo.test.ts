import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureDemo } from './demo.js';
import { DEMO_BRIDGE_SERIALS, DEMO_SUBSCRIPTIONS } from './demo-subscriptions.js';
import { startTestAccount, type TestAccount } from './testing/test-account.js';

describe('account service: the demo of npm start', () => {
  let cloud: TestAccount;
  beforeAll(async () => {
    cloud = await startTestAccount();
  });
  afterAll(() => cloud.stop());

  const options = { redirectUri: 'http://localhost:3000/cb', publicRedirectUri: 'http://localhost:4000/', hub: { _id: 'abcdefabcdefabcdefabcdef', name: 'Demo Home', platform: 'local' as const, apiVersion: 3 as const } };

  it('when the demo is ensured, then its account has a verified address, a plus, a premium, a developer and an unlisted subscription and an activated hub; again, existing ones are kept as they are', async () => {
    const demo = await ensureDemo(cloud, cloud.dataDir, options);
    const auth = { Authorization: `Bearer ${(await cloud.tokens(demo.email, demo.password)).access_token}` };
    const { body: first } = await cloud.http().get('/user/me').set(auth).expect(200);
    expect(first.emailVerified).toBe(true);
    expect(Object.keys(first.subscriptions)).toEqual([...DEMO_SUBSCRIPTIONS].sort());
    expect(first.homeys[0]).toMatchObject({ _id: options.hub._id, activated: true, bridges: [] });
    await cloud.http().delete(`/user/${demo.accountId}/subscription/developer_demo`).set(auth).expect(204);
    await ensureDemo(cloud, cloud.dataDir, options);
    const { body: second } = await cloud.http().get('/user/me').set(auth).expect(200);
    expect(second.subscriptions.plus_demo).toEqual(first.subscriptions.plus_demo);
    expect(second.homeys[0].activatedAt).toBe(first.homeys[0].activatedAt);
    expect(Object.keys(second.subscriptions)).toHaveLength(DEMO_SUBSCRIPTIONS.length);
  });

  it('when the demo is ensured, then two bridges wait to be activated, and the demo account activates them for a hub of its own', async () => {
    const demo = await ensureDemo(cloud, cloud.dataDir, options);
    const auth = { Authorization: `Bearer ${(await cloud.tokens(demo.email, demo.password)).access_token}` };
    for (const serial of DEMO_BRIDGE_SERIALS) {
      const { body } = await cloud.http().post(`/bridge/${serial}/activate`).set(auth).send({ homeyId: options.hub._id }).expect(200);
      expect(body).toMatchObject({ serial, activated: true });
    }
    await ensureDemo(cloud, cloud.dataDir, options);
    expect((await cloud.http().get('/user/me').set(auth).expect(200)).body.homeys[0].bridges).toHaveLength(2);
  });

  it('when a start without HTTPS follows one with it, then the record drops the secure address and keeps the plain one', async () => {
    const addresses = { localUrl: 'http://192.168.1.20:4859', remoteUrl: 'http://cloud.example:4863' };
    const demo = await ensureDemo(cloud, cloud.dataDir, { ...options, hub: { ...options.hub, ...addresses, localUrlSecure: 'https://homey-abc.local:4860' } });
    const auth = { Authorization: `Bearer ${(await cloud.tokens(demo.email, demo.password)).access_token}` };
    const record = async () => (await cloud.http().get('/user/me').set(auth).expect(200)).body.homeys[0];
    expect(await record()).toMatchObject({ ...addresses, localUrlSecure: 'https://homey-abc.local:4860' });
    await ensureDemo(cloud, cloud.dataDir, { ...options, hub: { ...options.hub, ...addresses } });
    const after = await record();
    expect(after).toMatchObject(addresses);
    expect(after).not.toHaveProperty('localUrlSecure');
  });

  it('when the demo is ensured on a demo.json of before the reviewer, then a reviewer with app_reviewer is added, kept on the next start, and its changed password set back', async () => {
    const older = await startTestAccount();
    try {
      writeFileSync(path.join(older.dataDir, 'demo.json'), JSON.stringify({ email: 'demo@example.com', password: 'the-first-password', clientSecret: 'the-first-client-secret' }));
      const demo = await ensureDemo(older, older.dataDir, options);
      expect(demo).toMatchObject({ email: 'demo@example.com', password: 'the-first-password', restored: false, reviewer: { email: 'reviewer@example.com' } });
      expect(demo.reviewer.password).toMatch(/^\S{12,}$/);
      const signIn = async () => ({ Authorization: `Bearer ${(await older.tokens(demo.reviewer.email, demo.reviewer.password)).access_token}` });
      const auth = await signIn();
      expect((await older.http().get('/user/me').set(auth).expect(200)).body).toMatchObject({ _id: demo.reviewer.accountId, roles: ['app_reviewer'], emailVerified: true });

      await older.http().post('/user/me/password').set(auth).send({ old_password: demo.reviewer.password, password: 'another long password' }).expect(204);
      const again = await ensureDemo(older, older.dataDir, options);
      expect(again.reviewer).toEqual(demo.reviewer);
      expect(again.restored).toBe(false);
      expect((await older.http().get('/user/me').set(await signIn()).expect(200)).body.roles).toEqual(['app_reviewer']);
    } finally {
      await older.stop();
    }
  });

  it('when an account of the reviewer address signed up before the first start with a reviewer, then the reviewer takes another address, the same on the next start', async () => {
    const taken = await startTestAccount();
    try {
      await taken.signUp('reviewer@example.com');
      const demo = await ensureDemo(taken, taken.dataDir, options);
      expect(demo.reviewer.email).toMatch(/^reviewer-[0-9a-f]{6}@example\.com$/);
      await taken.tokens(demo.reviewer.email, demo.reviewer.password);
      expect((await ensureDemo(taken, taken.dataDir, options)).reviewer).toEqual(demo.reviewer);
    } finally {
      await taken.stop();
    }
  });
});

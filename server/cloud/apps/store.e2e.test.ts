import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { PASSWORD, startTestAccount, type TestAccount } from '../account/testing/test-account.js';
import { createAppsService, type AppsService } from './service.js';
import { signInForApps } from './testing/account-users.js';
import type { TestUser } from './testing/apps-fixture.js';
import { sha256, upload } from './testing/flows.js';
import { appJson, driverImages, makePackage } from './testing/packages.js';

const SECRET = 'e2e-secret';
const APP = 'com.e2e.lamps';

/**
 * The store end to end on real servers: the account service signs people in and issues delegation tokens of
 * audience apps; a developer publishes, a reviewer approves, a hub installs, crashes and is answered, a user
 * reviews; and bad input is refused with nothing half-stored.
 */
// The journey test publishes, reviews and installs on a hub (homey-lib validates the package at each step).
jest.setTimeout(60_000);

describe('app store end to end, with the account service', () => {
  let account: TestAccount;
  let apps: AppsService;
  let url: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'apps-e2e-'));
  const api = () => request(`${url}/api/v1`);

  const signIn = () => signInForApps(account);

  beforeAll(async () => {
    account = await startTestAccount();
    apps = await createAppsService({ dataDir, databaseUrl: undefined, accountKey: account.account.keys.publicPem, secret: SECRET, maxArchiveBytes: 256 * 1024, mailer: (mail) => void account.mails.push(mail), validateResponses: true, development: true });
    url = await apps.listen(0);
  });
  afterAll(async () => {
    await apps.close();
    await account.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when a developer publishes and a reviewer approves, then a hub installs it on beta, crashes, is answered, and users review it', async () => {
    const dev = await signIn();
    const user = await signIn();
    // The reviewer is an account an admin makes one through the contract (grantRole), as operators do after
    // `npm run admin -- grant <email> admin`; the role counts from the account's next delegation token.
    const candidate = await account.user();
    const unreviewed = await account.delegation(candidate.accessToken, 'apps');
    await api().get('/app/review').set('Authorization', `Bearer ${unreviewed}`).expect(403);
    const admin = await account.admin();
    expect((await account.http().put(`/user/${candidate.id}/roles/app_reviewer`).set(admin.auth).expect(200)).body.roles).toEqual(['app_reviewer']);
    const reviewer = { auth: { Authorization: `Bearer ${await account.delegation(candidate.accessToken, 'apps')}` } };
    const manifest = appJson(APP, '1.0.0', { platforms: ['cloud'], drivers: [{ id: 'lamp', name: 'Lamp', class: 'light', capabilities: ['onoff'], connectivity: ['matter'], matter: { vendorId: 4660, productId: [1] }, images: driverImages('lamp') }] });
    const { body: created } = await api().post(`/app/${APP}/build`).set(dev.auth).send({ version: '1.0.0', changelog: { en: 'First' } }).expect(200);
    const bytes = await makePackage(manifest);
    await upload({ api } as never, created.upload.url, bytes).expect(200);
    await api().put(`/archive/${created.upload.archiveId}`).set(dev.auth).send({ state: 'uploaded', hash: sha256(bytes), size: bytes.length, manifest }).expect(200);
    await api().post(`/app/${APP}/build/1/submission`).set(dev.auth).send({ autoRelease: false }).expect(200);
    expect((await api().get('/app/review').set(reviewer.auth).expect(200)).body.map((item: { appId: string }) => item.appId)).toContain(APP);
    await api().post(`/app/${APP}/build/1/submission/approve`).set(reviewer.auth).expect(200);
    expect(account.mails.some((mail) => mail.to === dev.email && mail.subject.includes('approved'))).toBe(true);

    // The hub follows beta: it gets the build and its package, whose hash is what was uploaded.
    await api().get(`/app/${APP}/install`).query({ secret: SECRET }).expect(404);
    const { body: install } = await api().get(`/app/${APP}/install`).query({ secret: SECRET, channel: 'beta' }).expect(200);
    expect(install).toMatchObject({ version: '1.0.0', channel: 'beta', hash: sha256(bytes) });
    const { pathname, search } = new URL(install.url);
    const download = await request(url).get(`${pathname}${search}`).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(download.status).toBe(200);
    expect(sha256(download.body as Buffer)).toBe(sha256(bytes));
    await request(url).get(`${pathname}${search.replace(/signature=[^&]+/, 'signature=' + 'A'.repeat(43))}`).expect(403);

    // It crashes once on the user's hub; the developer sees it and answers, mailed to the user.
    const { body: crash } = await api().post(`/app/${APP}/crash`).set(user.auth).send({ appVersion: '1.0.0', homeyId: 'hub-1', homeyVersion: '12.2.0', stack: 'Error: lamp\n at x' }).expect(200);
    expect((await api().get(`/app/${APP}/build/1/crash`).set(dev.auth).expect(200)).body).toEqual([crash]);
    await api().post(`/app/crash/${crash.id}/reply`).set(dev.auth).send({ subject: 'Fixed soon', body: 'Thanks for the report' }).expect(200);
    expect(account.mails.some((mail) => mail.to === user.email && mail.subject.includes('Fixed soon'))).toBe(true);

    // Released to stable by the developer; a user reviews it, the developer responds.
    await api().post(`/app/${APP}/build/1/channel`).set(dev.auth).send({ channel: 'stable' }).expect(200);
    await api().put(`/app/${APP}/review`).set(user.auth).send({ rating: 5, comment: 'Bright' }).expect(200);
    await api().put(`/app/${APP}/review/${user.id}/response`).set(dev.auth).send({ response: 'Glad it works' }).expect(200);
    expect((await api().get(`/app/${APP}/review`).expect(200)).body[0]).toMatchObject({ rating: 5, response: { text: 'Glad it works' } });

    // Browse and search find it only for the platforms it supports.
    const browse = async (platform: string) => (await api().get('/app/browse').query({ 'platform[]': platform, query: 'plugs' }).expect(200)).body.apps.map((a: { id: string }) => a.id);
    expect(await browse('cloud')).toEqual([APP]);
    expect(await browse('local')).toEqual([]);
    const searchOn = async (homeyPlatform: string) => (await api().get('/app/search').query({ query: 'plugs', homeyPlatform }).expect(200)).body.map((a: { id: string }) => a.id);
    expect(await searchOn('cloud')).toEqual([APP]);
    expect(await searchOn('local')).toEqual([]);
    expect((await api().post('/app/search-matter-driver').send({ vendorId: 4660, homeyPlatform: 'local' }).expect(200)).body).toEqual([]);
  });

  describe('bad input: a clear 4xx, nothing half-stored', () => {
    let dev: TestUser;
    const newBuild = async (appId: string, version: string) => (await api().post(`/app/${appId}/build`).set(dev.auth).send({ version }).expect(200)).body;
    const archiveOf = async (id: string) => apps.db.selectFrom('app_archives').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    beforeAll(async () => {
      dev = await signIn();
    });

    it('when the archive is not a .tar.gz, then 400 and the archive and build are invalid, its bytes dropped', async () => {
      const { upload: target } = await newBuild('com.e2e.broken', '1.0.0');
      const junk = Buffer.from('this is not an archive');
      await upload({ api } as never, target.url, junk).expect(200);
      const res = await api().put(`/archive/${target.archiveId}`).set(dev.auth).send({ state: 'uploaded', hash: sha256(junk), size: junk.length }).expect(400);
      expect(res.body.error_description).toMatch(/not a valid \.tar\.gz archive/);
      expect(await archiveOf(target.archiveId)).toMatchObject({ state: 'invalid', error: res.body.error_description, manifest: null });
      expect((await api().get('/app/com.e2e.broken/build/1').set(dev.auth).expect(200)).body).toMatchObject({ state: 'invalid' });
      await api().post('/app/com.e2e.broken/build/1/submission').set(dev.auth).send({}).expect(409);
    });

    it("when app.json disagrees with the build (another id, another version) or the hash is not the upload's, then 400 naming it", async () => {
      const cases: Array<[(version: string) => Record<string, unknown>, RegExp]> = [
        [(version) => appJson('com.e2e.other', version), /not this app's id com\.e2e\.mixed/],
        [() => appJson('com.e2e.mixed', '9.9.9'), /not this build's version 1\.0\.2/],
        // homey-lib's publish validation, and the SDK a hub runs.
        [(version) => appJson('com.e2e.mixed', version, { sdk: 4 }), /^The app is not valid \(homey-lib, publish level\): manifest\.sdk should be <= 3/],
        [(version) => appJson('com.e2e.mixed', version, { drivers: [{ id: 'x', name: 'X', class: 'spaceship', capabilities: [], images: driverImages('x') }] }), /drivers\.x invalid driver class: spaceship/],
        [(version) => appJson('com.e2e.mixed', version, { sdk: 2 }), /sdk 2: this hub runs SDK v3 apps/],
      ];
      for (const [index, [manifest, message]] of cases.entries()) {
        const version = `1.0.${index + 1}`;
        const { upload: target } = await newBuild('com.e2e.mixed', version);
        const bytes = await makePackage(manifest(version));
        await upload({ api } as never, target.url, bytes).expect(200);
        const res = await api().put(`/archive/${target.archiveId}`).set(dev.auth).send({ state: 'uploaded', hash: sha256(bytes), size: bytes.length }).expect(400);
        expect(res.body.error_description).toMatch(message);
        expect(await archiveOf(target.archiveId)).toMatchObject({ state: 'invalid', manifest: null });
      }
      const { upload: target } = await newBuild('com.e2e.mixed', '5.0.0');
      const bytes = await makePackage(appJson('com.e2e.mixed', '5.0.0'));
      await upload({ api } as never, target.url, bytes).expect(200);
      const res = await api().put(`/archive/${target.archiveId}`).set(dev.auth).send({ state: 'uploaded', hash: '0'.repeat(64), size: bytes.length }).expect(400);
      expect(res.body.error_description).toMatch(/not the one described/);
    });

    it('when an upload declares 2 GB, then 413 before its body is read; a longer stream than the cap is cut with 413', async () => {
      const { upload: target } = await newBuild('com.e2e.huge', '1.0.0');
      const { pathname, search } = new URL(target.url);
      /** A PUT of the upload URL with these headers, writing `chunks` until the server answers. */
      const put = (headers: Record<string, string>, chunks: number) =>
        new Promise<number>((resolve, reject) => {
          const req = httpRequest(`${url}${pathname}${search}`, { method: 'PUT', headers: { 'Content-Type': 'application/gzip', ...headers } }, (res) => {
            res.resume();
            resolve(res.statusCode!);
            req.destroy();
          });
          req.on('error', reject);
          req.flushHeaders();
          for (let i = 0; i < chunks; i++) req.write(Buffer.alloc(64 * 1024));
        });
      expect(await put({ 'Content-Length': String(2 * 1024 ** 3) }, 0)).toBe(413);
      expect(await put({ 'Transfer-Encoding': 'chunked' }, 5)).toBe(413);
      expect(await archiveOf(target.archiveId)).toMatchObject({ state: 'pending', size: null });
    });

    it("when someone builds on another author's app, then 403; a second review by the same user replaces the first, or is refused (412) when only a first was meant", async () => {
      const other = await signIn();
      await api().post(`/app/${APP}/build`).set(other.auth).send({ version: '2.0.0' }).expect(403);
      await api().get(`/app/${APP}/build/1`).set(other.auth).expect(403);
      await api().put(`/app/${APP}/review`).set(other.auth).set('If-None-Match', '*').send({ rating: 2 }).expect(200);
      const again = await api().put(`/app/${APP}/review`).set(other.auth).set('If-None-Match', '*').send({ rating: 1 }).expect(412);
      expect(again.body).toMatchObject({ error: 'precondition_failed', error_description: 'You have already reviewed this app', statusCode: 412 });
      await api().put(`/app/${APP}/review`).set(other.auth).send({ rating: 3, version: '1.0.0' }).expect(200);
      const mine = (await api().get(`/app/${APP}/review`).expect(200)).body.filter((review: { userId: string }) => review.userId === other.id);
      expect(mine).toEqual([expect.objectContaining({ rating: 3 })]);
      await api().put(`/app/${APP}/review`).set(other.auth).send({ rating: 3, version: '0.0.1' }).expect(404);
    });

    it('when a token is for another audience or a version is not higher than the last, then 401 and 409', async () => {
      const { email } = await account.signUp();
      const { access_token } = await account.tokens(email, PASSWORD);
      const { body: hubToken } = await account.http().post('/delegation/token').query({ audience: 'homey' }).set('Authorization', `Bearer ${access_token}`).send({}).expect(200);
      await api().get('/app/me').set('Authorization', `Bearer ${hubToken}`).expect(401);
      await api().post('/app/com.e2e.mixed/build').set(dev.auth).send({ version: '1.0.0' }).expect(409);
    });
  });
});

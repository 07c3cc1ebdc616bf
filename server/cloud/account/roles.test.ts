import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createAppsService, type AppsService } from '../apps/service.js';
import { validBuild } from '../apps/testing/flows.js';
import { PASSWORD, startTestAccount, type TestAccount } from './testing/test-account.js';

const APP = 'com.roles.lamps';

/** Roles through the contract (grantRole, revokeRole), and what a granted role opens in the real apps service. */
describe('account roles: grantRole and revokeRole', () => {
  let account: TestAccount;
  let apps: AppsService;
  let appsUrl: string;
  const appsDir = mkdtempSync(path.join(tmpdir(), 'roles-apps-'));

  beforeAll(async () => {
    account = await startTestAccount();
    apps = await createAppsService({ dataDir: appsDir, databaseUrl: undefined, accountKey: account.account.keys.publicPem, secret: 'roles-secret', mailer: () => undefined, validateResponses: true, development: true });
    appsUrl = await apps.listen(0);
  });
  afterAll(async () => {
    await apps.close();
    await account.stop();
    rmSync(appsDir, { recursive: true, force: true });
  });

  /** A delegation token of audience apps for the account signed in with `email`, as an app of the store asks it. */
  async function appsAuth(email: string) {
    const { access_token } = await account.tokens(email, PASSWORD);
    const { body: token } = await account.http().post('/delegation/token').query({ audience: 'apps' }).set('Authorization', `Bearer ${access_token}`).send({}).expect(200);
    return { Authorization: `Bearer ${token}` };
  }

  it('when an admin grants app_reviewer twice, then the account holds it once, and it can approve a submission in the apps service', async () => {
    const admin = await account.admin();
    const reviewer = await account.user();
    const dev = await account.user();
    const first = await account.http().put(`/user/${reviewer.id}/roles/app_reviewer`).set(admin.auth).expect(200);
    expect(first.body).toMatchObject({ _id: reviewer.id, roles: ['app_reviewer'], roleIds: ['app_reviewer'] });
    const again = await account.http().put(`/user/${reviewer.id}/roles/app_reviewer`).set(admin.auth).expect(200);
    expect(again.body.roles).toEqual(['app_reviewer']);

    const api = () => request(`${appsUrl}/api/v1`);
    const devUser = { id: dev.id, email: dev.email, name: 'Dev', auth: await appsAuth(dev.email) };
    const { buildId } = await validBuild({ api }, devUser, APP, '1.0.0');
    await api().post(`/app/${APP}/build/${buildId}/submission`).set(devUser.auth).send({ autoRelease: true }).expect(200);
    const approved = await api().post(`/app/${APP}/build/${buildId}/submission/approve`).set(await appsAuth(reviewer.email)).expect(200);
    expect(approved.body).toMatchObject({ submission: { state: 'approved' } });
  });

  it('when an admin revokes a role, twice, then the account no longer holds it and the apps service refuses its review', async () => {
    const admin = await account.admin();
    const reviewer = await account.user();
    await account.http().put(`/user/${reviewer.id}/roles/app_reviewer`).set(admin.auth).expect(200);
    await account.http().delete(`/user/${reviewer.id}/roles/app_reviewer`).set(admin.auth).expect(200);
    const again = await account.http().delete(`/user/${reviewer.id}/roles/app_reviewer`).set(admin.auth).expect(200);
    expect(again.body.roles).toEqual([]);
    await request(`${appsUrl}/api/v1`).get('/app/review').set(await appsAuth(reviewer.email)).expect(403);
  });

  it('when someone who is not an admin grants a role, even to themselves, then it is 403 and nothing changes', async () => {
    const user = await account.user();
    const refused = await account.http().put(`/user/${user.id}/roles/admin`).set(user.auth).expect(403);
    expect(refused.body).toMatchObject({ error: 'forbidden', statusCode: 403 });
    await account.http().delete(`/user/${user.id}/roles/admin`).set(user.auth).expect(403);
    expect((await account.http().get('/user/me').set(user.auth).expect(200)).body.roles).toEqual([]);
  });

  it('when the account is unknown, then it is 404; when the role is unknown, then it is 400', async () => {
    const admin = await account.admin();
    const missing = await account.http().put('/user/0123456789abcdef01234567/roles/app_reviewer').set(admin.auth).expect(404);
    expect(missing.body.statusCode).toBe(404);
    const unknown = await account.http().put(`/user/${admin.id}/roles/superuser`).set(admin.auth).expect(400);
    expect(unknown.body.statusCode).toBe(400);
  });
});

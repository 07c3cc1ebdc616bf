import { APP, PASSWORD, startTestAccount, type TestAccount } from './testing/test-account.js';

const SCRIPT_APP = { id: 'script-app', secret: 'script-app-secret-0123456789', name: 'Script App', redirectUris: ['http://127.0.0.1:9997/'], grants: ['password' as const], scopes: ['account.readonly'] };

describe('account service: the apps holding access to an account', () => {
  let cloud: TestAccount;
  beforeAll(async () => {
    cloud = await startTestAccount();
    await cloud.registerClient(SCRIPT_APP);
  });
  afterAll(() => cloud.stop());

  const scriptToken = async (email: string) =>
    (await cloud.http().post('/oauth2/token').auth(SCRIPT_APP.id, SCRIPT_APP.secret).type('form').send({ grant_type: 'password', username: email, password: PASSWORD }).expect(200)).body.access_token as string;

  it('when an account signed in through two apps, then each app is listed once with its sign-ins summed, the caller marked', async () => {
    const user = await cloud.user();
    await cloud.tokens(user.email, undefined, 'account');
    await scriptToken(user.email);
    const { body } = await cloud.http().get('/user/me/pat/apps').set(user.auth).expect(200);
    expect(body).toHaveLength(2);
    expect(body.find((app: { clientId: string }) => app.clientId === APP.id)).toMatchObject({ clientName: APP.name, sessions: 2, scopes: ['account', 'homey'], current: true });
    expect(body.find((app: { clientId: string }) => app.clientId === SCRIPT_APP.id)).toMatchObject({ clientName: SCRIPT_APP.name, sessions: 1, scopes: ['account.readonly'], current: false });
  });

  it("when the other apps' access is revoked, then their tokens stop working and the caller's app keeps its own", async () => {
    const user = await cloud.user();
    const script = await scriptToken(user.email);
    await cloud.http().get('/user/me').set('Authorization', `Bearer ${script}`).expect(200);
    await cloud.http().delete('/user/me/pat/apps').set(user.auth).expect(204);
    await cloud.http().get('/user/me').set('Authorization', `Bearer ${script}`).expect(401);
    const { body } = await cloud.http().get('/user/me/pat/apps').set(user.auth).expect(200);
    expect(body.map((app: { clientId: string }) => app.clientId)).toEqual([APP.id]);
  });

  it('when called without a token, with a read-only token for the revoke, or with an app token without a user, then 401, 403, 403', async () => {
    const user = await cloud.user();
    await cloud.http().get('/user/me/pat/apps').expect(401);
    await cloud.http().delete('/user/me/pat/apps').set('Authorization', `Bearer ${await scriptToken(user.email)}`).expect(403);
    const client = (await cloud.http().post('/oauth2/token').auth(APP.id, APP.secret).type('form').send({ grant_type: 'client_credentials' }).expect(200)).body.access_token;
    await cloud.http().get('/user/me/pat/apps').set('Authorization', `Bearer ${client}`).expect(403);
  });
});

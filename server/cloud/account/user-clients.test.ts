import { authorise } from './oauth/testing.js';
import { startTestAccount, type TestAccount } from './testing/test-account.js';

describe('account service: OAuth2 clients registered by users', () => {
  let cloud: TestAccount;
  beforeAll(async () => {
    cloud = await startTestAccount();
  });
  afterAll(() => cloud.stop());

  const input = { name: 'My dashboard', redirectUri: ['https://dashboard.example.com/callback'], scopes: ['account.readonly', 'homey.device.readonly'] };

  it('when a user registers a client, then its secret shows once and it signs people in through the page', async () => {
    const developer = await cloud.user();
    const { body: client } = await cloud.http().post('/user/me/client').set(developer.auth).send(input).expect(200);
    expect(client).toMatchObject(input);
    expect(client.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { body: list } = await cloud.http().get('/user/me/client').set(developer.auth).expect(200);
    const { secret: _shownOnce, ...listed } = client;
    expect(list).toEqual([listed]);

    const { email } = await cloud.signUp();
    const code = await authorise(cloud, { client: { id: client.id, name: client.name, redirectUris: client.redirectUri, grants: [], scopes: [] }, email });
    const tokens = await cloud.http().post('/oauth2/token').auth(client.id, client.secret).type('form')
      .send({ grant_type: 'authorization_code', code, redirect_uri: input.redirectUri[0] }).expect(200);
    expect(tokens.body.scope).toBe('account.readonly homey.device.readonly');
    const password = await cloud.http().post('/oauth2/token').auth(client.id, client.secret).type('form').send({ grant_type: 'password', username: email, password: 'x' }).expect(400);
    expect(password.body.error).toBe('unauthorized_client');
  });

  it('when a client is updated or deleted, then it changes; deleted, its tokens stop working', async () => {
    const developer = await cloud.user();
    const { body: client } = await cloud.http().post('/user/me/client').set(developer.auth).send(input).expect(200);
    const { body: updated } = await cloud.http().put(`/user/me/client/${client.id}`).set(developer.auth).send({ name: 'Our dashboard' }).expect(200);
    expect(updated).toEqual({ id: client.id, name: 'Our dashboard', redirectUri: input.redirectUri, scopes: input.scopes, createdAt: client.createdAt });
    const { email } = await cloud.signUp();
    const code = await authorise(cloud, { client: { id: client.id, name: client.name, redirectUris: client.redirectUri, grants: [], scopes: [] }, email });
    const tokens = await cloud.http().post('/oauth2/token').auth(client.id, client.secret).type('form').send({ grant_type: 'authorization_code', code, redirect_uri: input.redirectUri[0] }).expect(200);
    await cloud.http().delete(`/user/me/client/${client.id}`).set(developer.auth).expect(204);
    await cloud.http().get('/user/me').set('Authorization', `Bearer ${tokens.body.access_token}`).expect(401);
    await cloud.http().delete(`/user/me/client/${client.id}`).set(developer.auth).expect(404);
  });

  it("when another user's client is updated or deleted, then 404", async () => {
    const owner = await cloud.user();
    const other = await cloud.user();
    const { body: client } = await cloud.http().post('/user/me/client').set(owner.auth).send(input).expect(200);
    await cloud.http().put(`/user/me/client/${client.id}`).set(other.auth).send({ name: 'mine' }).expect(404);
    await cloud.http().delete(`/user/me/client/${client.id}`).set(other.auth).expect(404);
    expect((await cloud.http().get('/user/me/client').set(other.auth).expect(200)).body).toEqual([]);
  });

  it('when the input is bad, then 400', async () => {
    const developer = await cloud.user();
    await cloud.http().post('/user/me/client').set(developer.auth).send({ ...input, scopes: ['admin'] }).expect(400);
    await cloud.http().post('/user/me/client').set(developer.auth).send({ ...input, redirectUri: ['https://x.example/#frag'] }).expect(400);
    await cloud.http().post('/user/me/client').set(developer.auth).send({ ...input, redirectUri: [] }).expect(400);
    await cloud.http().post('/user/me/client').set(developer.auth).send({ name: 'x' }).expect(400);
  });
});

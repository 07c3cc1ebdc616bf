import { importSPKI, jwtVerify, decodeProtectedHeader } from 'jose';
import { FakeClock } from '../../http/clock.js';
import { APP, startTestAccount, type TestAccount } from './testing/test-account.js';

describe('account service: delegation tokens', () => {
  const clock = new FakeClock(Date.now());
  let cloud: TestAccount;
  beforeAll(async () => {
    cloud = await startTestAccount({ clock });
  });
  afterAll(() => cloud.stop());

  it('when the key is asked, then a PEM public key as a JSON string', async () => {
    const res = await cloud.http().get('/delegation/key').expect(200).expect('Content-Type', /application\/json/);
    expect(res.body).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n$/);
  });

  it('when a user asks a token for audience homey, then an RS512 JWT of their _id, hub scopes, name and meta', async () => {
    const user = await cloud.user();
    const res = await cloud.http().post('/delegation/token?audience=homey').set(user.auth).send({ device: 'tablet' }).expect(200);
    expect(typeof res.body).toBe('string');
    expect(decodeProtectedHeader(res.body).alg).toBe('RS512');
    const key = await importSPKI((await cloud.http().get('/delegation/key')).body, 'RS512');
    const { payload } = await jwtVerify(res.body, key, { algorithms: ['RS512'], audience: 'homey', currentDate: new Date(clock.now()) });
    expect(payload).toMatchObject({ sub: user.id, aud: 'homey', scope: 'homey', name: APP.name, meta: { device: 'tablet' } });
    expect(payload.exp! - payload.iat!).toBe(3600);
  });

  it('when verifying a token, then its claims; expired, forged or garbage, then 400', async () => {
    const user = await cloud.user();
    const { body: token } = await cloud.http().post('/delegation/token?audience=homey').set(user.auth).expect(200);
    const ok = await cloud.http().get('/delegation/verify').query({ token }).expect(200);
    expect(ok.body).toMatchObject({ sub: user.id, aud: 'homey', meta: {} });
    const [head, body] = token.split('.');
    await cloud.http().get('/delegation/verify').query({ token: `${head}.${body}.AAAA` }).expect(400);
    await cloud.http().get('/delegation/verify').query({ token: 'garbage' }).expect(400);
    clock.advance(3601_000);
    const expired = await cloud.http().get('/delegation/verify').query({ token }).expect(400);
    expect(expired.body.error_description).toMatch(/^Invalid delegation token: .*exp/);
  });

  it('when the audience is missing or malformed, then 400; without a token 401', async () => {
    const user = await cloud.user();
    await cloud.http().post('/delegation/token').set(user.auth).expect(400);
    await cloud.http().post('/delegation/token?audience=a%20b').set(user.auth).expect(400);
    await cloud.http().post('/delegation/token?audience=homey').expect(401);
  });

  it('when the token has no hub scope or no user, then 403', async () => {
    const { email } = await cloud.signUp();
    const { access_token } = await cloud.tokens(email, undefined, 'account');
    const noHub = await cloud.http().post('/delegation/token?audience=homey').set('Authorization', `Bearer ${access_token}`).expect(403);
    expect(noHub.body.error_description).toBe('This token carries no hub scope (homey ...) to delegate');
    const app = await cloud.http().post('/oauth2/token').auth(APP.id, APP.secret).type('form').send({ grant_type: 'client_credentials' }).expect(200);
    await cloud.http().post('/delegation/token?audience=homey').set('Authorization', `Bearer ${app.body.access_token}`).expect(403);
  });

  it("when a user asks a token for a cloud service's audience, then it grants account.readonly and names the user; a token without account scopes gets none", async () => {
    const user = await cloud.user();
    await cloud.verify(user.id);
    const { body: token } = await cloud.http().post('/delegation/token?audience=store').set(user.auth).expect(200);
    const key = await importSPKI((await cloud.http().get('/delegation/key')).body, 'RS512');
    const { payload } = await jwtVerify(token, key, { algorithms: ['RS512'], audience: 'store', currentDate: new Date(clock.now()) });
    expect(payload).toMatchObject({ sub: user.id, aud: 'store', scope: 'account.readonly', email: user.email, email_verified: true, given_name: 'Test', roles: [] });
    const { access_token: hubOnly } = await cloud.tokens(user.email, undefined, 'homey');
    const refused = await cloud.http().post('/delegation/token?audience=store').set('Authorization', `Bearer ${hubOnly}`).expect(403);
    expect(refused.body.error_description).toBe('This token lacks the scope account.readonly that a token of audience store needs');
    await cloud.http().post('/delegation/token?audience=homey').set('Authorization', `Bearer ${hubOnly}`).expect(200);
  });

  it('when the service restarts on its data folder, then the key is the same', async () => {
    const { body: before } = await cloud.http().get('/delegation/key').expect(200);
    cloud = await cloud.restart();
    expect((await cloud.http().get('/delegation/key').expect(200)).body).toBe(before);
  });
});

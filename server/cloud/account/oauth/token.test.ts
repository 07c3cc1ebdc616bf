import { FakeClock } from '../../../http/clock.js';
import { APP, BROWSER_APP, PASSWORD, startTestAccount, type TestAccount } from '../testing/test-account.js';
import { authorise, pkce } from './testing.js';
import { CODE_TTL_MS, REFRESH_TTL_MS } from './tokens.js';

describe('account service: POST /oauth2/token', () => {
  const clock = new FakeClock(Date.parse('2026-11-23T12:00:00Z'));
  let cloud: TestAccount;
  let email: string;
  beforeAll(async () => {
    cloud = await startTestAccount({ clock });
    ({ email } = await cloud.signUp());
  });
  afterAll(() => cloud.stop());

  const token = (form: Record<string, string>, auth: [string, string] | null = [APP.id, APP.secret]) => {
    const req = cloud.http().post('/oauth2/token').type('form');
    return (auth ? req.auth(...auth) : req).send(form);
  };

  it('when using the password grant with HTTP Basic, then tokens come with no-store and work on /user/me', async () => {
    const res = await token({ grant_type: 'password', username: email, password: PASSWORD }).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'account homey' });
    expect(res.body.refresh_token).toEqual(expect.any(String));
    await cloud.http().get('/user/me').set('Authorization', `Bearer ${res.body.access_token}`).expect(200);
  });

  it('when the client sends client_id and client_secret in the form instead, then its tokens come and work on /user/me', async () => {
    const res = await token({ grant_type: 'password', username: email, password: PASSWORD, client_id: APP.id, client_secret: APP.secret }, null).expect(200);
    expect(res.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'account homey', refresh_token: expect.any(String) });
    const me = await cloud.http().get('/user/me').set('Authorization', `Bearer ${res.body.access_token}`).expect(200);
    expect(me.body.email).toBe(email);
  });

  it('when the client authenticates both ways, then 400 invalid_request', async () => {
    const res = await token({ grant_type: 'client_credentials', client_secret: APP.secret }).expect(400);
    expect(res.body.error).toBe('invalid_request');
  });

  it('when the password is wrong, then 400 invalid_grant', async () => {
    const res = await token({ grant_type: 'password', username: email, password: 'wrong password' }).expect(400);
    expect(res.body).toMatchObject({ error: 'invalid_grant', error_description: 'Wrong username or password', statusCode: 400 });
  });

  it('when the client secret is wrong or the client unknown, then 401 invalid_client with WWW-Authenticate', async () => {
    for (const auth of [[APP.id, 'wrong'], ['nobody', 'x']] as Array<[string, string]>) {
      const res = await token({ grant_type: 'client_credentials' }, auth).expect(401);
      expect(res.body.error).toBe('invalid_client');
      expect(res.headers['www-authenticate']).toMatch(/^Basic realm="account"/);
    }
    const bare = await token({ grant_type: 'client_credentials', client_id: APP.id }, null).expect(401);
    expect(bare.body.error).toBe('invalid_client');
  });

  it('when grant_type is missing or unknown, then 400 invalid_request or unsupported_grant_type', async () => {
    expect((await token({}).expect(400)).body.error).toBe('invalid_request');
    const res = await token({ grant_type: 'urn:example:magic' }).expect(400);
    expect(res.body).toMatchObject({ error: 'unsupported_grant_type', error_description: 'Unsupported grant type: urn:example:magic' });
  });

  it('when a public client asks for a grant it is not registered for, then 400 unauthorized_client', async () => {
    const res = await token({ grant_type: 'password', client_id: BROWSER_APP.id, username: email, password: PASSWORD }, null).expect(400);
    expect(res.body.error).toBe('unauthorized_client');
  });

  it('when a scope beyond the client is asked, then 400 invalid_scope', async () => {
    const res = await token({ grant_type: 'password', username: email, password: PASSWORD, scope: 'account,admin' }).expect(400);
    expect(res.body).toMatchObject({ error: 'invalid_scope', error_description: 'This client may not ask for the scope admin' });
  });

  it('when a parameter is repeated or the body is JSON, then 400 invalid_request', async () => {
    const repeated = await cloud.http().post('/oauth2/token').auth(APP.id, APP.secret).type('form').send('grant_type=password&grant_type=password').expect(400);
    expect(repeated.body.error_description).toBe('The parameter grant_type is sent more than once');
    const json = await cloud.http().post('/oauth2/token').auth(APP.id, APP.secret).send({ grant_type: 'client_credentials' }).expect(400);
    expect(json.body.error).toBe('invalid_request');
  });

  it('when using client_credentials, then an app token without refresh token that cannot act for a user', async () => {
    const res = await token({ grant_type: 'client_credentials', scope: 'account.readonly' }).expect(200);
    expect(res.body.refresh_token).toBeUndefined();
    const me = await cloud.http().get('/user/me').set('Authorization', `Bearer ${res.body.access_token}`).expect(403);
    expect(me.body.error_description).toBe('This token belongs to an app, not to a user: sign a user in');
  });

  it('when refreshing, then a new pair comes and the old refresh token, used again, ends the whole sign-in', async () => {
    const first = (await token({ grant_type: 'password', username: email, password: PASSWORD }).expect(200)).body;
    const second = (await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token }).expect(200)).body;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    await cloud.http().get('/user/me').set('Authorization', `Bearer ${first.access_token}`).expect(401);
    await cloud.http().get('/user/me').set('Authorization', `Bearer ${second.access_token}`).expect(200);
    const replay = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token }).expect(400);
    expect(replay.body).toMatchObject({ error: 'invalid_grant', error_description: 'The refresh token was used already: every token of this sign-in is revoked' });
    await cloud.http().get('/user/me').set('Authorization', `Bearer ${second.access_token}`).expect(401);
    const ended = await token({ grant_type: 'refresh_token', refresh_token: second.refresh_token }).expect(400);
    expect(ended.body).toMatchObject({ error: 'invalid_grant', error_description: 'The refresh token is invalid, expired or revoked' });
  });

  it('when refreshing, then the scopes may be narrowed but not widened', async () => {
    const first = (await token({ grant_type: 'password', username: email, password: PASSWORD, scope: 'account homey' }).expect(200)).body;
    const narrower = (await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token, scope: 'account' }).expect(200)).body;
    expect(narrower.scope).toBe('account');
    const wider = await token({ grant_type: 'refresh_token', refresh_token: narrower.refresh_token, scope: 'account homey' }).expect(400);
    expect(wider.body).toMatchObject({ error: 'invalid_scope', error_description: 'This client may not ask for the scope homey' });
  });

  it("when another client presents a refresh token, then invalid_grant", async () => {
    const first = (await token({ grant_type: 'password', username: email, password: PASSWORD }).expect(200)).body;
    const res = await token({ grant_type: 'refresh_token', client_id: BROWSER_APP.id, refresh_token: first.refresh_token }, null).expect(400);
    expect(res.body).toMatchObject({ error: 'invalid_grant', error_description: 'The refresh token is invalid, expired or revoked' });
  });

  it('when an access token is an hour old, then it answers 401 invalid_token and the refresh token still works', async () => {
    const first = (await token({ grant_type: 'password', username: email, password: PASSWORD }).expect(200)).body;
    clock.advance(60 * 60 * 1000);
    const expired = await cloud.http().get('/user/me').set('Authorization', `Bearer ${first.access_token}`).expect(401);
    expect(expired.body.error).toBe('invalid_token');
    await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token }).expect(200);
  });

  it('when a refresh token is 30 days old, then invalid_grant; a moment younger, it still works', async () => {
    const signIn = async () => (await token({ grant_type: 'password', username: email, password: PASSWORD }).expect(200)).body;
    const [younger, older] = [await signIn(), await signIn()];
    clock.advance(REFRESH_TTL_MS - 1);
    await token({ grant_type: 'refresh_token', refresh_token: younger.refresh_token }).expect(200);
    clock.advance(1);
    const res = await token({ grant_type: 'refresh_token', refresh_token: older.refresh_token }).expect(400);
    expect(res.body).toMatchObject({ error: 'invalid_grant', error_description: 'The refresh token is invalid, expired or revoked' });
  });

  describe('authorization codes', () => {
    it('when a code is exchanged, then tokens come; used again, it fails and ends the tokens it gave', async () => {
      const code = await authorise(cloud, { client: APP, email });
      const first = await token({ grant_type: 'authorization_code', code, redirect_uri: APP.redirectUris[0]! }).expect(200);
      const again = await token({ grant_type: 'authorization_code', code, redirect_uri: APP.redirectUris[0]! }).expect(400);
      expect(again.body).toMatchObject({ error: 'invalid_grant', error_description: 'The authorization code is invalid, expired or used' });
      await cloud.http().get('/user/me').set('Authorization', `Bearer ${first.body.access_token}`).expect(401);
    });

    it('when the redirect_uri differs from the authorization request, then invalid_grant', async () => {
      const code = await authorise(cloud, { client: APP, email });
      const res = await token({ grant_type: 'authorization_code', code, redirect_uri: 'http://127.0.0.1:9999/other' }).expect(400);
      expect(res.body).toMatchObject({ error: 'invalid_grant', error_description: 'redirect_uri differs from the one of the authorization request' });
    });

    it('when the code is exchanged without redirect_uri (as the official cloud client does), then tokens: it stays bound to its URI', async () => {
      const code = await authorise(cloud, { client: APP, email });
      const res = await token({ grant_type: 'authorization_code', code }).expect(200);
      expect((await cloud.http().get('/user/me').set('Authorization', `Bearer ${res.body.access_token}`).expect(200)).body.email).toBe(email);
    });

    it('when a code is 60 seconds old, then invalid_grant; a moment younger, it is exchanged', async () => {
      const [younger, older] = [await authorise(cloud, { client: APP, email }), await authorise(cloud, { client: APP, email })];
      clock.advance(CODE_TTL_MS - 1);
      await token({ grant_type: 'authorization_code', code: younger, redirect_uri: APP.redirectUris[0]! }).expect(200);
      clock.advance(1);
      const res = await token({ grant_type: 'authorization_code', code: older, redirect_uri: APP.redirectUris[0]! }).expect(400);
      expect(res.body).toMatchObject({ error: 'invalid_grant', error_description: 'The authorization code is invalid, expired or used' });
    });

    it('when another client presents the code, then invalid_grant', async () => {
      const { verifier, challenge } = pkce();
      const code = await authorise(cloud, { client: BROWSER_APP, email, challenge });
      const res = await token({ grant_type: 'authorization_code', code, redirect_uri: BROWSER_APP.redirectUris[0]!, code_verifier: verifier }).expect(400);
      expect(res.body).toMatchObject({ error: 'invalid_grant', error_description: 'The authorization code is invalid, expired or used' });
    });

    it('when a public client exchanges its code with the right PKCE verifier, then tokens; a wrong verifier, invalid_grant', async () => {
      const { verifier, challenge } = pkce();
      const code = await authorise(cloud, { client: BROWSER_APP, email, challenge, scope: 'homey.device.readonly' });
      const wrong = await token({ grant_type: 'authorization_code', client_id: BROWSER_APP.id, code, redirect_uri: BROWSER_APP.redirectUris[0]!, code_verifier: pkce().verifier }, null).expect(400);
      expect(wrong.body).toMatchObject({ error: 'invalid_grant', error_description: 'The PKCE code_verifier does not match the code_challenge' });
      const fresh = await authorise(cloud, { client: BROWSER_APP, email, challenge });
      const res = await token({ grant_type: 'authorization_code', client_id: BROWSER_APP.id, code: fresh, redirect_uri: BROWSER_APP.redirectUris[0]!, code_verifier: verifier }, null).expect(200);
      expect(res.body.scope).toBe('account.readonly homey.device.readonly');
    });

    it('when a PKCE code is exchanged without a verifier, then invalid_grant', async () => {
      const { challenge } = pkce();
      const code = await authorise(cloud, { client: APP, email, challenge });
      const res = await token({ grant_type: 'authorization_code', code, redirect_uri: APP.redirectUris[0]! }).expect(400);
      expect(res.body).toMatchObject({ error: 'invalid_grant', error_description: 'The PKCE code_verifier does not match the code_challenge' });
    });

    it('when the code is missing, then invalid_request', async () => {
      const res = await token({ grant_type: 'authorization_code', redirect_uri: APP.redirectUris[0]! }).expect(400);
      expect(res.body).toMatchObject({ error: 'invalid_request', error_description: 'Missing parameter: code' });
    });
  });
});

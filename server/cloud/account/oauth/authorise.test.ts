import { APP, BROWSER_APP, PASSWORD, startTestAccount, type TestAccount } from '../testing/test-account.js';
import { authorise, formFields, pkce } from './testing.js';

describe('account service: the sign-in page (GET and POST /oauth2/authorise)', () => {
  let cloud: TestAccount;
  let email: string;
  beforeAll(async () => {
    cloud = await startTestAccount();
    ({ email } = await cloud.signUp());
    // The user allowed the app once (consent.test.ts): from then on a sign-in goes straight back to it.
    await authorise(cloud, { client: APP, email });
  });
  afterAll(() => cloud.stop());

  const query = (overrides: Record<string, string | undefined> = {}) =>
    Object.fromEntries(
      Object.entries({ client_id: APP.id, redirect_uri: APP.redirectUris[0], response_type: 'code', state: 'xyz', ...overrides }).filter(([, v]) => v !== undefined),
    ) as Record<string, string>;
  const open = (q: Record<string, string>) => cloud.http().get('/oauth2/authorise').query(q);
  const redirectOf = (res: { headers: Record<string, string> }) => new URL(res.headers.location!);

  it('when opened with a registered client, then an HTML sign-in page naming the app, unframeable and uncached', async () => {
    const res = await open(query({ state: '"><script>alert(1)</script>' })).expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.text).toContain('Test App');
    expect(res.text).toContain('<form method="post" action="/oauth2/authorise">');
    // Its one script is its own, allowed by its hash; the state's markup is escaped.
    expect(res.text.match(/<script>/g)).toHaveLength(1);
    expect(res.text).not.toContain('<script>alert(1)');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'sha256-[A-Za-z0-9+/]{43}='; /);
    expect(formFields(res.text)).toMatchObject({ client_id: APP.id, state: '"><script>alert(1)</script>' });
  });

  it('when the request carries a parameter the server does not know, then it is ignored (RFC 6749 §3.1)', async () => {
    const res = await open({ ...query(), prompt: 'login', nonce: 'n-0S6' }).expect(200);
    expect(formFields(res.text)).toMatchObject({ client_id: APP.id, state: 'xyz' });
  });

  it('when the client is unknown or the redirect URI not registered exactly, then an error page and no redirect', async () => {
    const unknown = await open(query({ client_id: 'nobody' })).expect(400);
    expect(unknown.headers.location).toBeUndefined();
    expect(unknown.text).toContain('This app is not registered.');
    for (const redirect of ['http://127.0.0.1:9999/callback/', 'http://127.0.0.1:9999/callback?x=1', 'http://evil.example/callback']) {
      const res = await open(query({ redirect_uri: redirect })).expect(400);
      expect(res.text).toContain('This redirect address is not registered for the app.');
    }
  });

  it('when response_type is not code, then back to the app with unsupported_response_type and the state', async () => {
    const location = redirectOf(await open(query({ response_type: 'token' })).expect(303));
    expect(location.origin + location.pathname).toBe(APP.redirectUris[0]);
    expect(location.searchParams.get('error')).toBe('unsupported_response_type');
    expect(location.searchParams.get('state')).toBe('xyz');
  });

  it('when a scope beyond the client is asked, then back to the app with invalid_scope', async () => {
    const location = redirectOf(await open(query({ scope: 'account,admin' })).expect(303));
    expect(location.searchParams.get('error')).toBe('invalid_scope');
  });

  it('when a public client comes without a PKCE challenge or with another method, then back with invalid_request', async () => {
    const base = { client_id: BROWSER_APP.id, redirect_uri: BROWSER_APP.redirectUris[0] };
    const without = redirectOf(await open(query(base)).expect(303));
    expect(without.searchParams.get('error')).toBe('invalid_request');
    const plain = redirectOf(await open(query({ ...base, code_challenge: pkce().challenge, code_challenge_method: 'plain' })).expect(303));
    expect(plain.searchParams.get('error')).toBe('invalid_request');
    await open(query({ ...base, code_challenge: pkce().challenge, code_challenge_method: 'S256' })).expect(200);
  });

  it('when signing in with the right password, then a 303 to the redirect URI with a code and the state', async () => {
    const page = await open(query()).expect(200);
    const res = await cloud.http().post('/oauth2/authorise').type('form').send({ ...formFields(page.text), email, password: PASSWORD }).expect(303);
    const location = redirectOf(res);
    expect(location.origin + location.pathname).toBe(APP.redirectUris[0]);
    expect(location.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get('state')).toBe('xyz');
  });

  it("when the page's script signs in (asking for JSON), then the redirect comes as 200 { location } for it to replace the page's history entry", async () => {
    const page = await open(query()).expect(200);
    const res = await cloud.http().post('/oauth2/authorise').set('Accept', 'application/json').type('form').send({ ...formFields(page.text), email, password: PASSWORD }).expect(200);
    expect(res.headers['content-type']).toBe('application/json');
    const location = new URL(res.body.location);
    expect(location.origin + location.pathname).toBe(APP.redirectUris[0]);
    expect(location.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get('state')).toBe('xyz');
    const wrong = await cloud.http().post('/oauth2/authorise').set('Accept', 'application/json').type('form').send({ ...formFields(page.text), email, password: 'wrong password' }).expect(200);
    expect(wrong.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(wrong.text).toContain('<input id="password" name="password" type="password" autocomplete="current-password" required autofocus aria-invalid="true" aria-describedby="sign-in-error">');
  });

  it('when signing in with a wrong password, then the page again with the message and the e-mail kept', async () => {
    const page = await open(query()).expect(200);
    const res = await cloud.http().post('/oauth2/authorise').type('form').send({ ...formFields(page.text), email, password: 'wrong password' }).expect(200);
    expect(res.text).toContain('Wrong e-mail address or password');
    expect(res.text).toContain(`value="${email}"`);
  });

  it('when the form is posted with a forged redirect URI, then the error page and no code', async () => {
    const res = await cloud.http().post('/oauth2/authorise').type('form')
      .send({ client_id: APP.id, redirect_uri: 'http://evil.example/', response_type: 'code', email, password: PASSWORD }).expect(400);
    expect(res.headers.location).toBeUndefined();
  });

  it('when a username fails six times (five are free), then the page answers 429 with Retry-After, unchecked', async () => {
    const { email: victim } = await cloud.signUp();
    const fields = formFields((await open(query()).expect(200)).text);
    for (let i = 0; i < 5; i++) await cloud.http().post('/oauth2/authorise').type('form').send({ ...fields, email: victim, password: 'wrong password' }).expect(200);
    await cloud.http().post('/oauth2/authorise').type('form').send({ ...fields, email: victim, password: 'wrong password' }).expect(200);
    const locked = await cloud.http().post('/oauth2/authorise').type('form').send({ ...fields, email: victim, password: PASSWORD }).expect(429);
    expect(locked.headers['retry-after']).toBe('1');
    expect(locked.text).toContain('Too many failed sign-ins');
    const grant = await cloud.http().post('/oauth2/token').auth(APP.id, APP.secret).type('form').send({ grant_type: 'password', username: victim, password: PASSWORD }).expect(429);
    expect(grant.body.error).toBe('too_many_requests');
  });

  it('when the form comes from another site (Sec-Fetch-Site, or Origin without it), then 403 with a page saying so, and no code', async () => {
    const fields = { ...formFields((await open(query()).expect(200)).text), email, password: PASSWORD };
    const post = (headers: Record<string, string>) => cloud.http().post('/oauth2/authorise').set(headers).type('form').send(fields);
    const host = new URL(cloud.url).host;
    const foreign: Array<Record<string, string>> = [{ 'Sec-Fetch-Site': 'cross-site' }, { 'Sec-Fetch-Site': 'same-site' }, { Origin: 'https://evil.example' }, { Origin: 'null' }];
    for (const headers of foreign) {
      const res = await post(headers).expect(403);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.text).toContain('This sign-in form was sent from another site.');
    }
    await post({ 'Sec-Fetch-Site': 'same-origin', Origin: `http://${host}` }).expect(303);
    await post({ Origin: `http://${host}` }).expect(303);
  });
});

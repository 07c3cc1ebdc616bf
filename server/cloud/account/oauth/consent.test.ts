import { APP, PASSWORD, startTestAccount, type TestAccount } from '../testing/test-account.js';
import { formFields, isConsentPage } from './testing.js';

const FIRST_PARTY = { id: 'first-party', secret: 'first-party-secret-0123456789', name: 'Our Own App', redirectUris: ['http://127.0.0.1:9997/cb'], grants: ['authorization_code' as const, 'password' as const], scopes: ['account'], trusted: true };

describe('account service: the consent page of third-party apps (POST /oauth2/authorise/consent)', () => {
  let cloud: TestAccount;
  let email: string;
  let userAuth: { Authorization: string };
  beforeAll(async () => {
    cloud = await startTestAccount();
    await cloud.registerClient(FIRST_PARTY);
    ({ email } = await cloud.signUp());
    // The user manages their consents in the platform's own app (whose token the withdrawal of Test App's leaves alone).
    const { body } = await cloud.http().post('/oauth2/token').type('form').auth(FIRST_PARTY.id, FIRST_PARTY.secret).send({ grant_type: 'password', username: email, password: PASSWORD }).expect(200);
    userAuth = { Authorization: `Bearer ${body.access_token}` };
  });
  afterAll(() => cloud.stop());

  /** Opens the sign-in page of a request and signs in: the answer (a redirect, or the consent page), of this status. */
  async function signIn(status: number, client: { id: string; redirectUris: string[] } = APP, scope?: string, state = 'xyz') {
    const query = { client_id: client.id, redirect_uri: client.redirectUris[0]!, response_type: 'code', state, ...(scope ? { scope } : {}) };
    const page = await cloud.http().get('/oauth2/authorise').query(query).expect(200);
    return cloud.http().post('/oauth2/authorise').type('form').send({ ...formFields(page.text), email, password: PASSWORD }).expect(status);
  }
  const decide = (page: string, decision: 'allow' | 'deny', overrides: Record<string, string> = {}) =>
    cloud.http().post('/oauth2/authorise/consent').type('form').send({ ...formFields(page), decision, ...overrides });
  const back = (res: { headers: Record<string, string> }) => new URL(res.headers.location!);
  const consents = async () => (await cloud.http().get('/user/me/consent').set(userAuth).expect(200)).body;

  it('when a user signs in to a third-party app the first time, then a consent page names the app and each scope, and Deny sends access_denied with the state', async () => {
    const res = await signIn(200, APP, 'account.readonly homey');
    expect(isConsentPage(res.text)).toBe(true);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.text).toContain('<h1 id="consent-title" tabindex="-1" autofocus>Allow Test App to use your account?</h1>');
    expect(res.text).toContain('<code>account.readonly</code>: Read the account: profile and hub records.');
    expect(res.text).toContain('<code>homey</code>: Sign in to the user&#39;s hubs');
    expect(res.text.match(/<button type="submit"[^>]*>(Allow Test App|Deny)<\/button>/g)).toHaveLength(2);

    const denied = back(await decide(res.text, 'deny').expect(303));
    expect(denied.origin + denied.pathname).toBe(APP.redirectUris[0]);
    expect(Object.fromEntries(denied.searchParams)).toMatchObject({ error: 'access_denied', state: 'xyz' });
    expect(denied.searchParams.get('code')).toBeNull();
    expect(await consents()).toEqual([]);
    // A ticket serves once: the same page cannot be allowed after it was denied.
    expect((await decide(res.text, 'allow').expect(400)).text).toContain('This consent page has expired or was made for another request');
  });

  it('when the user allows, then a code comes back, the consent is listed and remembered; more scopes ask again', async () => {
    const page = await signIn(200, APP, 'account.readonly');
    const allowed = back(await decide(page.text, 'allow').expect(303));
    expect(allowed.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(allowed.searchParams.get('state')).toBe('xyz');
    expect(await consents()).toMatchObject([{ clientId: APP.id, clientName: 'Test App', scopes: ['account.readonly'] }]);

    const again = await signIn(303, APP, 'account.readonly', 'second');
    expect(back(again).searchParams.get('state')).toBe('second');

    const more = await signIn(200, APP, 'account');
    expect(isConsentPage(more.text)).toBe(true);
    // A page's ticket is for its own request: not for another scope or redirect address.
    await decide(more.text, 'allow', { scope: 'account.readonly' }).expect(400);
    const renewed = await signIn(200, APP, 'account');
    await decide(renewed.text, 'allow').expect(303);
    expect((await consents())[0].scopes).toEqual(['account', 'account.readonly']);
  });

  it('when the user withdraws the consent, then the app loses its tokens and asks again', async () => {
    const code = back(await signIn(303, APP, 'account')).searchParams.get('code')!;
    const { body: token } = await cloud.http().post('/oauth2/token').type('form').auth(APP.id, APP.secret!).send({ grant_type: 'authorization_code', code, redirect_uri: APP.redirectUris[0]! }).expect(200);
    const appAuth = { Authorization: `Bearer ${token.access_token}` };
    await cloud.http().get('/user/me').set(appAuth).expect(200);

    const [consent] = await consents();
    await cloud.http().delete(`/user/me/consent/${consent._id}`).set(userAuth).expect(204);
    expect(await consents()).toEqual([]);
    await cloud.http().get('/user/me').set(appAuth).expect(401);
    await cloud.http().post('/oauth2/token').type('form').auth(APP.id, APP.secret!).send({ grant_type: 'refresh_token', refresh_token: token.refresh_token }).expect(400);
    expect(isConsentPage((await signIn(200, APP, 'account')).text)).toBe(true);
    await cloud.http().delete(`/user/me/consent/${consent._id}`).set(userAuth).expect(404);
  });

  it("when the app is one of the platform's own (trusted), then no consent page: straight back with a code", async () => {
    const location = back(await signIn(303, FIRST_PARTY));
    expect(location.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await consents()).map(({ clientId }: { clientId: string }) => clientId)).not.toContain(FIRST_PARTY.id);
  });

  it('when the consent form comes from another site, then 403 and nothing is decided', async () => {
    const page = await signIn(200, APP, 'homey');
    await cloud.http().post('/oauth2/authorise/consent').set('Sec-Fetch-Site', 'cross-site').type('form').send({ ...formFields(page.text), decision: 'allow' }).expect(403);
    expect(back(await decide(page.text, 'allow').expect(303)).searchParams.get('code')).toBeTruthy();
  });
});

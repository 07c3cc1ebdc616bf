import { importSPKI, jwtVerify } from 'jose';
import { signInOnPage } from '../../server/cloud/account/oauth/testing.js';
import { FakeClock } from '../../server/http/clock.js';
import { APP, BROWSER_APP, PASSWORD, startTestAccount, type TestAccount } from '../../server/cloud/account/testing/test-account.js';
import { CloudAPIError } from '../errors.js';
import { CloudAPI } from './cloud-api.js';
import { BrowserStorageAdapter, MemoryStorageAdapter, StorageAdapter } from './storage.js';
import { Token } from './token.js';

describe('CloudAPI against the real account service', () => {
  const clock = new FakeClock(Date.parse('2026-11-23T10:00:00Z'));
  let cloud: TestAccount;
  const app = () => new CloudAPI({ baseUrl: cloud.url, clientId: APP.id, clientSecret: APP.secret, redirectUrl: APP.redirectUris[0] });
  beforeAll(async () => {
    cloud = await startTestAccount({ clock });
  });
  afterAll(() => cloud.stop());

  it('when a user signs in on the page with state and scopes, then the code becomes a stored token and /user/me the user', async () => {
    const { id, email } = await cloud.signUp();
    const api = app();
    const loginUrl = await api.getLoginUrl({ state: 'xyz', scopes: ['account', 'homey'] });
    expect(new URL(loginUrl).searchParams.get('scope')).toBe('account,homey');
    const redirect = await signInOnPage(loginUrl, email);
    expect(redirect.searchParams.get('state')).toBe('xyz');
    const token = await api.authenticateWithAuthorizationCode({ code: redirect.searchParams.get('code')! });
    expect(token).toMatchObject({ token_type: 'bearer', grant_type: 'authorization_code', refresh_token: expect.any(String) });
    expect((await api.store.get()).token?.access_token).toBe(token.access_token);
    const user = await api.getAuthenticatedUser();
    expect(user).toMatchObject({ id, email, homeys: [], devices: [] });
    expect(user.hasRole('app_developer_trusted')).toBe(false);
    await cloud.addRole(id, 'app_developer_trusted');
    expect((await api.getAuthenticatedUser()).hasRole('app_developer_trusted')).toBe(true);
  });

  it('when a public client signs in with PKCE in a browser, then the code is taken from the address and removed from history', async () => {
    const { id, email } = await cloud.signUp();
    const storage = new Map<string, string>();
    const localStorage = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) } as Storage;
    const api = new CloudAPI({ baseUrl: cloud.url, clientId: BROWSER_APP.id, redirectUrl: BROWSER_APP.redirectUris[0], store: new BrowserStorageAdapter(localStorage) });
    const loginUrl = new URL(await api.getLoginUrl({ state: 's1' }));
    expect(loginUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const redirect = await signInOnPage(loginUrl.href, email);
    redirect.searchParams.set('tab', 'home');
    const replaced: string[] = [];
    const history = { state: null, replaceState: (_s: unknown, _t: string, url?: string | URL | null) => void replaced.push(String(url)) };
    const token = await api.authenticateFromLocation({ href: redirect.href }, history);
    expect(token?.grant_type).toBe('authorization_code');
    expect(replaced).toEqual([`${BROWSER_APP.redirectUris[0]}?tab=home`]);
    expect(JSON.parse(storage.get('homey-api')!).token.access_token).toBe(token!.access_token);
    expect((await api.getAuthenticatedUser()).id).toBe(id);
    expect(await api.authenticateFromLocation({ href: BROWSER_APP.redirectUris[0]! }, history)).toBeUndefined();
  });

  it('when signing in by password, client credentials and refresh token, then each gives a token of its grant', async () => {
    const { email } = await cloud.signUp();
    const api = app();
    const first = await api.authenticateWithPassword({ username: email, password: PASSWORD, scopes: ['account'] });
    expect(first.grant_type).toBe('password');
    const refreshed = await api.authenticateWithRefreshToken();
    expect(refreshed).toMatchObject({ grant_type: 'refresh_token' });
    expect(refreshed.refresh_token).not.toBe(first.refresh_token);
    expect((await app().authenticateWithClientCredentials()).grant_type).toBe('client_credentials');
  });

  it('when the password is wrong, then the token endpoint error is the message with its status', async () => {
    const { email } = await cloud.signUp();
    const error = await app().authenticateWithPassword({ username: email, password: 'wrong password' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CloudAPIError);
    expect(error).toMatchObject({ statusCode: 400, error: 'invalid_grant' });
  });

  it('when the access token expires, then concurrent calls share one refresh and each is retried once', async () => {
    const { id, email } = await cloud.signUp();
    const api = app();
    const first = await api.authenticateWithPassword({ username: email, password: PASSWORD });
    clock.advance(2 * 60 * 60 * 1000);
    // Refresh tokens rotate: a second refresh with the same refresh token would fail, so all passing proves one refresh.
    const users = await Promise.all([api.getAuthenticatedUser(), api.getAuthenticatedUser(), api.account.getHomeys()]);
    expect(users[0].id).toBe(id);
    expect((await api.getToken())?.access_token).not.toBe(first.access_token);
  });

  it('when a 401 is not invalid_token, or refreshing is off, then it is final', async () => {
    const api = app();
    await expect(api.getAuthenticatedUser()).rejects.toMatchObject({ statusCode: 401, error: 'unauthorized' });
    const { email } = await cloud.signUp();
    const off = new CloudAPI({ baseUrl: cloud.url, clientId: APP.id, clientSecret: APP.secret, autoRefreshTokens: false });
    const token = await off.authenticateWithPassword({ username: email, password: PASSWORD });
    await off.setToken(new Token({ ...token.toJSON(), access_token: 'stale' }));
    await expect(off.getAuthenticatedUser()).rejects.toMatchObject({ statusCode: 401, error: 'invalid_token' });
    expect((await off.getToken())?.access_token).toBe('stale');
  });

  it('when logging out, then the token and the stored state are gone', async () => {
    const { email } = await cloud.signUp();
    const store = new MemoryStorageAdapter();
    const api = new CloudAPI({ baseUrl: cloud.url, clientId: APP.id, clientSecret: APP.secret, store });
    await api.authenticateWithPassword({ username: email, password: PASSWORD });
    await api.getAuthenticatedUser();
    expect(store.get().user).toBeDefined();
    await api.logout();
    expect(store.get()).toEqual({});
    expect(await api.isLoggedIn()).toBe(false);
    // A new client on the same store starts logged out; one on a store with a token starts logged in.
    await new CloudAPI({ baseUrl: cloud.url, clientId: APP.id, clientSecret: APP.secret, store }).authenticateWithPassword({ username: email, password: PASSWORD });
    expect(await new CloudAPI({ baseUrl: cloud.url, clientId: APP.id, store }).isLoggedIn()).toBe(true);
  });

  it('when an avatar is uploaded, then the user has it; jpg is sent as image/jpeg', async () => {
    const { email } = await cloud.signUp();
    const api = app();
    await api.authenticateWithPassword({ username: email, password: PASSWORD });
    const user = await api.getAuthenticatedUser();
    const png = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
    const updated = await user.uploadAvatar(png, 'png');
    expect(updated.avatar).toMatch(/\/avatar\?v=/);
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
    await expect(user.uploadAvatar(jpeg, 'jpg')).resolves.toMatchObject({ avatar: expect.any(String) });
    // @ts-expect-error: what an untyped caller may pass (a string for the image)
    await expect(user.uploadAvatar('nope', 'png')).rejects.toThrow('Invalid Avatar: expected a buffer');
    // @ts-expect-error: what an untyped caller may pass (a type the service does not take)
    await expect(user.uploadAvatar(png, 'bmp')).rejects.toThrow('Invalid Avatar Type: expected jpg, png or gif');
  });

  it('when a delegation token is made, then it is an RS512 JWT of that audience, verifiable with the key endpoint', async () => {
    const { id, email } = await cloud.signUp();
    const api = app();
    await api.authenticateWithPassword({ username: email, password: PASSWORD });
    const token = await api.createDelegationToken({ audience: 'homey', meta: { purpose: 'test' } });
    const key = await importSPKI(await api.account.getDelegationTokenKey(), 'RS512');
    const { payload } = await jwtVerify(token, key, { algorithms: ['RS512'], audience: 'homey', currentDate: new Date(clock.now()) });
    expect(payload.sub).toBe(id);
  });

  it('when the storage or token is not of the library, then Invalid Storage Adapter, Missing Token or Invalid Token', async () => {
    const plain = { get: () => ({}), set: () => undefined };
    // The shape of an adapter, which the types accept; the constructor wants the class (storage.ts).
    expect(() => new CloudAPI({ baseUrl: cloud.url, clientId: APP.id, store: plain })).toThrow('Invalid Storage Adapter');
    class Custom extends StorageAdapter {
      get = () => ({});
      set = () => undefined;
    }
    expect(() => new CloudAPI({ baseUrl: cloud.url, clientId: APP.id, store: new Custom() })).not.toThrow();
    // @ts-expect-error: what an untyped caller may pass (no token)
    await expect(app().setToken(undefined)).rejects.toThrow('Missing Token');
    // @ts-expect-error: what an untyped caller may pass (a token's fields, not a Token)
    await expect(app().setToken({ access_token: 'x' })).rejects.toThrow('Invalid Token');
  });
});

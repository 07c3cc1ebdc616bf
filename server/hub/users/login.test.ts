import { generateKeyPair, SignJWT } from 'jose';
import { bearer, signCloudToken, startTestHub, type TestHub } from '../testing/test-hub.js';
import { DEMO_OWNER_ATHOM_ID } from '../demo/home.js';

describe('login with a delegation token of the cloud account service', () => {
  let hub: TestHub;
  const login = (token: unknown) => hub.http().post('/api/manager/users/login').send({ token });
  /** The session a hub token opens, as the hub shows it to its holder. */
  const sessionOf = async (token: string) => (await hub.http().get('/api/manager/sessions/session/me').set(bearer(token)).expect(200)).body;
  /** The demo owner, whose cloud account is DEMO_OWNER_ATHOM_ID, and the session of the owner's own token. */
  let owner: { id: string; sessionId: string };

  beforeAll(async () => {
    hub = await startTestHub();
    const { user, item } = hub.hub.sessions.authenticate(hub.token)!;
    owner = { id: user.id, sessionId: item.id };
    expect(user.athomId).toBe(DEMO_OWNER_ATHOM_ID);
  });
  afterAll(() => hub.stop());

  it('when the token is valid for a known user, then a token of a new session of that user comes back, and it works on the hub', async () => {
    const { body: token } = await login(await hub.cloudToken({ sub: DEMO_OWNER_ATHOM_ID, name: 'Kitchen tablet' }))
      .expect(200)
      .expect('Content-Type', /application\/json/);
    expect(token).toEqual(expect.any(String));
    const session = await sessionOf(token);
    expect(session).toMatchObject({ type: 'OAUTH', userId: owner.id, clientName: 'Kitchen tablet', scopes: ['homey'], intersectedScopes: ['homey'] });
    expect(session.id).not.toBe(owner.sessionId);
    expect(Date.parse(session.expiresAt) - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it('when the token carries a scope claim, then the session has those scopes only', async () => {
    const { body: token } = await login(await hub.cloudToken({ sub: DEMO_OWNER_ATHOM_ID, scope: 'homey.zone.readonly homey.user.self' })).expect(200);
    expect(await sessionOf(token)).toMatchObject({ userId: owner.id, scopes: ['homey.zone.readonly', 'homey.user.self'] });
    await hub.http().get('/api/manager/zones/zone').set(bearer(token)).expect(200);
    await hub.http().get('/api/manager/users/user').set(bearer(token)).expect(403);
  });

  it('when the token has expired, then 401 invalid_token', async () => {
    const expired = await hub.cloudToken({ sub: DEMO_OWNER_ATHOM_ID }, { expiresIn: Math.floor(Date.now() / 1000) - 60 });
    const { body } = await login(expired).expect(401);
    expect(body).toMatchObject({ error: 'invalid_token', statusCode: 401 });
    expect(body.error_description).toMatch(/^Invalid cloud token: .*exp/);
  });

  it("when the token names audience homey (PROTOCOL.md §7), then the subject decides: a new session of the subject's user comes back", async () => {
    const guest = hub.hub.sessions.authenticate(hub.tokenWith(['homey'], 'guest'))!.user;
    const { body: token } = await login(await hub.cloudToken({ sub: guest.athomId! }, { audience: 'homey' })).expect(200);
    expect(await sessionOf(token)).toMatchObject({ type: 'OAUTH', userId: guest.id });
  });

  it('when the token was issued for another hub, then 401', async () => {
    const { body } = await login(await hub.cloudToken({ sub: DEMO_OWNER_ATHOM_ID }, { audience: 'another-hub' })).expect(401);
    expect(body.error_description).toMatch(/aud/);
  });

  it('when the token is signed with another key, of the same or another type, then 401', async () => {
    const ec = await generateKeyPair('ES256');
    const forged = await signCloudToken(ec.privateKey, { sub: DEMO_OWNER_ATHOM_ID }, hub.hub.id, '1h');
    expect((await login(forged).expect(401)).body.error_description).toBe('Invalid cloud token: signature verification failed');
    const rsa = await generateKeyPair('RS256');
    const rs256 = await new SignJWT({ sub: DEMO_OWNER_ATHOM_ID }).setProtectedHeader({ alg: 'RS256' }).setAudience(hub.hub.id).setExpirationTime('1h').sign(rsa.privateKey);
    expect((await login(rs256).expect(401)).body.error).toBe('invalid_token');
    await login('not-a-jwt').expect(401);
  });

  it('when the cloud account is not a user of this hub, then 403', async () => {
    const { body } = await login(await hub.cloudToken({ sub: 'stranger' })).expect(403);
    expect(body.error_description).toBe('This cloud account is not a user of this hub');
  });

  it('when the user is disabled, then 403', async () => {
    const token = hub.tokenWith(['homey'], 'user');
    const user = hub.hub.sessions.authenticate(token)!.user;
    await hub.http().put(`/api/manager/users/user/${user.id}`).set(bearer(hub.token)).send({ enabled: false }).expect(200);
    const { body } = await login(await hub.cloudToken({ sub: user.athomId! })).expect(403);
    expect(body.error_description).toBe('This user is disabled');
  });

  it('when the body has no token, then 400 names it', async () => {
    const { body } = await hub.http().post('/api/manager/users/login').send({}).expect(400);
    expect(body.error_description).toMatch(/token/);
    await login(42).expect(400);
  });

  it('when a guest logs in with scope homey, then session me shows the scopes its role intersects', async () => {
    const guest = hub.hub.sessions.authenticate(hub.tokenWith(['homey.user.self'], 'guest'))!.user;
    const { body: token } = await login(await hub.cloudToken({ sub: guest.athomId! })).expect(200);
    const session = await sessionOf(token);
    expect(session).toMatchObject({ userId: guest.id, scopes: ['homey'] });
    expect([...session.intersectedScopes].sort()).toEqual([
      'homey.alarm.readonly', 'homey.dashboard.readonly', 'homey.device.control', 'homey.device.readonly', 'homey.flow.readonly',
      'homey.flow.start', 'homey.mood.readonly', 'homey.mood.set', 'homey.presence.self', 'homey.user.self', 'homey.zone.readonly',
    ]);
  });
});

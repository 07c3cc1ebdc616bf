import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';


describe('installer access', () => {
  let hub: TestHub;
  const owner = () => bearer(hub.token);
  const installerJwt = (sub: string, audience?: string) => hub.cloudToken({ sub, role: 'installer', name: 'Ivo Installer' }, { audience });
  /** POST /installer/request, expecting this status. */
  const request = async (jwt: string | Promise<string>, status: number) =>
    hub.http().post('/api/manager/users/installer/request').send({ jwt: await jwt }).expect(status);
  const grant = (auth = owner()) => hub.http().post('/api/manager/users/installer/grant').set(auth).send({});
  const revoke = (auth = owner()) => hub.http().post('/api/manager/users/installer/revoke').set(auth).send({});

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when access is not granted, then an installer is refused with 403', async () => {
    const { body } = await request(installerJwt('installer-1'), 403);
    expect(body.error_description).toBe('Installer access is not open: the owner must grant it first');
  });

  it('when the owner grants access, then an installer gets a manager session until the owner revokes it', async () => {
    const { body: access } = await grant().expect(200);
    expect(Date.parse(access.expiresAt) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    const { body: state } = await hub.http().get('/api/manager/users/state').set(owner()).expect(200);
    expect(state.installerAccessExpiresAt).toBe(access.expiresAt);

    const { body: token } = await request(installerJwt('installer-1'), 200);
    const { body: me } = await hub.http().get('/api/manager/users/user/me').set(bearer(token)).expect(200);
    expect(me).toMatchObject({ name: 'Ivo Installer', role: 'manager', athomId: 'installer-1', isOwner: false });
    const { body: session } = await hub.http().get('/api/manager/sessions/session/me').set(bearer(token)).expect(200);
    expect(session).toMatchObject({ clientName: 'Installer access', expiresAt: access.expiresAt, intersectedScopes: ['homey'] });
    await hub.http().post('/api/manager/users/login').send({ token: await hub.cloudToken({ sub: 'installer-1' }) }).expect(403);

    await revoke().expect(204);
    await hub.http().get('/api/manager/users/user/me').set(bearer(token)).expect(401);
    await hub.http().get(`/api/manager/users/user/${me.id}`).set(owner()).expect(404);
    await request(installerJwt('installer-1'), 403);
  });

  it('when the JWT is not an installer token or is invalid, then 401; a missing JWT 400', async () => {
    await grant().expect(200);
    const plain = await request(hub.cloudToken({ sub: 'installer-2' }), 401);
    expect(plain.body.error_description).toBe('Invalid cloud token: it does not name an installer');
    await request(installerJwt('installer-2', 'other-hub'), 401);
    // Installer JWTs name this hub: audience homey is for sign-in only.
    await request(installerJwt('installer-2', 'homey'), 401);
    await request('garbage', 401);
    const missing = await hub.http().post('/api/manager/users/installer/request').send({}).expect(400);
    expect(missing.body.error_description).toMatch(/jwt/);
  });

  it('when the installer is already an ordinary user of the hub, then 409', async () => {
    await grant().expect(200);
    const user = hub.hub.sessions.authenticate(hub.tokenWith(['homey'], 'user'))!.user;
    await request(installerJwt(user.athomId!), 409);
  });

  it('when someone other than the owner grants or revokes, then 403; without a token 401', async () => {
    const manager = bearer(hub.tokenWith(['homey'], 'manager'));
    expect((await grant(manager).expect(403)).body.error_description).toBe('Only the owner can grant installer access');
    await revoke(manager).expect(403);
    await hub.http().post('/api/manager/users/installer/grant').send({}).expect(401);
    await hub.http().post('/api/manager/users/installer/revoke').send({}).expect(401);
  });

  it('when the window has ended, then access is closed and the installers it made are removed', async () => {
    await grant().expect(200);
    const { body: token } = await request(installerJwt('installer-late'), 200);
    const { body: me } = await hub.http().get('/api/manager/users/user/me').set(bearer(token)).expect(200);
    const access = hub.hub.settings.get<{ expiresAt: string }>('installerAccess')!;
    hub.hub.settings.set('installerAccess', { ...access, expiresAt: new Date(Date.now() - 1000).toISOString() });
    const { body: state } = await hub.http().get('/api/manager/users/state').set(owner()).expect(200);
    expect(state.installerAccessExpiresAt).toBeNull();
    await hub.http().get(`/api/manager/users/user/${me.id}`).set(owner()).expect(404);
    await request(installerJwt('installer-late'), 403);
  });

  it('when an installer who owns the hub hands it over, then the customer owns it and the installer keeps a day of access', async () => {
    const installerUser = hub.tokenWith(['homey'], 'manager');
    const installer = hub.hub.sessions.authenticate(installerUser)!.user;
    const customer = hub.hub.sessions.authenticate(hub.tokenWith(['homey'], 'user'))!.user;
    await hub.http().post('/api/manager/users/swap-owner').set(owner()).send({ newOwnerUserId: installer.id }).expect(200);
    const asInstaller = bearer(installerUser);

    const wrongAccount = await hub.http().post('/api/manager/users/installer/swap-owner').set(asInstaller)
      .send({ newOwnerUserId: customer.id, jwt: await installerJwt('someone-else') }).expect(403);
    expect(wrongAccount.body.error_description).toBe('The installer token is not for your cloud account');
    await hub.http().post('/api/manager/users/installer/swap-owner').set(asInstaller).send({ newOwnerUserId: customer.id }).expect(400);
    await hub.http().post('/api/manager/users/installer/swap-owner').set(asInstaller)
      .send({ newOwnerUserId: 'nope', jwt: await installerJwt(installer.athomId!) }).expect(404);
    await hub.http().post('/api/manager/users/installer/swap-owner').set(owner())
      .send({ newOwnerUserId: customer.id, jwt: await installerJwt(installer.athomId!) }).expect(403);
    await hub.http().post('/api/manager/users/installer/swap-owner').send({ newOwnerUserId: customer.id, jwt: 'x' }).expect(401);

    const { body: access } = await hub.http().post('/api/manager/users/installer/swap-owner').set(asInstaller)
      .send({ newOwnerUserId: customer.id, jwt: await installerJwt(installer.athomId!) }).expect(200);
    expect(access.expiresAt).toEqual(expect.any(String));
    await hub.http().get('/api/manager/users/user/me').set(asInstaller).expect(401);
    const { body: users } = await hub.http().get('/api/manager/users/user').set(owner()).expect(200);
    expect(users[customer.id]).toMatchObject({ isOwner: true, role: 'manager' });

    const { body: token } = await request(installerJwt(installer.athomId!), 200);
    await hub.http().get('/api/manager/users/user/me').set(bearer(token)).expect(200);
  });

});

import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { connectRealtime } from '../testing/realtime-client.js';


describe('users manager', () => {
  let hub: TestHub;
  let ownerId: string;
  const owner = () => bearer(hub.token);

  beforeAll(async () => {
    hub = await startTestHub();
    ownerId = hub.hub.sessions.authenticate(hub.token)!.user.id;
  });
  afterAll(() => hub.stop());

  it('when reading the state, then it counts the users and names the owner; without the scope 403, without a token 401', async () => {
    const { body } = await hub.http().get('/api/manager/users/state').set(owner()).expect(200);
    expect(body).toEqual({ userCount: hub.hub.store.count('user'), ownerId, installerAccessExpiresAt: null });
    await hub.http().get('/api/manager/users/state').set(hub.member('manager', ['homey.user']).auth).expect(403);
    await hub.http().get('/api/manager/users/state').expect(401);
  });

  it('when listing and getting users, then they come keyed by id with exactly one owner', async () => {
    const { body } = await hub.http().get('/api/manager/users/user').set(owner()).expect(200);
    for (const [id, user] of Object.entries<{ id: string }>(body)) expect(user.id).toBe(id);
    expect(Object.values<{ isOwner: boolean; id: string }>(body).filter((user) => user.isOwner).map((user) => user.id)).toEqual([ownerId]);
    const { body: one } = await hub.http().get(`/api/manager/users/user/${ownerId}`).set(owner()).expect(200);
    expect(one).toMatchObject({ id: ownerId, role: 'manager', isOwner: true, verified: true });
    const missing = await hub.http().get('/api/manager/users/user/nope').set(owner()).expect(404);
    expect(missing.body).toMatchObject({ error: 'not_found', error_description: 'User not found', statusCode: 404 });
    await hub.http().get('/api/manager/users/user').expect(401);
    await hub.http().get('/api/manager/users/user').set(hub.member('guest').auth).expect(403);
    await hub.http().get(`/api/manager/users/user/${ownerId}`).expect(401);
    await hub.http().get(`/api/manager/users/user/${ownerId}`).set(hub.member('guest').auth).expect(403);
  });

  it('when a manager invites a user, then it is pending with an invite token shown once', async () => {
    const { body } = await hub.http().post('/api/manager/users/user').set(owner()).send({ name: 'Babysitter', role: 'guest' }).expect(200);
    expect(body).toMatchObject({ name: 'Babysitter', role: 'guest', athomId: null, verified: false, enabled: true, isOwner: false });
    expect(body.inviteToken).toEqual(expect.any(String));
    const { body: stored } = await hub.http().get(`/api/manager/users/user/${body.id}`).set(owner()).expect(200);
    expect(stored).not.toHaveProperty('inviteToken');
  });

  it('when creating a user without a role or with an unknown one, then 400 says which', async () => {
    const missing = await hub.http().post('/api/manager/users/user').set(owner()).send({ name: 'X' }).expect(400);
    expect(missing.body.error_description).toMatch(/role/);
    const unknown = await hub.http().post('/api/manager/users/user').set(owner()).send({ role: 'admin' }).expect(400);
    expect(unknown.body.error_description).toMatch(/role/);
    await hub.http().post('/api/manager/users/user').send({ role: 'user' }).expect(401);
  });

  it('when a guest or a user tries to manage users, then 403 even with a full-scope token', async () => {
    for (const role of ['guest', 'user'] as const) {
      const { auth } = hub.member(role);
      const denied = await hub.http().post('/api/manager/users/user').set(auth).send({ role: 'guest' }).expect(403);
      expect(denied.body).toMatchObject({ error: 'insufficient_scope', error_description: 'Missing scope: homey.user' });
      await hub.http().put(`/api/manager/users/user/${ownerId}`).set(auth).send({ name: 'Hacked' }).expect(403);
      await hub.http().delete(`/api/manager/users/user/${ownerId}`).set(auth).expect(403);
    }
  });

  it('when a manager updates a user, then the fields change; bad fields 400, unknown user 404', async () => {
    const anna = hub.member('user');
    const { body } = await hub.http().put(`/api/manager/users/user/${anna.id}`).set(owner()).send({ id: anna.id, name: 'Anna', role: 'manager' }).expect(200);
    expect(body).toMatchObject({ id: anna.id, name: 'Anna', role: 'manager' });
    const bad = await hub.http().put(`/api/manager/users/user/${anna.id}`).set(owner()).send({ role: 'admin' }).expect(400);
    expect(bad.body.error_description).toMatch(/role/);
    await hub.http().put(`/api/manager/users/user/${anna.id}`).set(owner()).send({ isOwner: true }).expect(400);
    await hub.http().put('/api/manager/users/user/nope').set(owner()).send({ name: 'X' }).expect(404);
    await hub.http().put(`/api/manager/users/user/${anna.id}`).send({ name: 'X' }).expect(401);
  });

  it('when the owner would be demoted, disabled or deleted, then 409; nobody changes their own role, 403', async () => {
    const demote = await hub.http().put(`/api/manager/users/user/${ownerId}`).set(hub.member('manager').auth).send({ role: 'user' }).expect(409);
    expect(demote.body.error_description).toBe('The owner must stay a manager: hand over ownership first');
    await hub.http().put(`/api/manager/users/user/${ownerId}`).set(hub.member('manager').auth).send({ enabled: false }).expect(409);
    await hub.http().delete(`/api/manager/users/user/${ownerId}`).set(hub.member('manager').auth).expect(409);
    const self = hub.member('manager');
    const own = await hub.http().put(`/api/manager/users/user/${self.id}`).set(self.auth).send({ role: 'guest' }).expect(403);
    expect(own.body.error_description).toBe('Nobody can change their own role');
    await hub.http().put(`/api/manager/users/user/${self.id}`).set(self.auth).send({ enabled: false }).expect(403);
    await hub.http().put(`/api/manager/users/user/${self.id}`).set(self.auth).send({ role: 'manager', name: 'Same role' }).expect(200);
  });

  it('when a user is disabled, then its tokens answer 401 until it is enabled again', async () => {
    const bob = hub.member('user');
    await hub.http().put(`/api/manager/users/user/${bob.id}`).set(owner()).send({ enabled: false }).expect(200);
    const denied = await hub.http().get('/api/manager/users/user/me').set(bob.auth).expect(401);
    expect(denied.body.error).toBe('invalid_token');
    await hub.http().put(`/api/manager/users/user/${bob.id}`).set(owner()).send({ enabled: true }).expect(200);
    await hub.http().get('/api/manager/users/user/me').set(bob.auth).expect(200);
  });

  it('when a user is deleted, then its token answers 401 at once and it is gone', async () => {
    const carol = hub.member('user');
    await hub.http().get('/api/manager/users/user/me').set(carol.auth).expect(200);
    await hub.http().delete(`/api/manager/users/user/${carol.id}`).set(owner()).expect(204);
    await hub.http().get('/api/manager/users/user/me').set(carol.auth).expect(401);
    await hub.http().get(`/api/manager/users/user/${carol.id}`).set(owner()).expect(404);
    await hub.http().delete(`/api/manager/users/user/${carol.id}`).set(owner()).expect(404);
    await hub.http().delete(`/api/manager/users/user/${carol.id}`).expect(401);
  });

  it('when a user reads and renames itself, then its own user changes; an empty name 400; no scope 403', async () => {
    const guest = hub.member('guest');
    const { body } = await hub.http().get('/api/manager/users/user/me').set(guest.auth).expect(200);
    expect(body).toMatchObject({ id: guest.id, role: 'guest' });
    const { body: renamed } = await hub.http().put('/api/manager/users/user/me').set(guest.auth).send({ name: 'Grandma' }).expect(200);
    expect(renamed).toMatchObject({ id: guest.id, name: 'Grandma' });
    const empty = await hub.http().put('/api/manager/users/user/me').set(guest.auth).send({ name: '' }).expect(400);
    expect(empty.body.error_description).toMatch(/name/);
    const noScope = hub.member('user', ['homey.device']).auth;
    await hub.http().get('/api/manager/users/user/me').set(noScope).expect(403);
    await hub.http().put('/api/manager/users/user/me').set(noScope).send({ name: 'X' }).expect(403);
    await hub.http().delete('/api/manager/users/user/me').set(noScope).expect(403);
    await hub.http().get('/api/manager/users/user/me').expect(401);
    await hub.http().put('/api/manager/users/user/me').send({ name: 'X' }).expect(401);
    await hub.http().delete('/api/manager/users/user/me').expect(401);
  });

  it('when a user leaves the hub, then it is deleted and its token 401; the owner cannot leave (409)', async () => {
    const leaver = hub.member('user');
    await hub.http().delete('/api/manager/users/user/me').set(leaver.auth).expect(204);
    await hub.http().get('/api/manager/users/user/me').set(leaver.auth).expect(401);
    const refused = await hub.http().delete('/api/manager/users/user/me').set(owner()).expect(409);
    expect(refused.body.error_description).toBe('The owner cannot be deleted: hand over ownership first');
  });

  it('when setting and removing own properties, then the user carries them; bad input 400, unknown property 404', async () => {
    const user = hub.member('user');
    const { body } = await hub.http().put('/api/manager/users/user/me/properties/favoriteZone').set(user.auth).send({ value: { id: 'z1' } }).expect(200);
    expect(body.properties).toEqual({ favoriteZone: { id: 'z1' } });
    const notObject = await hub.http().put('/api/manager/users/user/me/properties/favoriteZone').set(user.auth).send({ value: 3 }).expect(400);
    expect(notObject.body.error_description).toMatch(/value/);
    await hub.http().put('/api/manager/users/user/me/properties/bad%20name').set(user.auth).send({ value: {} }).expect(400);
    await hub.http().delete('/api/manager/users/user/me/properties/favoriteZone').set(user.auth).expect(204);
    const { body: after } = await hub.http().get('/api/manager/users/user/me').set(user.auth).expect(200);
    expect(after.properties).toEqual({});
    const unknown = await hub.http().delete('/api/manager/users/user/me/properties/favoriteZone').set(user.auth).expect(404);
    expect(unknown.body.error_description).toBe('Property favoriteZone not found');
    const noScope = hub.member('user', ['homey.zone']).auth;
    await hub.http().put('/api/manager/users/user/me/properties/x').set(noScope).send({ value: {} }).expect(403);
    await hub.http().delete('/api/manager/users/user/me/properties/x').set(noScope).expect(403);
    await hub.http().put('/api/manager/users/user/me/properties/x').send({ value: {} }).expect(401);
    await hub.http().delete('/api/manager/users/user/me/properties/x').expect(401);
  });

  it('when a property is named like a key every object inherits, then it is an ordinary own property: 404 until set, then stored, read and removed as data', async () => {
    const user = hub.member('user');
    const path = (name: string) => `/api/manager/users/user/me/properties/${name}`;
    const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
    for (const name of names) {
      const res = await hub.http().delete(path(name)).set(user.auth).expect(404);
      expect(res.body.error_description).toBe(`Property ${name} not found`);
    }
    await hub.http().put(path('favoriteZone')).set(user.auth).send({ value: { id: 'z1' } }).expect(200);
    for (const name of names) await hub.http().put(path(name)).set(user.auth).send({ value: { polluted: name } }).expect(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const { body } = await hub.http().get('/api/manager/users/user/me').set(user.auth).expect(200);
    const row = hub.hub.db.prepare<[string], { data: string }>(`SELECT data FROM items WHERE type = 'user' AND id = ?`).get(user.id)!;
    for (const properties of [body.properties, JSON.parse(row.data).properties]) {
      expect(Object.keys(properties).sort()).toEqual(['favoriteZone', ...names].sort());
      for (const name of names) expect(Object.getOwnPropertyDescriptor(properties, name)?.value).toEqual({ polluted: name });
    }
    for (const name of names) await hub.http().delete(path(name)).set(user.auth).expect(204);
    const { body: after } = await hub.http().get('/api/manager/users/user/me').set(user.auth).expect(200);
    expect(after.properties).toEqual({ favoriteZone: { id: 'z1' } });
  });

  it('when a user is invited, then subscribers of homey:manager:users get user.create without the invite token', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id);
    try {
      const [subscribeError] = await client.request('subscribe', 'homey:manager:users');
      expect(subscribeError).toBeNull();
      const created = client.next('homey:manager:users', (event) => event === 'user.create');
      const [error, user] = await client.request('api', { uri: 'homey:manager:users', operation: 'createUser', args: { user: { role: 'user', name: 'Dirk' } } });
      expect(error).toBeNull();
      const { data } = await created;
      expect(data).toMatchObject({ id: (user as { id: string }).id, name: 'Dirk', verified: false });
      expect(data).not.toHaveProperty('inviteToken');
    } finally {
      client.close();
    }
  });

  it('when a user is disabled while their socket is connected, then the socket is disconnected', async () => {
    const token = hub.tokenWith(['homey'], 'user');
    const userId = hub.hub.sessions.authenticate(token)!.user.id;
    const client = await connectRealtime(hub.url, token, hub.hub.id);
    try {
      const disconnected = new Promise((resolve) => client.api.once('disconnect', resolve));
      await hub.http().put(`/api/manager/users/user/${userId}`).set(owner()).send({ enabled: false }).expect(200);
      await disconnected;
    } finally {
      client.close();
    }
  });
});

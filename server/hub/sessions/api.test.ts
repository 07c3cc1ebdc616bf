import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { connectRealtime } from '../testing/realtime-client.js';


describe('sessions manager', () => {
  let hub: TestHub;
  const owner = () => bearer(hub.token);

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when reading the state, then it counts the sessions by type; without the scope 403, without a token 401', async () => {
    hub.tokenWith(['homey.zone']);
    const { body } = await hub.http().get('/api/manager/sessions/state').set(owner()).expect(200);
    expect(body.sessionCount).toBe(hub.hub.store.count('session'));
    expect(body.types.PAT).toBeGreaterThanOrEqual(2);
    expect(body.types.OAUTH + body.types.APP + body.types.PAT).toBe(body.sessionCount);
    await hub.http().get('/api/manager/sessions/state').set(bearer(hub.tokenWith(['homey.user']))).expect(403);
    await hub.http().get('/api/manager/sessions/state').expect(401);
  });

  it('when reading its own session, then the caller sees its type, scopes and intersected scopes; no token 401', async () => {
    const { body } = await hub.http().get('/api/manager/sessions/session/me').set(owner()).expect(200);
    expect(body).toMatchObject({ type: 'PAT', name: 'Demo token', scopes: ['homey'], intersectedScopes: ['homey'], expiresAt: null });
    const none = await hub.http().get('/api/manager/sessions/session/me').expect(401);
    expect(none.body.error).toBe('unauthorized');
    await hub.http().get('/api/manager/sessions/session/me').set(bearer('revoked-or-unknown')).expect(401);
  });

  it('when a guest holds scope homey, then session me intersects it with the guest role', async () => {
    const { body } = await hub.http().get('/api/manager/sessions/session/me').set(bearer(hub.tokenWith(['homey'], 'guest'))).expect(200);
    expect(body.scopes).toEqual(['homey']);
    expect(body.intersectedScopes).toContain('homey.device.control');
    expect(body.intersectedScopes).toContain('homey.user.self');
    expect(body.intersectedScopes).not.toContain('homey');
    expect(body.intersectedScopes).not.toContain('homey.user.readonly');
  });

  it('when listing sessions, then every session comes keyed by id with its intersected scopes and no token', async () => {
    const token = hub.tokenWith(['homey.zone.readonly', 'homey.device'], 'guest');
    const { body: mine } = await hub.http().get('/api/manager/sessions/session/me').set(bearer(token)).expect(200);
    const { body } = await hub.http().get('/api/manager/sessions/session').set(owner()).expect(200);
    for (const [id, session] of Object.entries<{ id: string }>(body)) expect(session.id).toBe(id);
    expect(body[mine.id]).toMatchObject({ scopes: ['homey.zone.readonly', 'homey.device'], intersectedScopes: ['homey.zone.readonly', 'homey.device.readonly', 'homey.device.control'] });
    expect(JSON.stringify(body)).not.toContain(token);
    await hub.http().get('/api/manager/sessions/session').set(bearer(hub.tokenWith(['homey'], 'guest'))).expect(403);
    await hub.http().get('/api/manager/sessions/session').expect(401);
  });

  it('when a session is created or ends, then subscribers get it as a read would answer it, with its intersected scopes', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id);
    try {
      expect(await client.request('subscribe', 'homey:manager:sessions')).toEqual([null, undefined]);
      const created = client.next('homey:manager:sessions', (event) => event === 'session.create');
      const { body: pat } = await hub.http().post('/api/manager/users/pat').set(owner()).send({ name: 'Guest tablet', scopes: ['homey.zone'] }).expect(200);
      const { event, data } = await created;
      expect(event).toBe('session.create');
      const { body: listed } = await hub.http().get('/api/manager/sessions/session').set(owner()).expect(200);
      expect(data).toEqual(listed[data.id]);
      expect(data).toMatchObject({ type: 'PAT', name: 'Guest tablet', intersectedScopes: ['homey.zone'] });
      expect(JSON.stringify(data)).not.toContain(pat.token);
      const deleted = client.next('homey:manager:sessions', (name) => name === 'session.delete');
      await hub.http().delete(`/api/manager/sessions/session/${data.id}`).set(owner()).expect(204);
      expect((await deleted).data).toEqual({ id: data.id });
    } finally {
      client.close();
    }
  });

  it('when a manager ends a session, then its token answers 401 at once and its socket is disconnected', async () => {
    const token = hub.tokenWith(['homey'], 'user');
    const { body: session } = await hub.http().get('/api/manager/sessions/session/me').set(bearer(token)).expect(200);
    const client = await connectRealtime(hub.url, token, hub.hub.id, 'v2');
    try {
      const disconnected = new Promise((resolve) => client.api.once('disconnect', resolve));
      await hub.http().delete(`/api/manager/sessions/session/${session.id}`).set(owner()).expect(204);
      await disconnected;
    } finally {
      client.close();
    }
    await hub.http().get('/api/manager/sessions/session/me').set(bearer(token)).expect(401);
    await hub.http().delete(`/api/manager/sessions/session/${session.id}`).set(owner()).expect(404);
  });

  it("when a manager ends the owner's sessions, then 403 and the owner's token still works; the owner may end them", async () => {
    const manager = hub.member('manager');
    const { body: owned } = await hub.http().get('/api/manager/sessions/session/me').set(owner()).expect(200);
    const denied = await hub.http().delete(`/api/manager/sessions/session/${owned.id}`).set(manager.auth).expect(403);
    expect(denied.body.error_description).toBe("Only the owner can end the owner's sessions");
    await hub.http().get('/api/manager/sessions/session/me').set(owner()).expect(200);
    const { body: other } = await hub.http().get('/api/manager/sessions/session/me').set(manager.auth).expect(200);
    await hub.http().delete(`/api/manager/sessions/session/${other.id}`).set(manager.auth).expect(204);
  });

  it('when a user without homey.user ends a session, then 403; without a token 401', async () => {
    const user = bearer(hub.tokenWith(['homey'], 'user'));
    const { body: session } = await hub.http().get('/api/manager/sessions/session/me').set(user).expect(200);
    const denied = await hub.http().delete(`/api/manager/sessions/session/${session.id}`).set(user).expect(403);
    expect(denied.body.error_description).toBe('Missing scope: homey.user');
    await hub.http().delete(`/api/manager/sessions/session/${session.id}`).expect(401);
  });

  it('when session calls come over the socket, then they answer like HTTP and bad arguments give 400', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id);
    try {
      const [error, me] = await client.request('api', { uri: 'homey:manager:sessions', operation: 'getSessionMe', args: {} });
      expect(error).toBeNull();
      expect(me).toMatchObject({ type: 'PAT', intersectedScopes: ['homey'] });
      const [invalid] = await client.request('api', { uri: 'homey:manager:sessions', operation: 'deleteSession', args: {} });
      expect(invalid).toMatchObject({ statusCode: 400, error_description: 'Missing argument: id' });
    } finally {
      client.close();
    }
  });
});

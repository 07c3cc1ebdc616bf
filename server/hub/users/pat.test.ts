import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { connectRealtime } from '../testing/realtime-client.js';


describe('personal access tokens', () => {
  let hub: TestHub;
  const owner = () => bearer(hub.token);
  const create = (auth: Record<string, string>, body: object) => hub.http().post('/api/manager/users/pat').set(auth).send(body);

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when a token is created, used, listed and deleted, then it works until deleted and 401s at once after', async () => {
    const { body: pat } = await create(owner(), { name: 'Energy script', scopes: ['homey.zone.readonly'] }).expect(200);
    expect(pat).toMatchObject({ name: 'Energy script', scopes: ['homey.zone.readonly'], lastUsed: null, token: expect.any(String) });
    await hub.http().get('/api/manager/zones/zone').set(bearer(pat.token)).expect(200);
    await hub.http().post('/api/manager/zones/zone').set(bearer(pat.token)).send({ name: 'A', icon: 'home', parent: 'x' }).expect(403);

    const { body: list } = await hub.http().get('/api/manager/users/pat').set(owner()).expect(200);
    expect(list[pat.id]).toEqual({ id: pat.id, name: 'Energy script', scopes: ['homey.zone.readonly'], createdAt: pat.createdAt, lastUsed: expect.any(String) });
    expect(JSON.stringify(list)).not.toContain(pat.token);
    expect(Object.values<{ name: string }>(list).map((token) => token.name)).toContain('Demo token');

    await hub.http().delete(`/api/manager/users/pat/${pat.id}`).set(owner()).expect(204);
    const gone = await hub.http().get('/api/manager/zones/zone').set(bearer(pat.token)).expect(401);
    expect(gone.body.error).toBe('invalid_token');
    const { body: after } = await hub.http().get('/api/manager/users/pat').set(owner()).expect(200);
    expect(after).not.toHaveProperty(pat.id);
  });

  it('when a token is deleted while its socket is connected, then the socket is disconnected', async () => {
    const { body: pat } = await create(owner(), { name: 'Socket', scopes: ['homey.zone.readonly'] }).expect(200);
    const client = await connectRealtime(hub.url, pat.token, hub.hub.id);
    try {
      const disconnected = new Promise((resolve) => client.api.once('disconnect', resolve));
      await hub.http().delete(`/api/manager/users/pat/${pat.id}`).set(owner()).expect(204);
      await disconnected;
    } finally {
      client.close();
    }
  });

  it("when a token asks for a scope the caller's session lacks, then 403; a role's limits count too", async () => {
    const limited = bearer(hub.tokenWith(['homey.zone']));
    await create(limited, { name: 'Narrower', scopes: ['homey.zone.readonly'] }).expect(200);
    const { body } = await create(limited, { name: 'Wider', scopes: ['homey.device'] }).expect(403);
    expect(body.error_description).toBe('Your session does not grant homey.device, so a token made with it cannot either');
    const guest = bearer(hub.tokenWith(['homey'], 'guest'));
    await create(guest, { name: 'Guest', scopes: ['homey.zone'] }).expect(403);
    await create(guest, { name: 'Guest', scopes: ['homey.zone.readonly'] }).expect(200);
  });

  it('when the name or scopes are missing or malformed, then 400 names the field', async () => {
    expect((await create(owner(), { name: 'X', scopes: [] }).expect(400)).body.error_description).toMatch(/scopes/);
    expect((await create(owner(), { name: 'X', scopes: ['admin'] }).expect(400)).body.error_description).toMatch(/scopes/);
    expect((await create(owner(), { scopes: ['homey'] }).expect(400)).body.error_description).toMatch(/name/);
  });

  it("when a user lists or deletes tokens, then it sees only its own; another user's token is not found", async () => {
    const other = bearer(hub.tokenWith(['homey'], 'user'));
    const { body: mine } = await hub.http().get('/api/manager/users/pat').set(other).expect(200);
    expect(Object.values<{ name: string }>(mine).map((token) => token.name)).toEqual(['Test token']);
    const { body: ownerPat } = await create(owner(), { name: 'Owner only', scopes: ['homey'] }).expect(200);
    await hub.http().delete(`/api/manager/users/pat/${ownerPat.id}`).set(other).expect(404);
    await hub.http().delete('/api/manager/users/pat/nope').set(owner()).expect(404);
    await hub.http().get('/api/manager/zones/zone').set(bearer(ownerPat.token)).expect(200);
  });

  it('when no token is sent, then every token call answers 401', async () => {
    await hub.http().get('/api/manager/users/pat').expect(401);
    await hub.http().post('/api/manager/users/pat').send({ name: 'X', scopes: ['homey'] }).expect(401);
    await hub.http().delete('/api/manager/users/pat/any').expect(401);
  });
});

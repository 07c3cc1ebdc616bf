import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

describe('zones manager', () => {
  let hub: TestHub;
  let root: string;
  const auth = () => bearer(hub.token);

  beforeAll(async () => {
    hub = await startTestHub();
    const { body } = await hub.http().get('/api/manager/zones/state').set(auth()).expect(200);
    root = body.rootZoneId;
  });
  afterAll(() => hub.stop());

  it('when listing zones, then they come keyed by id with exactly one root', async () => {
    const { body } = await hub.http().get('/api/manager/zones/zone').set(auth()).expect(200).expect('Content-Type', /application\/json/);
    const zones = Object.values<{ id: string; parent: string | null }>(body);
    expect(zones.length).toBeGreaterThan(5);
    for (const [id, zone] of Object.entries<{ id: string }>(body)) expect(zone.id).toBe(id);
    expect(zones.filter((zone) => zone.parent === null).map((zone) => zone.id)).toEqual([root]);
  });

  it('when creating, reading, updating and deleting a zone, then each step answers the item', async () => {
    const created = await hub.http().post('/api/manager/zones/zone').set(auth()).send({ name: 'Attic', icon: 'attic', parent: root }).expect(200);
    expect(created.body).toMatchObject({ name: 'Attic', icon: 'attic', parent: root, active: false });
    const id = created.body.id;
    await hub.http().get(`/api/manager/zones/zone/${id}`).set(auth()).expect(200, created.body);
    const updated = await hub.http().put(`/api/manager/zones/zone/${id}`).set(auth()).send({ name: 'Loft' }).expect(200);
    expect(updated.body).toMatchObject({ id, name: 'Loft', icon: 'attic' });
    await hub.http().delete(`/api/manager/zones/zone/${id}`).set(auth()).expect(204);
    await hub.http().get(`/api/manager/zones/zone/${id}`).set(auth()).expect(404);
  });

  it('when a required field is missing or the parent does not exist, then 400 says which', async () => {
    const missing = await hub.http().post('/api/manager/zones/zone').set(auth()).send({ name: 'No icon', parent: root }).expect(400);
    expect(missing.body).toMatchObject({ error: 'invalid_request', statusCode: 400 });
    expect(missing.body.error_description).toMatch(/icon/);
    const orphan = await hub.http().post('/api/manager/zones/zone').set(auth()).send({ name: 'X', icon: 'home', parent: 'nope' }).expect(400);
    expect(orphan.body.error_description).toBe('Parent zone not found: nope');
    await hub.http().put(`/api/manager/zones/zone/${root}`).set(auth()).send({ name: '' }).expect(400);
  });

  it('when moving a zone below itself or deleting a zone in use, then 409', async () => {
    const parent = await hub.http().post('/api/manager/zones/zone').set(auth()).send({ name: 'Wing', icon: 'home', parent: root }).expect(200);
    const child = await hub.http().post('/api/manager/zones/zone').set(auth()).send({ name: 'Room', icon: 'home', parent: parent.body.id }).expect(200);
    await hub.http().put(`/api/manager/zones/zone/${parent.body.id}`).set(auth()).send({ parent: child.body.id }).expect(409);
    await hub.http().delete(`/api/manager/zones/zone/${parent.body.id}`).set(auth()).expect(409);
    await hub.http().delete(`/api/manager/zones/zone/${root}`).set(auth()).expect(409);
    await hub.http().put(`/api/manager/zones/zone/${root}`).set(auth()).send({ parent: child.body.id }).expect(409);
  });

  it('when no token or an unknown token is sent, then 401 with a Bearer challenge', async () => {
    const none = await hub.http().get('/api/manager/zones/zone').expect(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(none.body).toMatchObject({ error: 'unauthorized', statusCode: 401 });
    const bad = await hub.http().get('/api/manager/zones/zone').set({ Authorization: 'Bearer nope' }).expect(401);
    expect(bad.body.error).toBe('invalid_token');
    expect(bad.headers['www-authenticate']).toContain('error="invalid_token"');
  });

  it('when the token lacks the scope, then 403; a readonly token reads but cannot write', async () => {
    const readonly = bearer(hub.tokenWith(['homey.zone.readonly']));
    await hub.http().get('/api/manager/zones/zone').set(readonly).expect(200);
    const denied = await hub.http().post('/api/manager/zones/zone').set(readonly).send({ name: 'A', icon: 'home', parent: root }).expect(403);
    expect(denied.body).toMatchObject({ error: 'insufficient_scope', error_description: 'Missing scope: homey.zone' });
    const other = bearer(hub.tokenWith(['homey.device']));
    await hub.http().get(`/api/manager/zones/zone/${root}`).set(other).expect(403);
    await hub.http().get('/api/manager/zones/state').set(other).expect(403);
  });

  it('when a guest holds a full-scope token, then the role still forbids writes', async () => {
    const guest = bearer(hub.tokenWith(['homey'], 'guest'));
    await hub.http().get('/api/manager/zones/zone').set(guest).expect(200);
    await hub.http().post('/api/manager/zones/zone').set(guest).send({ name: 'A', icon: 'home', parent: root }).expect(403);
  });
});

import { startTestAccount, type TestAccount } from './testing/test-account.js';

describe('account service: hub records', () => {
  let cloud: TestAccount;
  beforeAll(async () => {
    cloud = await startTestAccount();
  });
  afterAll(() => cloud.stop());

  const HUB_ID = '5f3e8a1c9b2d4e6f7a8b9c0d';

  it('when the owner creates a record with the hub id, then it is in /user/me homeys with role owner and defaults', async () => {
    const owner = await cloud.user();
    const created = await cloud.http().post('/homey/').set(owner.auth)
      .send({ _id: HUB_ID, name: 'Home', model: 'homey-pro', softwareVersion: '12.4.0', localUrl: 'http://192.168.1.20:4859' }).expect(200);
    expect(created.body).toMatchObject({ _id: HUB_ID, name: 'Home', platform: 'local', apiVersion: 3, role: 'owner', ownerId: owner.id, localUrl: 'http://192.168.1.20:4859' });
    const me = await cloud.http().get('/user/me').set(owner.auth).expect(200);
    expect(me.body.homeys).toEqual([created.body]);
    await cloud.http().get(`/homey/${HUB_ID}`).set(owner.auth).expect(200, created.body);
  });

  it('when a record with the same _id is created again, then 409', async () => {
    const other = await cloud.user();
    await cloud.http().post('/homey/').set(other.auth).send({ _id: HUB_ID, name: 'Mine' }).expect(409);
  });

  it('when the input is bad, then 400', async () => {
    const user = await cloud.user();
    await cloud.http().post('/homey/').set(user.auth).send({}).expect(400);
    await cloud.http().post('/homey/').set(user.auth).send({ name: 'X', localUrl: 'javascript:alert(1)' }).expect(400);
    await cloud.http().post('/homey/').set(user.auth).send({ name: 'X', platform: 'mars' }).expect(400);
    await cloud.http().get('/homey/?page=0').set(user.auth).expect(400);
    await cloud.http().get('/homey/nope').set(user.auth).expect(400);
  });

  it('when a stranger reads, updates or deletes a record, then 404; without a token 401; with account.readonly, writes 403', async () => {
    const owner = await cloud.user();
    const { body } = await cloud.http().post('/homey/').set(owner.auth).send({ name: 'Cabin' }).expect(200);
    const stranger = await cloud.user();
    await cloud.http().get(`/homey/${body._id}`).set(stranger.auth).expect(404);
    await cloud.http().put(`/homey/${body._id}`).set(stranger.auth).send({ name: 'Mine' }).expect(404);
    await cloud.http().delete(`/homey/${body._id}`).set(stranger.auth).expect(404);
    await cloud.http().get(`/homey/${body._id}`).expect(401);
    const readonly = (await cloud.tokens(owner.email, undefined, 'account.readonly')).access_token;
    await cloud.http().put(`/homey/${body._id}`).set('Authorization', `Bearer ${readonly}`).send({ name: 'X' }).expect(403);
  });

  it('when the owner updates a record, then the fields change and the others stay', async () => {
    const owner = await cloud.user();
    const { body } = await cloud.http().post('/homey/').set(owner.auth).send({ name: 'Flat', serial: 'SN1', softwareVersion: '12.0.0' }).expect(200);
    const updated = await cloud.http().put(`/homey/${body._id}`).set(owner.auth).send({ softwareVersion: '12.5.0', remoteUrl: 'https://flat.example.com' }).expect(200);
    expect(updated.body).toMatchObject({ name: 'Flat', serial: 'SN1', softwareVersion: '12.5.0', remoteUrl: 'https://flat.example.com' });
    expect((await cloud.http().get(`/homey/${body._id}`).set(owner.auth).expect(200)).body).toEqual(updated.body);
    await cloud.http().put(`/homey/${body._id}`).set(owner.auth).send({}).expect(400);
  });

  it('when listing, then serial, softwareVersion and search (any case, % literal) narrow it, 50 per page', async () => {
    const owner = await cloud.user();
    for (let i = 0; i < 52; i++) {
      await cloud.http().post('/homey/').set(owner.auth).send({ name: i === 0 ? 'Beach 100% House' : `Hub ${i}`, serial: `S${i}`, softwareVersion: i % 2 ? '12.1.0' : '12.2.0' }).expect(200);
    }
    const first = await cloud.http().get('/homey/').set(owner.auth).expect(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: 50, total: 52 });
    expect(first.body.homeys).toHaveLength(50);
    const second = await cloud.http().get('/homey/?page=2').set(owner.auth).expect(200);
    expect(second.body.homeys).toHaveLength(2);
    expect((await cloud.http().get('/homey/?serial=S7').set(owner.auth).expect(200)).body.homeys.map((h: { name: string }) => h.name)).toEqual(['Hub 7']);
    expect((await cloud.http().get('/homey/?softwareVersion=12.1.0').set(owner.auth).expect(200)).body.total).toBe(26);
    expect((await cloud.http().get('/homey/?search=beach%20100%25').set(owner.auth).expect(200)).body.total).toBe(1);
    expect((await cloud.http().get('/homey/?search=%25').set(owner.auth).expect(200)).body.total).toBe(1);
    expect((await cloud.http().get('/homey?search=HUB%201').set(owner.auth).expect(200)).body.total).toBe(11);
  });

  it('when the owner deletes a record, then it is gone from reads and from /user/me', async () => {
    const owner = await cloud.user();
    const { body } = await cloud.http().post('/homey/').set(owner.auth).send({ name: 'Old' }).expect(200);
    await cloud.http().delete(`/homey/${body._id}`).set(owner.auth).expect(204);
    await cloud.http().get(`/homey/${body._id}`).set(owner.auth).expect(404);
    expect((await cloud.http().get('/user/me').set(owner.auth).expect(200)).body.homeys).toEqual([]);
  });

  it('when the owner account is deleted, then its hub records go with it', async () => {
    const owner = await cloud.user();
    const { body } = await cloud.http().post('/homey/').set(owner.auth).send({ name: 'Gone' }).expect(200);
    await cloud.http().delete(`/user/${owner.id}`).set(owner.auth).send({ password: 'correct horse battery' }).expect(204);
    const again = await cloud.user();
    await cloud.http().post('/homey/').set(again.auth).send({ _id: body._id, name: 'Reused' }).expect(200);
  });

  it('when an admin adds a license, then the record lists it once and keeps it through updates; others get 403, unknown hubs 404', async () => {
    const owner = await cloud.user();
    const admin = await cloud.admin();
    const { body } = await cloud.http().post('/homey/').set(owner.auth).send({ name: 'Licensed' }).expect(200);
    await cloud.http().post(`/homey/${body._id}/license/premium`).set(owner.auth).expect(403);
    const added = await cloud.http().post(`/homey/${body._id}/license/premium`).set(admin.auth).expect(200);
    expect(added.body).toMatchObject({ _id: body._id, licenses: ['premium'], role: 'owner' });
    await cloud.http().post(`/homey/${body._id}/license/premium`).set(admin.auth).expect(200);
    await cloud.http().post(`/homey/${body._id}/license/backup`).set(admin.auth).expect(200);
    const updated = await cloud.http().put(`/homey/${body._id}`).set(owner.auth).send({ name: 'Renamed' }).expect(200);
    expect(updated.body.licenses).toEqual(['premium', 'backup']);
    await cloud.http().put(`/homey/${body._id}`).set(owner.auth).send({ licenses: ['free'] }).expect(400);
    await cloud.http().post('/homey/0123456789abcdef01234567/license/premium').set(admin.auth).expect(404);
    await cloud.http().post(`/homey/${body._id}/license/Not%20One`).set(admin.auth).expect(400);
  });
});

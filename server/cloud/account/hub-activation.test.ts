import { startTestAccount, type TestAccount } from './testing/test-account.js';

type User = Awaited<ReturnType<TestAccount['user']>>;

describe('account service: activating hubs', () => {
  let cloud: TestAccount;
  let admin: User;
  beforeAll(async () => {
    cloud = await startTestAccount();
    admin = await cloud.admin();
  });
  afterAll(() => cloud.stop());

  const record = async (user: User) => (await cloud.http().post('/homey/').set(user.auth).send({ name: 'Home' }).expect(200)).body;

  it('when a user makes the record of their hub, then it is activated and dated; activating it again changes nothing, others get 404', async () => {
    const anna = await cloud.user();
    const ben = await cloud.user();
    const homey = await record(anna);
    expect(homey).toMatchObject({ activated: true, ownerId: anna.id });
    const { body } = await cloud.http().post(`/homey/${homey._id}/activate`).set(anna.auth).send({}).expect(200);
    expect(body).toMatchObject({ _id: homey._id, activated: true, role: 'owner', activatedAt: homey.activatedAt });
    const res = await cloud.http().post(`/homey/${homey._id}/activate`).set(ben.auth).send({}).expect(404);
    expect(res.body).toMatchObject({ error: 'not_found', error_description: 'Homey not found', statusCode: 404 });
  });

  it('when someone activates a record production (an admin) made, then it becomes theirs and production loses it; after that others get 404 as for any hub not theirs', async () => {
    const anna = await cloud.user();
    const ben = await cloud.user();
    const homey = await record(admin);
    expect(homey.activated).toBe(false);
    const { body } = await cloud.http().post(`/homey/${homey._id}/activate`).set(anna.auth).send({}).expect(200);
    expect(body).toMatchObject({ ownerId: anna.id, role: 'owner', activated: true });
    await cloud.http().get(`/homey/${homey._id}`).set(admin.auth).expect(404);
    await cloud.http().post(`/homey/${homey._id}/activate`).set(ben.auth).send({}).expect(404);
  });

  it('when activating for another account, then only an admin may (403), for an account that exists (404); unknown hubs 404, bad ids 400', async () => {
    const anna = await cloud.user();
    const ben = await cloud.user();
    const homey = await record(admin);
    await cloud.http().post(`/homey/${homey._id}/activate`).set(anna.auth).send({ userId: ben.id }).expect(403);
    await cloud.http().post(`/homey/${homey._id}/activate`).set(admin.auth).send({ userId: '0123456789abcdef01234567' }).expect(404);
    await cloud.http().post('/homey/0123456789abcdef01234567/activate').set(anna.auth).send({}).expect(404);
    await cloud.http().post(`/homey/${homey._id}/activate`).set(anna.auth).send({ userId: 'x' }).expect(400);
    await cloud.http().post(`/homey/${homey._id}/activate`).send({}).expect(401);
    const { body } = await cloud.http().post(`/homey/${homey._id}/activate`).set(admin.auth).send({ userId: ben.id }).expect(200);
    expect(body.ownerId).toBe(ben.id);
    expect((await cloud.http().get('/user/me').set(ben.auth).expect(200)).body.homeys.map((h: { _id: string }) => h._id)).toEqual([homey._id]);
  });
});

import { startTestAccount, type TestAccount } from './testing/test-account.js';

type User = Awaited<ReturnType<TestAccount['user']>>;

describe('account service: subscriptions and certified installers', () => {
  let cloud: TestAccount;
  let admin: User;
  beforeAll(async () => {
    cloud = await startTestAccount();
    admin = await cloud.admin();
  });
  afterAll(() => cloud.stop());

  it('when billing sets subscriptions, then the user object maps them by id; changes keep the other fields', async () => {
    const anna = await cloud.user();
    expect((await cloud.http().get('/user/me').set(anna.auth).expect(200)).body.subscriptions).toEqual({});
    await cloud.http().put(`/user/${anna.id}/subscription/premium_1`).set(admin.auth).send({ subscription: { startedAt: '2026-11-01T10:00:00Z', expiresAt: '2027-11-01T10:00:00Z' } }).expect(200);
    const { body } = await cloud.http().put(`/user/${anna.id}/subscription/plus_1`).set(admin.auth).send({ subscription: {} }).expect(200);
    expect(body.subscriptions.premium_1).toEqual({ startedAt: '2026-11-01T10:00:00.000Z', expiresAt: '2027-11-01T10:00:00.000Z', status: 'active' });
    expect(body.subscriptions.plus_1).toMatchObject({ status: 'active', expiresAt: null });
    const cancelled = await cloud.http().put(`/user/${anna.id}/subscription/premium_1`).set(admin.auth).send({ subscription: { status: 'cancelled' } }).expect(200);
    expect(cancelled.body.subscriptions.premium_1).toEqual({ startedAt: '2026-11-01T10:00:00.000Z', expiresAt: '2027-11-01T10:00:00.000Z', status: 'cancelled' });
    expect(Object.keys((await cloud.http().get('/user/me').set(anna.auth).expect(200)).body.subscriptions)).toEqual(['plus_1', 'premium_1']);
  });

  it('when a user sets their own subscription, then 403; bad input 400; an unknown account 404', async () => {
    const anna = await cloud.user();
    await cloud.http().put(`/user/${anna.id}/subscription/premium_1`).set(anna.auth).send({ subscription: {} }).expect(403);
    await cloud.http().put(`/user/${anna.id}/subscription/premium_1`).set(admin.auth).send({ subscription: { status: 'paused' } }).expect(400);
    await cloud.http().put(`/user/${anna.id}/subscription/__proto__!`).set(admin.auth).send({ subscription: {} }).expect(400);
    await cloud.http().put('/user/0123456789abcdef01234567/subscription/premium_1').set(admin.auth).send({ subscription: {} }).expect(404);
    await cloud.http().put(`/user/${anna.id}/subscription/premium_1`).send({ subscription: {} }).expect(401);
  });

  it('when the account deletes its subscription, then it is gone; again 404; another user 403', async () => {
    const anna = await cloud.user();
    const ben = await cloud.user();
    await cloud.http().put(`/user/${anna.id}/subscription/developer_1`).set(admin.auth).send({ subscription: {} }).expect(200);
    await cloud.http().delete(`/user/${anna.id}/subscription/developer_1`).set(ben.auth).expect(403);
    await cloud.http().delete(`/user/${anna.id}/subscription/developer_1`).set(anna.auth).expect(204);
    await cloud.http().delete(`/user/${anna.id}/subscription/developer_1`).set(anna.auth).expect(404);
    expect((await cloud.http().get('/user/me').set(anna.auth).expect(200)).body.subscriptions).toEqual({});
  });

  it('when an admin certifies an installer, then the role shows and the installer keeps contact details; others 403', async () => {
    const anna = await cloud.user();
    const ben = await cloud.user();
    await cloud.http().put(`/user/${anna.id}/installer-information`).set(anna.auth).send({ phone: '+31 20 123 4567' }).expect(403);
    await cloud.http().get(`/user/${anna.id}/installer-information`).set(anna.auth).expect(404);
    await cloud.http().put(`/user/${anna.id}/role/installer`).set(anna.auth).expect(403);
    expect((await cloud.http().put(`/user/${anna.id}/role/installer`).set(admin.auth).expect(200)).body.roles).toEqual(['installer']);
    await cloud.http().put('/user/0123456789abcdef01234567/role/installer').set(admin.auth).expect(404);
    await cloud.http().get(`/user/${anna.id}/installer-information`).set(anna.auth).expect(404);
    await cloud.http().put(`/user/${anna.id}/installer-information`).set(anna.auth).send({ website: 'https://smart.example', phone: '+31 20 123 4567' }).expect(200);
    const { body } = await cloud.http().put(`/user/${anna.id}/installer-information`).set(anna.auth).send({ email: 'info@smart.example' }).expect(200);
    expect(body).toEqual({ website: 'https://smart.example', phone: '+31 20 123 4567', email: 'info@smart.example' });
    expect((await cloud.http().get(`/user/${anna.id}/installer-information`).set(admin.auth).expect(200)).body).toEqual(body);
    await cloud.http().get(`/user/${anna.id}/installer-information`).set(ben.auth).expect(403);
    await cloud.http().put(`/user/${anna.id}/installer-information`).set(anna.auth).send({ website: 'ftp://x' }).expect(400);
    await cloud.http().put(`/user/${anna.id}/installer-information`).set(anna.auth).send({}).expect(400);
  });
});

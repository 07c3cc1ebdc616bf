import { startTestAccount, type TestAccount } from './testing/test-account.js';

describe('account service: user devices', () => {
  let cloud: TestAccount;
  beforeAll(async () => {
    cloud = await startTestAccount();
  });
  afterAll(() => cloud.stop());

  const phone = { name: "Anna's phone", platform: 'ios', token: 'push-1', appVersion: '10.2.1', osVersion: '18.1' };

  it('when a device is registered, updated and removed, then /user/me devices follows', async () => {
    const user = await cloud.user();
    const { body: created } = await cloud.http().post(`/user/${user.id}/device`).set(user.auth).send(phone).expect(200);
    expect(created).toMatchObject({ ...phone, devmode: false });
    expect(created._id).toMatch(/^[0-9a-f]{24}$/);
    expect((await cloud.http().get('/user/me').set(user.auth).expect(200)).body.devices).toEqual([created]);
    const { body: updated } = await cloud.http().put(`/user/${user.id}/device/${created._id}`).set(user.auth).send({ token: 'push-2', devmode: true }).expect(200);
    expect(updated).toMatchObject({ ...phone, token: 'push-2', devmode: true, created: created.created });
    await cloud.http().delete(`/user/${user.id}/device/${created._id}`).set(user.auth).expect(204);
    expect((await cloud.http().get('/user/me').set(user.auth).expect(200)).body.devices).toEqual([]);
    await cloud.http().delete(`/user/${user.id}/device/${created._id}`).set(user.auth).expect(404);
  });

  it('when the input is bad, then 400', async () => {
    const user = await cloud.user();
    await cloud.http().post(`/user/${user.id}/device`).set(user.auth).send({ name: 'x' }).expect(400);
    await cloud.http().post(`/user/${user.id}/device`).set(user.auth).send({ ...phone, platform: 'symbian' }).expect(400);
    const { body } = await cloud.http().post(`/user/${user.id}/device`).set(user.auth).send(phone).expect(200);
    await cloud.http().put(`/user/${user.id}/device/${body._id}`).set(user.auth).send({}).expect(400);
  });

  it("when another account's devices are touched, then 403; an unknown device of one's own, 404", async () => {
    const anna = await cloud.user();
    const ben = await cloud.user();
    const { body } = await cloud.http().post(`/user/${ben.id}/device`).set(ben.auth).send(phone).expect(200);
    await cloud.http().post(`/user/${ben.id}/device`).set(anna.auth).send(phone).expect(403);
    await cloud.http().put(`/user/${ben.id}/device/${body._id}`).set(anna.auth).send({ name: 'mine' }).expect(403);
    await cloud.http().delete(`/user/${ben.id}/device/${body._id}`).set(anna.auth).expect(403);
    await cloud.http().put(`/user/${anna.id}/device/${body._id}`).set(anna.auth).send({ name: 'mine' }).expect(404);
  });

  it('when an account has 50 devices, then registering one more answers 409', async () => {
    const user = await cloud.user();
    for (let i = 0; i < 50; i++) await cloud.http().post(`/user/${user.id}/device`).set(user.auth).send({ name: `d${i}`, platform: 'android' }).expect(200);
    const res = await cloud.http().post(`/user/${user.id}/device`).set(user.auth).send(phone).expect(409);
    expect(res.body.error_description).toBe('An account has at most 50 devices: remove one first');
  });
});

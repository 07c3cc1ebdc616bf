import { startTestAccount, type TestAccount } from './testing/test-account.js';

describe('account service: addresses and public profiles', () => {
  let cloud: TestAccount;
  beforeAll(async () => {
    cloud = await startTestAccount();
  });
  afterAll(() => cloud.stop());

  const home = { street: 'Keizersgracht', number: '123', zipcode: '1015 CJ', city: 'Amsterdam', country: 'NL', firstname: 'Anna' };

  it('when an address is added, updated, listed and deleted, then each answers as the contract says', async () => {
    const user = await cloud.user();
    const base = `/user/${user.id}/address`;
    expect((await cloud.http().get(base).set(user.auth).expect(200)).body).toEqual([]);
    const { body: added } = await cloud.http().post(base).set(user.auth).send(home).expect(200);
    expect(added).toMatchObject(home);
    const { body: updated } = await cloud.http().put(`${base}/${added._id}`).set(user.auth).send({ number: '125', extra: '2nd floor' }).expect(200);
    expect(updated).toMatchObject({ ...home, number: '125', extra: '2nd floor', createdAt: added.createdAt });
    expect((await cloud.http().get(base).set(user.auth).expect(200)).body).toEqual([updated]);
    await cloud.http().delete(`${base}/${added._id}`).set(user.auth).expect(204);
    await cloud.http().delete(`${base}/${added._id}`).set(user.auth).expect(404);
    await cloud.http().put(`${base}/${added._id}`).set(user.auth).send({ number: '1' }).expect(404);
  });

  it('when the input is bad, then 400; another account, 403; over 20 addresses, 409', async () => {
    const user = await cloud.user();
    const other = await cloud.user();
    const base = `/user/${user.id}/address`;
    await cloud.http().post(base).set(user.auth).send({ ...home, country: 'Netherlands' }).expect(400);
    await cloud.http().post(base).set(user.auth).send({ street: 'x' }).expect(400);
    await cloud.http().get(base).set(other.auth).expect(403);
    await cloud.http().post(base).set(other.auth).send(home).expect(403);
    for (let i = 0; i < 20; i++) await cloud.http().post(base).set(user.auth).send(home).expect(200);
    const full = await cloud.http().post(base).set(user.auth).send(home).expect(409);
    expect(full.body.error_description).toBe('An account has at most 20 addresses: delete one first');
  });

  it("when a signed-in user reads another account's profile, then only names and avatar; an unknown one, 404", async () => {
    const anna = await cloud.user();
    const ben = await cloud.user();
    const { body } = await cloud.http().get(`/user/${anna.id}/profile`).set(ben.auth).expect(200);
    expect(body).toEqual({ _id: anna.id, firstname: 'Test', lastname: '', avatar: null });
    await cloud.http().get('/user/0123456789abcdef01234567/profile').set(ben.auth).expect(404);
    await cloud.http().get(`/user/${anna.id}/profile`).expect(401);
  });
});

import { startTestAccount, type TestAccount } from './testing/test-account.js';

describe('account service: hub metadata and connection notifications', () => {
  let cloud: TestAccount;
  beforeAll(async () => {
    cloud = await startTestAccount();
  });
  afterAll(() => cloud.stop());

  const tariff = { peak: 0.31, offPeak: 0.22, currency: 'EUR' };

  async function ownedHub() {
    const owner = await cloud.user();
    const { body } = await cloud.http().post('/homey/').set(owner.auth).send({ name: 'Home' }).expect(200);
    return { owner, hubId: body._id as string };
  }

  it('when the owner creates, reads, replaces and deletes a key, then each answers as the contract says', async () => {
    const { owner, hubId } = await ownedHub();
    const base = `/homey/${hubId}/metadata`;
    expect((await cloud.http().get(base).set(owner.auth).expect(200)).body).toEqual({});
    expect((await cloud.http().post(`${base}/energy.tariff`).set(owner.auth).send({ value: tariff }).expect(200)).body).toEqual(tariff);
    const exists = await cloud.http().post(`${base}/energy.tariff`).set(owner.auth).send({ value: tariff }).expect(409);
    expect(exists.body.error_description).toBe('The metadata key energy.tariff exists already: update it');
    await cloud.http().put(`${base}/energy.tariff`).set(owner.auth).send({ value: { peak: 0.4 } }).expect(200, { peak: 0.4 });
    expect((await cloud.http().get(base).set(owner.auth).expect(200)).body).toEqual({ 'energy.tariff': { peak: 0.4 } });
    await cloud.http().get(`${base}/energy.tariff`).set(owner.auth).expect(200, { peak: 0.4 });
    await cloud.http().delete(`${base}/energy.tariff`).set(owner.auth).expect(204);
    await cloud.http().get(`${base}/energy.tariff`).set(owner.auth).expect(404);
    await cloud.http().put(`${base}/energy.tariff`).set(owner.auth).send({ value: tariff }).expect(404);
    await cloud.http().delete(`${base}/energy.tariff`).set(owner.auth).expect(404);
  });

  it('when a key is __proto__-like, the value not an object or too big, then it is stored plainly or refused with 400', async () => {
    const { owner, hubId } = await ownedHub();
    await cloud.http().post(`/homey/${hubId}/metadata/constructor`).set(owner.auth).send({ value: { a: 1 } }).expect(200);
    expect((await cloud.http().get(`/homey/${hubId}/metadata`).set(owner.auth).expect(200)).body).toEqual({ constructor: { a: 1 } });
    await cloud.http().post(`/homey/${hubId}/metadata/bad key`).set(owner.auth).send({ value: {} }).expect(400);
    await cloud.http().post(`/homey/${hubId}/metadata/x`).set(owner.auth).send({ value: 42 }).expect(400);
    const big = await cloud.http().post(`/homey/${hubId}/metadata/big`).set(owner.auth).send({ value: { text: 'x'.repeat(17 * 1024) } }).expect(400);
    expect(big.body.error_description).toBe('A metadata value is at most 16 KiB as JSON');
  });

  it('when a stranger reads or writes, then 404; without a token 401; with account.readonly, writes 403', async () => {
    const { owner, hubId } = await ownedHub();
    const stranger = await cloud.user();
    await cloud.http().get(`/homey/${hubId}/metadata`).set(stranger.auth).expect(404);
    await cloud.http().post(`/homey/${hubId}/metadata/k`).set(stranger.auth).send({ value: {} }).expect(404);
    await cloud.http().get(`/homey/${hubId}/metadata`).expect(401);
    const readonly = (await cloud.tokens(owner.email, undefined, 'account.readonly')).access_token;
    await cloud.http().post(`/homey/${hubId}/metadata/k`).set('Authorization', `Bearer ${readonly}`).send({ value: {} }).expect(403);
  });

  it('when a hub has 100 keys, then a new one answers 409', async () => {
    const { owner, hubId } = await ownedHub();
    for (let i = 0; i < 100; i++) await cloud.http().post(`/homey/${hubId}/metadata/k${i}`).set(owner.auth).send({ value: { i } }).expect(200);
    await cloud.http().post(`/homey/${hubId}/metadata/one-more`).set(owner.auth).send({ value: {} }).expect(409);
  });

  it('when the caller chooses connection notifications, then the record shows them and the rest keep theirs', async () => {
    const { owner, hubId } = await ownedHub();
    expect((await cloud.http().get(`/homey/${hubId}`).set(owner.auth).expect(200)).body.connectionNotifications).toEqual({ push: true, email: false });
    const { body } = await cloud.http().put(`/homey/${hubId}/send-connection-notifications`).set(owner.auth).send({ email: true }).expect(200);
    expect(body.connectionNotifications).toEqual({ push: true, email: true });
    await cloud.http().put(`/homey/${hubId}/send-connection-notifications`).set(owner.auth).send({ push: false }).expect(200);
    expect((await cloud.http().get('/user/me').set(owner.auth).expect(200)).body.homeys[0].connectionNotifications).toEqual({ push: false, email: true });
    await cloud.http().put(`/homey/${hubId}/send-connection-notifications`).set(owner.auth).send({}).expect(400);
    await cloud.http().put(`/homey/${hubId}/send-connection-notifications`).set((await cloud.user()).auth).send({ push: true }).expect(404);
  });
});

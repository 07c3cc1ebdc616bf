import { FakeClock } from '../../http/clock.js';
import { PURGE_INTERVAL_MS } from './purge.js';
import { startTestAccount, type TestAccount } from './testing/test-account.js';

type User = Awaited<ReturnType<TestAccount['user']>>;

describe('account service: self-hosted servers', () => {
  let cloud: TestAccount;
  let admin: User;
  const clock = new FakeClock(Date.parse('2026-11-01T00:00:00.000Z'));
  beforeAll(async () => {
    cloud = await startTestAccount({ clock });
    admin = await cloud.user();
    await cloud.addRole(admin.id, 'admin');
  });
  afterAll(() => cloud.stop());

  const newServer = async (user: User) => (await cloud.http().post('/homey/shs').set(user.auth).expect(200)).body;
  const subscribe = (id: string, body: object) => cloud.http().put(`/homey/shs/${id}/subscription`).set(admin.auth).send(body);

  it('when a user creates a self-hosted server, then it is theirs, activated, without subscription or host name; 401 without a token', async () => {
    const anna = await cloud.user();
    const server = await newServer(anna);
    expect(server).toMatchObject({ model: 'homey-self-hosted-server', role: 'owner', ownerId: anna.id, activated: true, selfHostedServer: { subscription: null, customHostname: null } });
    expect((await cloud.http().get('/homey/').set(anna.auth).expect(200)).body.homeys).toHaveLength(1);
    await cloud.http().post('/homey/shs').expect(401);
  });

  it('when billing sets a subscription, then the record shows it; a lifetime with an end, a yearly without, or a non-admin: 400, 400, 403', async () => {
    const anna = await cloud.user();
    const { _id } = await newServer(anna);
    const { body } = await subscribe(_id, { type: 'yearly', expiresAt: '2027-11-01T00:00:00Z', shopifyContractId: '4418236712' }).expect(200);
    expect(body.selfHostedServer.subscription).toEqual({ type: 'yearly', expiresAt: '2027-11-01T00:00:00.000Z', shopifyContractId: '4418236712', expired: false });
    await subscribe(_id, { type: 'lifetime', expiresAt: '2027-11-01T00:00:00Z' }).expect(400);
    await subscribe(_id, { type: 'yearly' }).expect(400);
    await subscribe(_id, { type: 'forever' }).expect(400);
    await cloud.http().put(`/homey/shs/${_id}/subscription`).set(anna.auth).send({ type: 'lifetime' }).expect(403);
    await subscribe('0123456789abcdef01234567', { type: 'lifetime' }).expect(404);
    const ordinary = (await cloud.http().post('/homey/').set(anna.auth).send({ name: 'Pro' }).expect(200)).body._id;
    await subscribe(ordinary, { type: 'lifetime' }).expect(404);
  });

  it('when the owner sets a custom host name, then it shows; taken elsewhere 409, malformed 400, another user 403, a stranger 404', async () => {
    const anna = await cloud.user();
    const ben = await cloud.user();
    const { _id } = await newServer(anna);
    const other = await newServer(ben);
    const hostname = `home-${Date.now()}.example.org`;
    const { body } = await cloud.http().put(`/homey/shs/${_id}/custom-hostname`).set(anna.auth).send({ customHostname: hostname }).expect(200);
    expect(body.selfHostedServer.customHostname).toBe(hostname);
    await cloud.http().put(`/homey/shs/${other._id}/custom-hostname`).set(ben.auth).send({ customHostname: hostname }).expect(409);
    await cloud.http().put(`/homey/shs/${_id}/custom-hostname`).set(anna.auth).send({ customHostname: 'not a host' }).expect(400);
    await cloud.http().put(`/homey/shs/${_id}/custom-hostname`).set(ben.auth).send({ customHostname: 'x.example.org' }).expect(404);
    await cloud.http().post(`/homey/${_id}/user`).set(anna.auth).send({ user: ben.id, role: 'manager' }).expect(200);
    await cloud.http().post(`/user/${ben.id}/accept_invite/${anna.id}`).set(ben.auth).expect(200);
    await cloud.http().put(`/homey/shs/${_id}/custom-hostname`).set(ben.auth).send({ customHostname: 'x.example.org' }).expect(403);
    const removed = await cloud.http().delete(`/homey/shs/${_id}/custom-hostname`).set(anna.auth).expect(200);
    expect(removed.body.selfHostedServer.customHostname).toBeNull();
    await cloud.http().put(`/homey/shs/${other._id}/custom-hostname`).set(ben.auth).send({ customHostname: hostname }).expect(200);
  });

  it('when a lifetime license moves to another server of the owner, then the new one has it and the old none; without one 409', async () => {
    const anna = await cloud.user();
    const ben = await cloud.user();
    const old = await newServer(anna);
    const next = await newServer(anna);
    const bens = await newServer(ben);
    const transfer = (from: string, to: string, user = anna) => cloud.http().post(`/homey/shs/${from}/transfer-lifetime-license`).set(user.auth).send({ newHomeyId: to });
    await transfer(old._id, next._id).expect(409);
    await subscribe(old._id, { type: 'lifetime', shopifyContractId: '77' }).expect(200);
    await transfer(old._id, bens._id).expect(404);
    await transfer(old._id, next._id, ben).expect(404);
    await transfer(old._id, 'nope').expect(400);
    const { body } = await transfer(old._id, next._id).expect(200);
    expect(body).toMatchObject({ _id: next._id, selfHostedServer: { subscription: { type: 'lifetime', expiresAt: null, shopifyContractId: '77', expired: false } } });
    expect((await cloud.http().get(`/homey/${old._id}`).set(anna.auth).expect(200)).body.selfHostedServer.subscription).toBeNull();
    await transfer(old._id, next._id).expect(409);
  });

  it('when a subscription runs out, then the expiry run marks it expired and drops the host name', async () => {
    const anna = await cloud.user();
    const { _id } = await newServer(anna);
    await subscribe(_id, { type: 'monthly', expiresAt: new Date(clock.now() + 60_000).toISOString() }).expect(200);
    await cloud.http().put(`/homey/shs/${_id}/custom-hostname`).set(anna.auth).send({ customHostname: `m-${Date.now()}.example.org` }).expect(200);
    expect((await cloud.http().post('/homey/shs/cron/expire-subscriptions').set(admin.auth).expect(200)).body.homeyIds).not.toContain(_id);
    await cloud.http().post('/homey/shs/cron/expire-subscriptions').set(anna.auth).expect(403);
    clock.advance(120_000);
    expect((await cloud.http().post('/homey/shs/cron/expire-subscriptions').set(admin.auth).expect(200)).body.homeyIds).toContain(_id);
    const { body } = await cloud.http().get(`/homey/${_id}`).set(anna.auth).expect(200);
    expect(body.selfHostedServer).toMatchObject({ subscription: { type: 'monthly', expired: true }, customHostname: null });
    expect((await cloud.http().post('/homey/shs/cron/expire-subscriptions').set(admin.auth).expect(200)).body.homeyIds).toEqual([]);
  });

  it('when an hour passes after a subscription ran out, then the service expires it by itself', async () => {
    const anna = await cloud.user();
    const { _id } = await newServer(anna);
    await subscribe(_id, { type: 'monthly', expiresAt: new Date(clock.now() + 60_000).toISOString() }).expect(200);
    clock.advance(PURGE_INTERVAL_MS);
    // The hourly run is under way in the background: wait for it.
    const expired = async () => (await cloud.account.db.selectFrom('self_hosted_servers').select('expired').where('hub_id', '=', _id).executeTakeFirstOrThrow()).expired === 1;
    for (let tries = 0; tries < 50 && !(await expired()); tries++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await expired()).toBe(true);
  });

  it('when the owner deletes a self-hosted server, then its record is gone; another user 403, an ordinary hub 404', async () => {
    const anna = await cloud.user();
    const ben = await cloud.user();
    const { _id } = await newServer(anna);
    await cloud.http().delete(`/homey/shs/${_id}`).set(ben.auth).expect(404);
    const ordinary = (await cloud.http().post('/homey/').set(anna.auth).send({ name: 'Pro' }).expect(200)).body._id;
    await cloud.http().delete(`/homey/shs/${ordinary}`).set(anna.auth).expect(404);
    await cloud.http().delete(`/homey/shs/${_id}`).set(anna.auth).expect(204);
    await cloud.http().get(`/homey/${_id}`).set(anna.auth).expect(404);
  });
});

import { createHash } from 'node:crypto';
import { startTestAccount, type TestAccount } from './testing/test-account.js';

type User = Awaited<ReturnType<TestAccount['user']>>;

describe.each(['bridge', 'portal'])('account service: %ss', (kind) => {
  let cloud: TestAccount;
  let admin: User;
  let serials = 0;
  const newSerial = () => `${kind === 'bridge' ? 'BR' : 'PT'}${Date.now()}${++serials}`;
  beforeAll(async () => {
    cloud = await startTestAccount();
    admin = await cloud.user();
    await cloud.addRole(admin.id, 'admin');
  });
  afterAll(() => cloud.stop());

  const made = async (serial = newSerial()) => (await cloud.http().post(`/${kind}/`).set(admin.auth).send({ serial, model: `${kind}-v1` }).expect(200)).body;
  const hubOf = async (user: User) => (await cloud.http().post('/homey/').set(user.auth).send({ name: 'Home' }).expect(200)).body._id as string;

  it(`when production registers a ${kind}, then it has no owner and is not activated; a known serial answers 409, a bad one 400`, async () => {
    const serial = newSerial();
    expect(await made(serial)).toMatchObject({ serial, name: kind === 'bridge' ? 'Bridge' : 'Portal', model: `${kind}-v1`, ownerId: null, homeyId: null, activated: false });
    await cloud.http().post(`/${kind}/`).set(admin.auth).send({ serial }).expect(409);
    await cloud.http().post(`/${kind}/`).set(admin.auth).send({ serial: 'no-dashes!' }).expect(400);
    await cloud.http().post(`/${kind}/`).send({ serial: newSerial() }).expect(401);
  });

  it(`when someone who is not an admin registers a ${kind}, then 403`, async () => {
    const anna = await cloud.user();
    const res = await cloud.http().post(`/${kind}/`).set(anna.auth).send({ serial: newSerial() }).expect(403);
    expect(res.body.error_description).toBe('Only an admin may do this');
  });

  it(`when a user activates a ${kind} for their hub, then it is theirs, dated, listed and found by serial; another user gets 409 and 404`, async () => {
    const anna = await cloud.user();
    const ben = await cloud.user();
    const homeyId = await hubOf(anna);
    const { serial } = await made();
    const { body } = await cloud.http().post(`/${kind}/${serial}/activate`).set(anna.auth).send({ homeyId }).expect(200);
    expect(body).toMatchObject({ serial, ownerId: anna.id, homeyId, activated: true });
    expect(Date.parse(body.activatedAt)).not.toBeNaN();
    expect((await cloud.http().get(`/${kind}/`).set(anna.auth).expect(200)).body.map((p: { serial: string }) => p.serial)).toEqual([serial]);
    expect((await cloud.http().get(`/${kind}/?serial=${serial}`).set(anna.auth).expect(200)).body).toHaveLength(1);
    await cloud.http().get(`/${kind}/${serial}`).set(anna.auth).expect(200);
    await cloud.http().post(`/${kind}/${serial}/activate`).set(ben.auth).send({}).expect(409);
    await cloud.http().get(`/${kind}/${serial}`).set(ben.auth).expect(404);
    expect((await cloud.http().get(`/${kind}/`).set(ben.auth).expect(200)).body).toEqual([]);
  });

  it(`when activating an unknown ${kind}, for a hub of someone else or for another account, then 404, 404 and 403`, async () => {
    const anna = await cloud.user();
    const ben = await cloud.user();
    const bensHub = await hubOf(ben);
    const { serial } = await made();
    await cloud.http().post(`/${kind}/${newSerial()}/activate`).set(anna.auth).send({}).expect(404);
    await cloud.http().post(`/${kind}/${serial}/activate`).set(anna.auth).send({ homeyId: bensHub }).expect(404);
    await cloud.http().post(`/${kind}/${serial}/activate`).set(anna.auth).send({ userId: ben.id }).expect(403);
    await cloud.http().post(`/${kind}/${serial}/activate`).set(anna.auth).send({ homeyId: 'nope' }).expect(400);
    const { body } = await cloud.http().post(`/${kind}/${serial}/activate`).set(admin.auth).send({ userId: ben.id, homeyId: bensHub }).expect(200);
    expect(body).toMatchObject({ ownerId: ben.id, homeyId: bensHub });
  });

  it(`when the owner renames a ${kind} or moves it to another hub of theirs, then it changes; strangers get 404, bad input 400`, async () => {
    const anna = await cloud.user();
    const ben = await cloud.user();
    const first = await hubOf(anna);
    const second = await hubOf(anna);
    const { serial } = await made();
    await cloud.http().put(`/${kind}/${serial}`).set(anna.auth).send({ name: 'Attic' }).expect(404);
    await cloud.http().post(`/${kind}/${serial}/activate`).set(anna.auth).send({ homeyId: first }).expect(200);
    const { body } = await cloud.http().put(`/${kind}/${serial}`).set(anna.auth).send({ name: 'Attic', homeyId: second }).expect(200);
    expect(body).toMatchObject({ name: 'Attic', homeyId: second, model: `${kind}-v1` });
    await cloud.http().put(`/${kind}/${serial}`).set(anna.auth).send({ homeyId: await hubOf(ben) }).expect(404);
    await cloud.http().put(`/${kind}/${serial}`).set(ben.auth).send({ name: 'Mine' }).expect(404);
    await cloud.http().put(`/${kind}/${serial}`).set(anna.auth).send({}).expect(400);
    await cloud.http().put(`/${kind}/${serial}`).set(anna.auth).send({ colour: 'red' }).expect(400);
    expect((await cloud.http().get(`/${kind}/${serial}`).set(admin.auth).expect(200)).body.name).toBe('Attic');
  });

  if (kind === 'bridge') {
    it("when a bridge is activated for a hub, then the hub record's bridges list it; looked up by the serial's hash too", async () => {
      const anna = await cloud.user();
      const homeyId = await hubOf(anna);
      expect((await cloud.http().get(`/homey/${homeyId}`).set(anna.auth).expect(200)).body.bridges).toEqual([]);
      const { serial } = await made();
      await cloud.http().post(`/bridge/${serial}/activate`).set(anna.auth).send({ homeyId }).expect(200);
      const { body: homey } = await cloud.http().get(`/homey/${homeyId}`).set(anna.auth).expect(200);
      expect(homey.bridges).toEqual([expect.objectContaining({ serial, homeyId, activated: true })]);
      const me = (await cloud.http().get('/user/me').set(anna.auth).expect(200)).body;
      expect(me.homeys[0].bridges).toHaveLength(1);
      const hash = createHash('sha256').update(serial).digest('hex');
      expect((await cloud.http().get(`/bridge/?serialHash=${hash}`).set(anna.auth).expect(200)).body).toHaveLength(1);
      await cloud.http().get('/bridge/?serialHash=xyz').set(anna.auth).expect(400);
    });
  }
});

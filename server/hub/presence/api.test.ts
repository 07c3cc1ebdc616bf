import { connectRealtime } from '../testing/realtime-client.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { onPresenceChanged, type PresenceEvent } from './presence.js';

const base = '/api/manager/presence';

describe('presence manager', () => {
  let hub: TestHub;
  let owner: ReturnType<typeof bearer>;
  beforeAll(async () => {
    hub = await startTestHub();
    owner = bearer(hub.token);
  });
  afterAll(() => hub.stop());

  it('when a user is set present and asleep, then the gets and the state answer it', async () => {
    const { id } = hub.member('user');
    for (const kind of ['present', 'asleep']) {
      await hub.http().put(`${base}/${id}/${kind}`).set(owner).send({ value: true }).expect(204);
      const got = await hub.http().get(`${base}/${id}/${kind}`).set(owner).expect(200);
      expect(got.body).toBe(true);
      await hub.http().put(`${base}/${id}/${kind}`).set(owner).send({ value: false }).expect(204);
      expect((await hub.http().get(`${base}/${id}/${kind}`).set(owner).expect(200)).body).toBe(false);
    }
    await hub.http().put(`${base}/${id}/present`).set(owner).send({ value: true }).expect(204);
    const { body: state } = await hub.http().get(`${base}/state`).set(owner).expect(200);
    expect(state.userCount).toBeGreaterThanOrEqual(1);
    expect(state.presentCount).toBeGreaterThanOrEqual(1);
  });

  it('when a guest sets /me/present and /me/asleep, then it acts on the caller, not a user called "me"', async () => {
    const guest = hub.member('guest', ['homey.presence.self']);
    await hub.http().put(`${base}/me/present`).set(guest.auth).send({ value: true }).expect(204);
    await hub.http().put(`${base}/me/asleep`).set(guest.auth).send({ value: true, opts: { forceFlowTrigger: false } }).expect(204);
    expect((await hub.http().get(`${base}/${guest.id}/present`).set(owner).expect(200)).body).toBe(true);
    expect((await hub.http().get(`${base}/${guest.id}/asleep`).set(owner).expect(200)).body).toBe(true);
  });

  it('when the value is missing, not a boolean, or forceFlowTrigger is not a boolean, then 400', async () => {
    const { id } = hub.member('user');
    await hub.http().put(`${base}/${id}/present`).set(owner).send({}).expect(400);
    await hub.http().put(`${base}/${id}/asleep`).set(owner).send({ value: 'yes' }).expect(400);
    await hub.http().put(`${base}/me/present`).set(owner).send({ value: 1 }).expect(400);
    await hub.http().put(`${base}/me/asleep`).set(owner).send({ value: true, opts: { forceFlowTrigger: 'yes' } }).expect(400);
  });

  it('when a guest reads or sets another user, or reads the state, then 403', async () => {
    const guest = hub.member('guest', ['homey']);
    const { id } = hub.member('user');
    await hub.http().get(`${base}/${id}/present`).set(guest.auth).expect(403);
    await hub.http().get(`${base}/${id}/asleep`).set(guest.auth).expect(403);
    await hub.http().put(`${base}/${id}/present`).set(guest.auth).send({ value: true }).expect(403);
    await hub.http().put(`${base}/${id}/asleep`).set(guest.auth).send({ value: true }).expect(403);
    await hub.http().get(`${base}/state`).set(guest.auth).expect(403);
    const bare = bearer(hub.tokenWith(['homey.device.readonly']));
    await hub.http().put(`${base}/me/present`).set(bare).send({ value: true }).expect(403);
  });

  it('when the user is unknown, then 404', async () => {
    await hub.http().get(`${base}/nobody/present`).set(owner).expect(404);
    await hub.http().get(`${base}/__proto__/asleep`).set(owner).expect(404);
    await hub.http().put(`${base}/nobody/asleep`).set(owner).send({ value: true }).expect(404);
    await hub.http().put(`${base}/constructor/present`).set(owner).send({ value: true }).expect(404);
  });

  it('when a presence is set, then subscribers of homey:manager:users get user.update', async () => {
    const { id } = hub.member('user');
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id);
    try {
      const [subscribeError] = await client.request('subscribe', 'homey:manager:users');
      expect(subscribeError).toBeNull();
      const updated = client.next('homey:manager:users', (event, data) => event === 'user.update' && (data as { id: string }).id === id);
      await hub.http().put(`${base}/${id}/asleep`).set(owner).send({ value: true }).expect(204);
      expect((await updated).data).toMatchObject({ id, asleep: true });
    } finally {
      client.close();
    }
  });

  it('when a value changes or forceFlowTrigger is set, then the hook fires; an unchanged value without it does not', async () => {
    const member = hub.member('user');
    const events: PresenceEvent[] = [];
    const stop = onPresenceChanged(hub.hub, (event) => events.push(event));
    try {
      await hub.http().put(`${base}/me/present`).set(member.auth).send({ value: true }).expect(204);
      await hub.http().put(`${base}/me/present`).set(member.auth).send({ value: true }).expect(204);
      await hub.http().put(`${base}/me/present`).set(member.auth).send({ value: true, opts: { forceFlowTrigger: true } }).expect(204);
      await hub.http().put(`${base}/${member.id}/asleep`).set(owner).send({ value: false }).expect(204);
      await hub.http().put(`${base}/${member.id}/asleep`).set(owner).send({ value: true }).expect(204);
    } finally {
      stop();
    }
    expect(events).toEqual([
      { userId: member.id, kind: 'present', value: true, forced: false },
      { userId: member.id, kind: 'present', value: true, forced: true },
      { userId: member.id, kind: 'asleep', value: true, forced: false },
    ]);
  });
});

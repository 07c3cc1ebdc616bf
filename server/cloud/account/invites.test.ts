import { startTestAccount, type TestAccount } from './testing/test-account.js';

describe('account service: hub users and invitations', () => {
  let cloud: TestAccount;
  beforeAll(async () => {
    cloud = await startTestAccount();
  });
  afterAll(() => cloud.stop());

  async function household() {
    const owner = await cloud.user();
    const guest = await cloud.user();
    const { body: homey } = await cloud.http().post('/homey/').set(owner.auth).send({ name: 'Home' }).expect(200);
    return { owner, guest, hubId: homey._id as string };
  }

  it('when the owner invites and the account accepts, then the hub is in its homeys with the role and the token is handed over', async () => {
    const { owner, guest, hubId } = await household();
    const { body: sent } = await cloud.http().post(`/homey/${hubId}/user`).set(owner.auth).send({ user: guest.id, role: 'guest', token: 'inv-1' }).expect(200);
    expect(sent).toMatchObject({ homeyId: hubId, homeyName: 'Home', inviterId: owner.id, userId: guest.id, role: 'guest', token: 'inv-1', acceptedAt: null });
    expect((await cloud.http().get('/user/me').set(guest.auth).expect(200)).body.homeys).toEqual([]);
    const { body: accepted } = await cloud.http().post(`/user/${guest.id}/accept_invite/${owner.id}`).set(guest.auth).expect(200);
    expect(accepted).toEqual([{ ...sent, acceptedAt: expect.any(String) }]);
    const { body: me } = await cloud.http().get('/user/me').set(guest.auth).expect(200);
    expect(me.homeys).toMatchObject([{ _id: hubId, role: 'guest', ownerId: owner.id }]);
    expect((await cloud.http().get('/user/me/accepted_invites').set(guest.auth).expect(200)).body).toEqual(accepted);
    await cloud.http().post(`/user/${guest.id}/accept_invite/${owner.id}`).set(guest.auth).expect(404);
    await cloud.http().post(`/homey/${hubId}/user`).set(owner.auth).send({ user: guest.id, role: 'user' }).expect(409);
  });

  it('when a member who is not the owner changes the record, invites or resets, then 403', async () => {
    const { owner, guest, hubId } = await household();
    await cloud.http().post(`/homey/${hubId}/user`).set(owner.auth).send({ user: guest.id, role: 'manager' }).expect(200);
    await cloud.http().post(`/user/${guest.id}/accept_invite/${owner.id}`).set(guest.auth).expect(200);
    await cloud.http().put(`/homey/${hubId}`).set(guest.auth).send({ name: 'Mine' }).expect(403);
    await cloud.http().delete(`/homey/${hubId}`).set(guest.auth).expect(403);
    await cloud.http().post(`/homey/${hubId}/user`).set(guest.auth).send({ user: owner.id, role: 'guest' }).expect(403);
    await cloud.http().post(`/homey/${hubId}/user/reset`).set(guest.auth).expect(403);
    await cloud.http().delete(`/homey/${hubId}/user/${owner.id}`).set(guest.auth).expect(403);
    await cloud.http().get(`/homey/${hubId}/metadata`).set(guest.auth).expect(200);
  });

  it('when a member leaves or the owner removes one, then the hub is gone from their homeys; the owner cannot be removed', async () => {
    const { owner, guest, hubId } = await household();
    await cloud.http().post(`/homey/${hubId}/user`).set(owner.auth).send({ user: guest.id, role: 'user' }).expect(200);
    await cloud.http().post(`/user/${guest.id}/accept_invite/${owner.id}`).set(guest.auth).expect(200);
    await cloud.http().delete(`/homey/${hubId}/user/${guest.id}`).set(guest.auth).expect(204);
    expect((await cloud.http().get('/user/me').set(guest.auth).expect(200)).body.homeys).toEqual([]);
    await cloud.http().get(`/homey/${hubId}`).set(guest.auth).expect(404);
    await cloud.http().delete(`/homey/${hubId}/user/${guest.id}`).set(owner.auth).expect(404);
    const res = await cloud.http().delete(`/homey/${hubId}/user/${owner.id}`).set(owner.auth).expect(409);
    expect(res.body.error).toBe('conflict');
  });

  it('when the owner resets, then every other user and invitation is gone', async () => {
    const { owner, guest, hubId } = await household();
    const third = await cloud.user();
    await cloud.http().post(`/homey/${hubId}/user`).set(owner.auth).send({ user: guest.id, role: 'user' }).expect(200);
    await cloud.http().post(`/user/${guest.id}/accept_invite/${owner.id}`).set(guest.auth).expect(200);
    await cloud.http().post(`/homey/${hubId}/user`).set(owner.auth).send({ user: third.id, role: 'user' }).expect(200);
    await cloud.http().post(`/homey/${hubId}/user/reset`).set(owner.auth).expect(204);
    await cloud.http().get(`/homey/${hubId}`).set(guest.auth).expect(404);
    await cloud.http().post(`/user/${third.id}/accept_invite/${owner.id}`).set(third.auth).expect(404);
    await cloud.http().get(`/homey/${hubId}`).set(owner.auth).expect(200);
  });

  it("when inviting an unknown account, accepting for someone else or a stranger's hub is touched, then 404, 403, 404", async () => {
    const { owner, guest, hubId } = await household();
    await cloud.http().post(`/homey/${hubId}/user`).set(owner.auth).send({ user: '0123456789abcdef01234567', role: 'user' }).expect(404);
    await cloud.http().post(`/homey/${hubId}/user`).set(owner.auth).send({ user: guest.id, role: 'owner' }).expect(400);
    await cloud.http().post(`/homey/${hubId}/user`).set(owner.auth).send({ user: guest.id, role: 'user' }).expect(200);
    await cloud.http().post(`/user/${guest.id}/accept_invite/${owner.id}`).set(owner.auth).expect(403);
    await cloud.http().post(`/homey/${hubId}/user`).set(guest.auth).send({ user: owner.id, role: 'user' }).expect(404);
    await cloud.http().post(`/homey/${hubId}/user/reset`).set(guest.auth).expect(404);
  });
});

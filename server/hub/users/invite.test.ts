import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';


describe('inviting users and handing over ownership', () => {
  let hub: TestHub;
  let ownerId: string;
  const owner = () => bearer(hub.token);
  const invite = async (role = 'user') => (await hub.http().post('/api/manager/users/user').set(owner()).send({ role }).expect(200)).body;
  const accept = (body: object) => hub.http().post('/api/manager/users/accept').send({ secret: 'cloud-secret', ...body });
  /** An invited user who accepted with this cloud account, and a session token of theirs. */
  const joined = async (athomId: string, role = 'user') => {
    const { id, inviteToken } = await invite(role);
    await accept({ athomId, inviteToken, name: athomId }).expect(200);
    const { body: token } = await hub.http().post('/api/manager/users/login').send({ token: await hub.cloudToken({ sub: athomId }) }).expect(200);
    return { id, auth: bearer(token) };
  };

  beforeAll(async () => {
    hub = await startTestHub({ cloudSharedSecret: 'cloud-secret' });
    ownerId = hub.hub.sessions.authenticate(hub.token)!.user.id;
  });
  afterAll(() => hub.stop());

  it('when the invitee accepts through the cloud, then the user is bound and verified and can log in', async () => {
    const { id, inviteToken } = await invite('guest');
    await hub.http().post('/api/manager/users/login').send({ token: await hub.cloudToken({ sub: 'cloud-anna' }) }).expect(403);
    const { body } = await accept({ athomId: 'cloud-anna', inviteToken, name: 'Anna' }).expect(200);
    expect(body).toMatchObject({ id, athomId: 'cloud-anna', name: 'Anna', verified: true, role: 'guest' });
    await hub.http().post('/api/manager/users/login').send({ token: await hub.cloudToken({ sub: 'cloud-anna' }) }).expect(200);
  });

  it('when an invite is unknown, used twice, or its cloud account is already a user, then 404 or 409', async () => {
    const unknown = await accept({ athomId: 'cloud-x', inviteToken: 'nope', name: 'X' }).expect(404);
    expect(unknown.body.error_description).toBe('Invite not found');
    const { inviteToken } = await invite();
    await accept({ athomId: 'cloud-bea', inviteToken, name: 'Bea' }).expect(200);
    const again = await accept({ athomId: 'cloud-bea2', inviteToken, name: 'Bea' }).expect(409);
    expect(again.body.error_description).toBe('This invite was already accepted');
    const second = await invite();
    const taken = await accept({ athomId: 'cloud-bea', inviteToken: second.inviteToken, name: 'Bea' }).expect(409);
    expect(taken.body.error_description).toBe('This cloud account is already a user of this hub');
    await accept({ athomId: 'cloud-cas', inviteToken: second.inviteToken, name: 'Cas' }).expect(200);
  });

  it('when the shared secret of the cloud is wrong or missing, then 403 and the invite stays usable', async () => {
    const { inviteToken } = await invite();
    const wrong = await accept({ secret: 'guess', athomId: 'cloud-dee', inviteToken, name: 'Dee' }).expect(403);
    expect(wrong.body.error_description).toBe('Wrong or missing shared secret');
    await hub.http().post('/api/manager/users/accept').send({ athomId: 'cloud-dee', inviteToken, name: 'Dee' }).expect(403);
    await accept({ athomId: 'cloud-dee', inviteToken, name: 'Dee' }).expect(200);
  });

  it('when the acceptance lacks a field, then 400 names it', async () => {
    const { body } = await accept({ athomId: 'cloud-y', name: 'Y' }).expect(400);
    expect(body.error_description).toMatch(/inviteToken/);
  });

  it('when the invited user is deleted before accepting, then the invite is gone', async () => {
    const { id, inviteToken } = await invite();
    await hub.http().delete(`/api/manager/users/user/${id}`).set(owner()).expect(204);
    await accept({ athomId: 'cloud-late', inviteToken, name: 'Late' }).expect(404);
  });

  it('when someone other than the owner swaps the owner, then 403', async () => {
    const manager = await joined('cloud-manager', 'manager');
    const { body } = await hub.http().post('/api/manager/users/swap-owner').set(manager.auth).send({ newOwnerUserId: manager.id }).expect(403);
    expect(body.error_description).toBe('Only the owner can hand over ownership');
    await hub.http().post('/api/manager/users/swap-owner').send({ newOwnerUserId: manager.id }).expect(401);
  });

  it('when the new owner is unknown, pending or the owner, then 404 or 409; a missing id 400', async () => {
    await hub.http().post('/api/manager/users/swap-owner').set(owner()).send({ newOwnerUserId: 'nope' }).expect(404);
    const pending = await invite();
    const refused = await hub.http().post('/api/manager/users/swap-owner').set(owner()).send({ newOwnerUserId: pending.id }).expect(409);
    expect(refused.body.error_description).toBe('The new owner must be an enabled user who accepted their invite');
    await hub.http().post('/api/manager/users/swap-owner').set(owner()).send({ newOwnerUserId: ownerId }).expect(409);
    const missing = await hub.http().post('/api/manager/users/swap-owner').set(owner()).send({}).expect(400);
    expect(missing.body.error_description).toMatch(/newOwnerUserId/);
  });

  it('when the owner hands over to a user, then that user becomes the owning manager and the old owner a manager', async () => {
    const next = await joined('cloud-heir', 'user');
    const { body } = await hub.http().post('/api/manager/users/swap-owner').set(owner()).send({ newOwnerUserId: next.id }).expect(200);
    expect(body).toMatchObject({ id: next.id, role: 'manager', isOwner: true });
    const { body: old } = await hub.http().get(`/api/manager/users/user/${ownerId}`).set(owner()).expect(200);
    expect(old).toMatchObject({ role: 'manager', isOwner: false });
    const { body: state } = await hub.http().get('/api/manager/users/state').set(owner()).expect(200);
    expect(state.ownerId).toBe(next.id);
    await hub.http().post('/api/manager/users/swap-owner').set(owner()).send({ newOwnerUserId: ownerId }).expect(403);
    await hub.http().post('/api/manager/users/swap-owner').set(next.auth).send({ newOwnerUserId: ownerId }).expect(200);
  });
});

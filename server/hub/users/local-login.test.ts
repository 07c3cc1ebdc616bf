import { connectRealtime } from '../testing/realtime-client.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const client = { clientId: 'wall-tablet', clientName: 'Wall tablet' };

describe('local credentials and local login, on a hub without a cloud key', () => {
  let hub: TestHub;
  let ownerId: string;
  const owner = () => bearer(hub.token);
  const loginLocal = (body: object) => hub.http().post('/api/manager/users/login-local').send(body);

  beforeAll(async () => {
    hub = await startTestHub({ cloudPublicKey: undefined });
    ownerId = hub.hub.sessions.authenticate(hub.token)!.user.id;
  });
  afterAll(() => hub.stop());

  it('when no cloud key is configured, then a delegated login answers 401 saying so', async () => {
    const { body } = await hub.http().post('/api/manager/users/login').send({ token: 'eyJhbGciOiJFUzI1NiJ9.e30.c2ln' }).expect(401);
    expect(body).toMatchObject({ error: 'invalid_token', error_description: expect.stringMatching(/no public key of the cloud account service/) });
  });

  it('when a user sets local credentials, then it can log in locally and use the session', async () => {
    const anna = hub.member('user');
    await hub.http().put('/api/manager/users/user/me/local-credentials').set(anna.auth).send({ username: 'anna', password: 'correct horse' }).expect(204);
    const { body: token } = await loginLocal({ username: 'ANNA', password: 'correct horse', ...client }).expect(200);
    const { body: session } = await hub.http().get('/api/manager/sessions/session/me').set(bearer(token)).expect(200);
    expect(session).toMatchObject({ type: 'OAUTH', agent: 'wall-tablet', clientName: 'Wall tablet', userId: anna.id });
  });

  it('when the password or username is wrong, then 401 without saying which', async () => {
    const bob = hub.member('user');
    await hub.http().put('/api/manager/users/user/me/local-credentials').set(bob.auth).send({ username: 'bob', password: 'bobs password' }).expect(204);
    const wrong = await loginLocal({ username: 'bob', password: 'guess1234', ...client }).expect(401);
    expect(wrong.body).toMatchObject({ error: 'invalid_credentials', error_description: 'Wrong username or password' });
    const unknown = await loginLocal({ username: 'nobody', password: 'guess1234', ...client }).expect(401);
    expect(unknown.body.error_description).toBe('Wrong username or password');
  });

  it('when local login lacks a field, then 400 names it', async () => {
    const { body } = await loginLocal({ username: 'bob', password: 'x', clientName: 'Tablet' }).expect(400);
    expect(body.error_description).toMatch(/clientId/);
  });

  it('when the user is disabled, then local login answers 403', async () => {
    const cas = hub.member('user');
    await hub.http().put('/api/manager/users/user/me/local-credentials').set(cas.auth).send({ username: 'cas', password: 'cas password' }).expect(204);
    await hub.http().put(`/api/manager/users/user/${cas.id}`).set(owner()).send({ enabled: false }).expect(200);
    await loginLocal({ username: 'cas', password: 'cas password', ...client }).expect(403);
  });

  it('when own credentials are bad, taken or missing the scope, then 400, 409 or 403', async () => {
    const dan = hub.member('guest');
    const short = await hub.http().put('/api/manager/users/user/me/local-credentials').set(dan.auth).send({ username: 'dan', password: 'short' }).expect(400);
    expect(short.body.error_description).toMatch(/password/);
    await hub.http().put('/api/manager/users/user/me/local-credentials').set(dan.auth).send({ username: 'no spaces', password: 'long enough' }).expect(400);
    await hub.http().put('/api/manager/users/user/me/local-credentials').set(owner()).send({ username: 'taken', password: 'long enough' }).expect(204);
    const taken = await hub.http().put('/api/manager/users/user/me/local-credentials').set(dan.auth).send({ username: 'Taken', password: 'long enough' }).expect(409);
    expect(taken.body.error_description).toBe('The username Taken is already taken');
    const noScope = hub.member('user', ['homey.zone']).auth;
    await hub.http().put('/api/manager/users/user/me/local-credentials').set(noScope).send({ username: 'z', password: 'long enough' }).expect(403);
    await hub.http().delete('/api/manager/users/user/me/local-credentials').set(noScope).expect(403);
    await hub.http().put('/api/manager/users/user/me/local-credentials').send({ username: 'z', password: 'long enough' }).expect(401);
    await hub.http().delete('/api/manager/users/user/me/local-credentials').expect(401);
  });

  it('when a user removes its own credentials, then local login stops working; removing again 404', async () => {
    const eve = hub.member('user');
    await hub.http().put('/api/manager/users/user/me/local-credentials').set(eve.auth).send({ username: 'eve', password: 'eve password' }).expect(204);
    await hub.http().delete('/api/manager/users/user/me/local-credentials').set(eve.auth).expect(204);
    await loginLocal({ username: 'eve', password: 'eve password', ...client }).expect(401);
    await hub.http().delete('/api/manager/users/user/me/local-credentials').set(eve.auth).expect(404);
  });

  it("when a manager sets and removes another user's credentials, then they work and then stop", async () => {
    const fay = hub.member('guest');
    const manager = hub.member('manager');
    await hub.http().put(`/api/manager/users/user/${fay.id}/local-credentials`).set(manager.auth).send({ username: 'fay', password: 'fay password' }).expect(204);
    await loginLocal({ username: 'fay', password: 'fay password', ...client }).expect(200);
    await hub.http().delete(`/api/manager/users/user/${fay.id}/local-credentials`).set(manager.auth).expect(204);
    await loginLocal({ username: 'fay', password: 'fay password', ...client }).expect(401);
    await hub.http().delete(`/api/manager/users/user/${fay.id}/local-credentials`).set(manager.auth).expect(404);
  });

  it("when a non-manager or a plain manager targets someone else's credentials, then 403; bad input 400; unknown user 404", async () => {
    const gus = hub.member('user');
    const denied = await hub.http().put(`/api/manager/users/user/${ownerId}/local-credentials`).set(gus.auth).send({ username: 'gus', password: 'gus password' }).expect(403);
    expect(denied.body.error_description).toBe("Only managers can change another user's local credentials");
    await hub.http().delete(`/api/manager/users/user/${ownerId}/local-credentials`).set(gus.auth).expect(403);
    const manager = hub.member('manager');
    const ownerOnly = await hub.http().put(`/api/manager/users/user/${ownerId}/local-credentials`).set(manager.auth).send({ username: 'own', password: 'own password' }).expect(403);
    expect(ownerOnly.body.error_description).toBe("Only the owner can change the owner's local credentials");
    await hub.http().put(`/api/manager/users/user/${gus.id}/local-credentials`).set(manager.auth).send({ username: 'gus' }).expect(400);
    await hub.http().put('/api/manager/users/user/nope/local-credentials').set(manager.auth).send({ username: 'n', password: 'long enough' }).expect(404);
    await hub.http().put(`/api/manager/users/user/${gus.id}/local-credentials`).send({ username: 'n', password: 'long enough' }).expect(401);
    await hub.http().delete(`/api/manager/users/user/${gus.id}/local-credentials`).expect(401);
  });

  it('when a caller who may not change the credentials sends invalid ones, then 403 before any input rule shows', async () => {
    const guest = hub.member('guest');
    const manager = hub.member('manager');
    for (const [caller, target] of [[guest, manager.id], [manager, ownerId]] as const) {
      const res = await hub.http().put(`/api/manager/users/user/${target}/local-credentials`).set(caller.auth).send({ username: '', password: 'x' }).expect(403);
      expect(res.body.error_description).not.toMatch(/password|username/);
    }
    const [error] = await (async () => {
      const client = await connectRealtime(hub.url, guest.token, hub.hub.id);
      try {
        return await client.request('api', { uri: 'homey:manager:users', operation: 'updateUserLocalCredentials', args: { id: ownerId, password: 'x' } });
      } finally {
        client.close();
      }
    })();
    expect(error).toMatchObject({ statusCode: 403 });
  });

  it('when a user with credentials is deleted, then its username is free again', async () => {
    const hal = hub.member('user');
    await hub.http().put('/api/manager/users/user/me/local-credentials').set(hal.auth).send({ username: 'hal', password: 'hal password' }).expect(204);
    await hub.http().delete(`/api/manager/users/user/${hal.id}`).set(owner()).expect(204);
    await loginLocal({ username: 'hal', password: 'hal password', ...client }).expect(401);
    await hub.http().put('/api/manager/users/user/me/local-credentials').set(hub.member('user').auth).send({ username: 'hal', password: 'new password' }).expect(204);
  });
});

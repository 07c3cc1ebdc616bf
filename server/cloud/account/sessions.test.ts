import { FakeClock } from '../../http/clock.js';
import { APP, startTestAccount, type TestAccount } from './testing/test-account.js';

describe("account service: an account's sessions", () => {
  const clock = new FakeClock(Date.parse('2026-11-23T12:00:00Z'));
  let cloud: TestAccount;
  beforeAll(async () => {
    cloud = await startTestAccount({ clock });
  });
  afterAll(() => cloud.stop());

  it('when an account signed in twice, then both sessions are listed, the caller marked, and a refresh keeps its start', async () => {
    const user = await cloud.user();
    clock.advance(60_000);
    const second = await cloud.tokens(user.email, undefined, 'account');
    await cloud.http().post('/oauth2/token').auth(APP.id, APP.secret).type('form').send({ grant_type: 'refresh_token', refresh_token: second.refresh_token }).expect(200);
    const { body } = await cloud.http().get(`/user/${user.id}/session`).set(user.auth).expect(200);
    expect(body).toHaveLength(2);
    expect(body[0]).toMatchObject({ clientId: APP.id, clientName: APP.name, scopes: ['account'], signedInAt: '2026-11-23T12:01:00.000Z', current: false });
    expect(body[1]).toMatchObject({ scopes: ['account', 'homey'], signedInAt: '2026-11-23T12:00:00.000Z', current: true });
  });

  it('when a session is ended, then its tokens stop working at once and it is not listed; ended again, 404', async () => {
    const user = await cloud.user();
    const other = await cloud.tokens(user.email);
    const { body } = await cloud.http().get(`/user/${user.id}/session`).set(user.auth).expect(200);
    const target = body.find((session: { current: boolean }) => !session.current);
    await cloud.http().delete(`/user/${user.id}/session/${target._id}`).set(user.auth).expect(204);
    await cloud.http().get('/user/me').set('Authorization', `Bearer ${other.access_token}`).expect(401);
    await cloud.http().post('/oauth2/token').auth(APP.id, APP.secret).type('form').send({ grant_type: 'refresh_token', refresh_token: other.refresh_token }).expect(400);
    expect((await cloud.http().get(`/user/${user.id}/session`).set(user.auth).expect(200)).body).toHaveLength(1);
    await cloud.http().delete(`/user/${user.id}/session/${target._id}`).set(user.auth).expect(404);
  });

  it("when another account's sessions are read or ended, then 403", async () => {
    const anna = await cloud.user();
    const ben = await cloud.user();
    const { body } = await cloud.http().get(`/user/${ben.id}/session`).set(ben.auth).expect(200);
    await cloud.http().get(`/user/${ben.id}/session`).set(anna.auth).expect(403);
    await cloud.http().delete(`/user/${ben.id}/session/${body[0]._id}`).set(anna.auth).expect(403);
  });
});

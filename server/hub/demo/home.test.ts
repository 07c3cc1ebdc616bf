import { demoToken, ensureDemoToken } from './home.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

describe('the demo token npm start prints', () => {
  let hub: TestHub;

  beforeEach(async () => {
    hub = await startTestHub();
  });
  afterEach(() => hub.stop());

  const expectOwnersDemoToken = (token: string, ownerId: string) =>
    expect(hub.hub.sessions.authenticate(token)).toMatchObject({
      type: 'PAT',
      user: { id: ownerId, isOwner: true },
      item: { name: 'Demo token', scopes: ['homey'] },
    });

  it('when the stored token still works for the owner, then it is the one printed, unchanged', () => {
    expect(ensureDemoToken(hub.hub)).toEqual({ token: hub.token });
    expect(demoToken(hub.hub)).toBe(hub.token);
  });

  it('when the stored token was revoked, then a new one is issued for the owner, stored, and said to replace a revoked one', async () => {
    const ownerId = hub.hub.sessions.authenticate(hub.token)!.user.id;
    const { body: me } = await hub.http().get('/api/manager/sessions/session/me').set(bearer(hub.token)).expect(200);
    await hub.http().delete(`/api/manager/users/pat/${me.id}`).set(bearer(hub.token)).expect(204);

    const ensured = ensureDemoToken(hub.hub);
    expect(ensured).toEqual({ token: expect.any(String), replaced: 'revoked' });
    expect(ensured.token).not.toBe(hub.token);
    expectOwnersDemoToken(ensured.token, ownerId);
    await hub.http().get('/api/manager/zones/zone').set(bearer(ensured.token)).expect(200);
    expect(demoToken(hub.hub)).toBe(ensured.token);
    expect(ensureDemoToken(hub.hub)).toEqual({ token: ensured.token });
  });

  it("when ownership was handed over, then a new token is issued for the new owner; the former owner's token is left to them", async () => {
    const next = hub.member('user');
    await hub.http().post('/api/manager/users/swap-owner').set(bearer(hub.token)).send({ newOwnerUserId: next.id }).expect(200);

    const ensured = ensureDemoToken(hub.hub);
    expect(ensured).toEqual({ token: expect.any(String), replaced: 'ownerChanged' });
    expectOwnersDemoToken(ensured.token, next.id);
    expect(demoToken(hub.hub)).toBe(ensured.token);
    expect(hub.hub.sessions.authenticate(hub.token)).not.toBeNull();
  });
});

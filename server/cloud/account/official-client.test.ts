import { AthomCloudAPI } from 'homey-api';
import { FakeClock } from '../../http/clock.js';
import { startTestHub, type TestHub } from '../../hub/testing/test-hub.js';
import { newUser } from '../../hub/users/users.js';
import { APP, PASSWORD, startTestAccount, type TestAccount } from './testing/test-account.js';

/**
 * The official cloud client (homey-api 3.20.0's AthomCloudAPI), unchanged, against the account service: the fields
 * of our answers its own code reads (lib/AthomCloudAPI.js and its User, Homey and Token classes), not only that each
 * request is served. The operations themselves are compared with its specification in ../official-specs.test.ts.
 */
interface OfficialHomey {
  id: string;
  apiVersion: number;
  platform: string;
  name: string;
  authenticate(options: { strategy: string[] }): Promise<{ zones: { getZones(): Promise<Record<string, { name: string }>> } }>;
}
interface OfficialUser {
  id: string;
  devices: unknown[];
  getHomeys(): OfficialHomey[];
  getFirstHomey(): OfficialHomey;
  getHomeyById(id: string): OfficialHomey;
  hasRole(role: string): boolean;
}
interface OfficialCloud {
  authenticateWithPassword(username: string, password: string): Promise<{ token_type: string; access_token: string; refresh_token: string; expires_in: number }>;
  getAuthenticatedUser(options?: { $cache?: boolean }): Promise<OfficialUser>;
  createDelegationToken(args: { audience: string }): Promise<string>;
  verifyDelegationTokenCached(args: { token: string; audience: string }): Promise<{ sub?: string; aud?: string }>;
  updateUserMe(fields: { firstname?: string }): Promise<{ firstname: string }>;
  updateUserMeAvatar(image: Buffer, type: 'png'): Promise<unknown>;
}

/** The smallest PNG: one transparent pixel. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

describe('the official cloud client (homey-api 3.20.0 AthomCloudAPI) against the account service', () => {
  // Starts at the machine's time: the official client checks a delegation token's expiry against it (jsonwebtoken).
  const clock = new FakeClock(Date.now());
  let cloud: TestAccount;
  let hub: TestHub;
  let official: OfficialCloud;
  let user: { id: string; email: string };
  let lifetime: number;
  const hubs: string[] = [];
  beforeAll(async () => {
    cloud = await startTestAccount({ clock });
    user = await cloud.signUp();
    const { body: cloudPublicKey } = await cloud.http().get('/delegation/key').expect(200);
    hub = await startTestHub({ cloudPublicKey });
    hub.hub.store.insert('user', newUser({ name: 'Anna', athomId: user.id, verified: true, role: 'user' }));
    official = new AthomCloudAPI({ baseUrl: cloud.url, clientId: APP.id, clientSecret: APP.secret, redirectUrl: APP.redirectUris[0]! }) as unknown as OfficialCloud;
  });
  afterAll(async () => {
    await hub.stop();
    await cloud.stop();
  });

  it('when it signs in with a password, then the token carries what its Token keeps', async () => {
    const token = await official.authenticateWithPassword(user.email, PASSWORD);
    lifetime = token.expires_in;
    expect(token).toMatchObject({ token_type: expect.stringMatching(/^bearer$/i), access_token: expect.any(String), refresh_token: expect.any(String), expires_in: expect.any(Number) });
  });

  it('when it reads the signed-in user, then its User finds the hubs in the order added, the devices and the roles', async () => {
    const accessToken = (await cloud.tokens(user.email)).access_token;
    for (const record of [{ _id: hub.hub.id, name: 'Home', localUrl: hub.url }, { name: 'Cabin' }]) {
      hubs.push((await cloud.http().post('/homey/').set('Authorization', `Bearer ${accessToken}`).send({ ...record, platform: 'local', apiVersion: 3 }).expect(200)).body._id);
    }
    const me = await official.getAuthenticatedUser({ $cache: false });
    expect(me.id).toBe(user.id);
    expect(me.devices).toEqual([]);
    expect(me.hasRole('admin')).toBe(false);
    expect(me.getHomeys().map((homey) => homey.id)).toEqual(hubs);
    expect(me.getFirstHomey()).toMatchObject({ id: hubs[0], name: 'Home', apiVersion: 3, platform: 'local' });
    expect(me.getHomeyById(hubs[1]!).name).toBe('Cabin');
  });

  it("when its Homey signs in at the hub's local address, then the hub opens a session with the account's delegation token", async () => {
    const session = await (await official.getAuthenticatedUser()).getFirstHomey().authenticate({ strategy: ['local'] });
    expect(Object.values(await session.zones.getZones()).length).toBeGreaterThan(0);
  });

  it('when its access token has expired, then the 401 names invalid_token and it refreshes and retries on its own', async () => {
    clock.advance((lifetime + 1) * 1000);
    expect((await official.getAuthenticatedUser({ $cache: false })).id).toBe(user.id);
  });

  it('when it makes a delegation token and verifies it with the published key, then the token is the user\'s for that audience', async () => {
    const token = await official.createDelegationToken({ audience: 'homey' });
    expect(typeof token).toBe('string');
    expect(await official.verifyDelegationTokenCached({ token, audience: 'homey' })).toMatchObject({ aud: 'homey' });
  });

  it('when it changes the user\'s name and avatar, then the account answers and keeps them', async () => {
    expect(await official.updateUserMe({ firstname: 'Anna' })).toMatchObject({ firstname: 'Anna' });
    await official.updateUserMeAvatar(PIXEL, 'png');
    const me = (await cloud.http().get('/user/me').set('Authorization', `Bearer ${(await cloud.tokens(user.email)).access_token}`).expect(200)).body;
    expect(me).toMatchObject({ firstname: 'Anna', avatar: expect.anything() });
  });
});

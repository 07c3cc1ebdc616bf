import { signInOnPage } from '../server/cloud/account/oauth/testing.js';
import { FakeClock } from '../server/http/clock.js';
import { APP, startTestAccount, type TestAccount } from '../server/cloud/account/testing/test-account.js';
import { startTestHub, type TestHub } from '../server/hub/testing/test-hub.js';
import { newUser } from '../server/hub/users/users.js';
import { CloudAPI } from './cloud/cloud-api.js';
import { MemoryStorageAdapter } from './cloud/storage.js';

/**
 * Seed 001 end to end, against the real account service and a real hub started in-process: authorise → sign in on
 * the page → code → token → user → hubs → delegated hub login → devices → realtime update → token expiry →
 * refresh → retry.
 */
describe('seed 001: a developer signs a user in and controls a device of their hub', () => {
  const clock = new FakeClock(Date.now());
  let cloud: TestAccount;
  let hub: TestHub;
  beforeAll(async () => {
    cloud = await startTestAccount({ clock });
    const { body: cloudPublicKey } = await cloud.http().get('/delegation/key').expect(200);
    hub = await startTestHub({ cloudPublicKey, clock });
  });
  afterAll(async () => {
    await hub.stop();
    await cloud.stop();
  });

  it('when the whole story runs, then every step answers as the seed says', async () => {
    const { id: userId, email } = await cloud.signUp();
    hub.hub.store.insert('user', newUser({ name: 'Anna', athomId: userId, verified: true, role: 'manager' }));
    const store = new MemoryStorageAdapter();
    const api = new CloudAPI({ baseUrl: cloud.url, clientId: APP.id, clientSecret: APP.secret, redirectUrl: APP.redirectUris[0], store });

    // authorise → sign in on the page → code → token
    const redirect = await signInOnPage(await api.getLoginUrl({ state: 'story', scopes: ['account', 'homey'] }), email);
    const history = { state: null, replaceState: jest.fn() };
    const token = await api.authenticateFromLocation({ href: redirect.href }, history);
    expect(history.replaceState).toHaveBeenCalledWith(null, '', APP.redirectUris[0]);
    expect(token?.access_token).toEqual(expect.any(String));

    // user → hubs: the user registers the hub's record, with its real id and local address
    await api.account.createHomey({ data: { _id: hub.hub.id, name: 'Home', localUrl: hub.url } });
    const user = await api.getAuthenticatedUser();
    expect(user.id).toBe(userId);
    expect(user.getFirstHomey()).toMatchObject({ _id: hub.hub.id, role: 'owner', platform: 'local', apiVersion: 3 });

    // delegated hub login (discovery finds it through its localUrl)
    const homey = await user.authenticateHomey({ homeyId: hub.hub.id });
    expect(homey).toMatchObject({ id: hub.hub.id, address: hub.url });
    expect(homey.hasRole('owner')).toBe(true);
    expect(homey.hasScope('homey.device.control')).toBe(true);
    const stored = (await store.get()).homeys?.[hub.hub.id];
    expect(stored?.session?.intersectedScopes).toEqual(['homey']);

    // devices → realtime update
    const devices = Object.values(await homey.devices.getDevices());
    const lamp = devices.find((device) => device.name === 'Floor lamp')!;
    const events: unknown[] = [];
    await homey.subscribe(`homey:device:${lamp.id}`, (event) => event.event === 'capability' && events.push(event.data));
    await hub.http().put(`/api/manager/devices/device/${lamp.id}/capability/onoff`).set('Authorization', `Bearer ${hub.token}`).send({ value: false }).expect(204);
    await waitFor(() => events.length > 0);
    expect(events).toEqual([expect.objectContaining({ capabilityId: 'onoff', value: false })]);
    homey.destroy();

    // token expiry: the cloud token has expired and the hub session was ended; the next hub call answers 401, so the
    // client signs in to the hub again, for which it refreshes the cloud token, and the call is retried once.
    const { body: session } = await hub.http().get('/api/manager/sessions/session/me').set('Authorization', `Bearer ${stored!.token}`).expect(200);
    await hub.http().delete(`/api/manager/sessions/session/${session.id}`).set('Authorization', `Bearer ${hub.token}`).expect(204);
    clock.advance(2 * 60 * 60 * 1000);
    await homey.devices.setCapabilityValue({ deviceId: lamp.id, capabilityId: 'onoff', value: true });
    expect((await homey.devices.getDevice({ id: lamp.id })).capabilitiesObj?.onoff?.value).toBe(true);
    expect((await api.getToken())?.access_token).not.toBe(token!.access_token);
    const renewed = (await store.get()).homeys?.[hub.hub.id]?.token;
    expect(renewed).toEqual(expect.any(String));
    expect(renewed).not.toBe(stored!.token);

    // A later program on the same storage reuses the stored hub session: no new login.
    const again = await new CloudAPI({ baseUrl: cloud.url, clientId: APP.id, clientSecret: APP.secret, store }).getAuthenticatedUser();
    const reused = await again.authenticateHomey();
    await reused.zones.getZones();
    expect((await store.get()).homeys?.[hub.hub.id]?.token).toBe(renewed);
  });
});

async function waitFor(condition: () => boolean, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

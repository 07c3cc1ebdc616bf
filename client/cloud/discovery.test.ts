import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP, PASSWORD, startTestAccount, type TestAccount } from '../../server/cloud/account/testing/test-account.js';
import { createHub, type RunningHub } from '../../server/hub/core/hub.js';
import { mdnsHostName } from '../../server/hub/webserver/mdns.js';
import { startTestHub, type TestHub } from '../../server/hub/testing/test-hub.js';
import { newUser } from '../../server/hub/users/users.js';
import { AllRejectedError } from '../errors.js';
import { CloudAPI } from './cloud-api.js';
import { discoverHub, type HubRecord } from './discovery.js';
import { HubSession, openHubSession } from './hub-session.js';
import { MemoryStorageAdapter } from './storage.js';
import { FAKE_TIMEOUTS_ONLY, watch } from '../testing/fake-timeouts.js';
import { CloudUser } from './user.js';

async function listen(handler: Parameters<typeof createServer>[1] = () => undefined): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function deadAddress(): Promise<string> {
  const { url, server } = await listen();
  await new Promise((resolve) => server.close(resolve));
  return url;
}

describe('hub discovery and hub sessions against a real hub and account service', () => {
  afterEach(() => jest.useRealTimers());
  let cloud: TestAccount;
  let hub: TestHub;
  let hanging: { url: string; server: Server };
  beforeAll(async () => {
    cloud = await startTestAccount();
    const { body: cloudPublicKey } = await cloud.http().get('/delegation/key').expect(200);
    hub = await startTestHub({ cloudPublicKey });
    hanging = await listen();
  });
  afterAll(async () => {
    hanging.server.closeAllConnections();
    hanging.server.close();
    await hub.stop();
    await cloud.stop();
  });
  // Some records break the contract on purpose (platform 'mars'): discovery checks what untyped callers pass.
  const record = (fields: Record<string, unknown> = {}) => ({ _id: hub.hub.id, platform: 'local', apiVersion: 3, ...fields }) as HubRecord;

  describe('discovery', () => {
    it('when the local address answers with the id, then it is found; a failing secure address does not stop it', async () => {
      const found = await discoverHub(record({ localUrl: hub.url, localUrlSecure: await deadAddress() }));
      expect(found).toEqual({ address: hub.url, strategy: 'local' });
    });

    it('when only the forwarded or the cloud address is known, then that strategy finds it', async () => {
      await expect(discoverHub(record({ remoteUrlForwarded: hub.url }))).resolves.toMatchObject({ strategy: 'remoteForwarded' });
      await expect(discoverHub(record({ platform: 'cloud', remoteUrl: hub.url, localUrl: hub.url }))).resolves.toMatchObject({ strategy: 'cloud' });
      await expect(discoverHub(record({ localUrl: hub.url, remoteUrl: hub.url }), ['cloud'])).resolves.toMatchObject({ strategy: 'cloud' });
    });

    it('when the hub answers with another id, then Invalid Homey ID; nothing at the address, No Homey Found At Address', async () => {
      await expect(discoverHub(record({ _id: 'another-hub', localUrl: hub.url }))).rejects.toThrow('Invalid Homey ID');
      await expect(discoverHub(record({ localUrl: await deadAddress() }))).rejects.toThrow('No Homey Found At Address');
    });

    it('when the strategies fail for different reasons, then All Promises rejected with each reason; for one reason, that one', async () => {
      const error = await discoverHub(record({ _id: 'another-hub', localUrl: await deadAddress(), remoteUrlForwarded: hub.url })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AllRejectedError);
      expect(error).toMatchObject({
        message: 'All Promises rejected',
        description: 'local: No Homey Found At Address, remoteForwarded: Invalid Homey ID',
      });
      expect((error as AllRejectedError).errors.map((reason) => (reason as Error).message)).toEqual(['No Homey Found At Address', 'Invalid Homey ID']);
      await expect(discoverHub(record({ localUrl: await deadAddress(), remoteUrl: await deadAddress() }))).rejects.toThrow(
        new Error('No Homey Found At Address'),
      );
    });

    it('when a local address never answers, then it is given up after the local ping time-out (1 s), not before', async () => {
      jest.useFakeTimers(FAKE_TIMEOUTS_ONLY);
      const discovering = watch(discoverHub(record({ localUrl: hanging.url })));
      await jest.advanceTimersByTimeAsync(999);
      expect(discovering.settled()).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await expect(discovering.outcome).resolves.toMatchObject({ message: 'No Homey Found At Address' });
    });

    it('when the record has an unsupported API version, an unknown platform or no address, then it says so', async () => {
      await expect(discoverHub(record({ apiVersion: 1, localUrl: hub.url }))).rejects.toThrow('Unsupported Homey API Version');
      await expect(discoverHub(record({ platform: 'mars', localUrl: hub.url }))).rejects.toThrow('Invalid Homey Platform Version');
      await expect(discoverHub(record({ apiVersion: 2, platform: 'cloud', remoteUrl: hub.url }))).rejects.toThrow('Invalid Homey Platform Version');
      await expect(discoverHub(record({ apiVersion: 2, localUrl: hub.url }))).resolves.toMatchObject({ strategy: 'local' });
      await expect(discoverHub(record())).rejects.toThrow('No Discovery Strategies Available');
      await expect(discoverHub(record({ platform: 'cloud', localUrl: hub.url }))).rejects.toThrow('No Discovery Strategies Available');
      // @ts-expect-error: what an untyped caller may pass (a record without an id)
      await expect(discoverHub({ localUrl: hub.url })).rejects.toThrow('Invalid Homey');
    });

    it('when a hub is asked for by an id the user lacks, then Homey Not Found (404); a user without hubs, No Homey Available', async () => {
      const user = new CloudUser({} as CloudAPI, { _id: 'u', homeys: [], devices: [] });
      expect(() => user.getHomeyById('abc')).toThrow(expect.objectContaining({ message: 'Homey Not Found: abc', statusCode: 404 }));
      expect(() => user.getFirstHomey()).toThrow('No Homey Available');
      // @ts-expect-error: what an untyped caller may pass (no CloudAPI)
      const orphan = new CloudUser(undefined, { _id: 'u', homeys: [{ _id: hub.hub.id, localUrl: hub.url }], devices: [] });
      await expect(orphan.authenticateHomey()).rejects.toThrow('Cannot Sign In: Missing AthomCloudAPI');
    });
  });

  describe('mdns', () => {
    let advertised: RunningHub;
    let dataDir: string;
    let port: number;
    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'hub-mdns-'));
      advertised = createHub({ dataDir, mdns: true, demoHome: false, validateResponses: true, development: true });
      // Reachable at the LAN addresses it advertises, not only on loopback.
      port = Number(new URL(await advertised.listen(0, '0.0.0.0')).port);
    });
    afterAll(async () => {
      await advertised.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('when the record names an mDNS host, then the hub advertising its id on _homey._tcp is found at its LAN address and pinged', async () => {
      const { id } = advertised.hub;
      const found = await discoverHub({ _id: id, platform: 'local', apiVersion: 3, mdnsFqdn: mdnsHostName(advertised.hub) });
      expect(found.strategy).toBe('mdns');
      expect(new URL(found.address).port).toBe(String(port));
      expect(new URL(found.address).hostname).not.toBe('127.0.0.1');
      await expect(fetch(`${found.address}/api/manager/system/ping`).then((r) => r.headers.get('X-Homey-ID'))).resolves.toBe(id);
    });

    it('when no hub advertises the id, then No Homey Found At Address after the mDNS time-out (3 s), not before', async () => {
      jest.useFakeTimers(FAKE_TIMEOUTS_ONLY);
      const discovering = watch(discoverHub(record({ mdnsFqdn: 'homey-gone.local' })));
      await jest.advanceTimersByTimeAsync(2999);
      expect(discovering.settled()).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await expect(discovering.outcome).resolves.toMatchObject({ message: 'No Homey Found At Address', description: 'Not advertised over mDNS within 3000ms' });
    });
  });

  describe('sessions', () => {
    let api: CloudAPI;
    beforeAll(async () => {
      const { id, email } = await cloud.signUp();
      hub.hub.store.insert('user', newUser({ name: 'Ben', athomId: id, verified: true, role: 'guest' }));
      api = new CloudAPI({ baseUrl: cloud.url, clientId: APP.id, clientSecret: APP.secret, store: new MemoryStorageAdapter() });
      await api.authenticateWithPassword({ username: email, password: PASSWORD, scopes: ['account', 'homey'] });
    });

    it('when refreshes of one stale token come together or within 30 s, then one login serves them; after 30 s, a new one', async () => {
      let now = 1_000_000;
      const session = new HubSession(api, hub.hub.id, hub.url, () => now);
      await session.start();
      const first = session.token!;
      await Promise.all([session.refresh(first), session.refresh(first), session.refresh(first)]);
      const second = session.token!;
      expect(second).not.toBe(first);
      now += 29_000;
      await session.refresh(first);
      expect(session.token).toBe(second);
      now += 1_000;
      await session.refresh(first);
      expect(session.token).not.toBe(second);
    });

    it('when the stored hub token is stale, then the first call answers 401, the entry is renewed by a login and the call retried', async () => {
      const hubs = { [hub.hub.id]: { token: 'stale-token', session: { intersectedScopes: ['homey'] } } };
      await api.update({ homeys: hubs });
      const homey = await openHubSession(api, { _id: hub.hub.id, localUrl: hub.url });
      await expect(homey.zones.getZones()).resolves.toBeDefined();
      const renewed = (await api.state()).homeys![hub.hub.id]!;
      expect(renewed.token).not.toBe('stale-token');
      expect(renewed.session?.intersectedScopes).toEqual(expect.arrayContaining(['homey.device.readonly']));
    });

    it('when the handshake answers 401 for a stale stored token, then the session is renewed and the handshake tried once more', async () => {
      await api.update({ homeys: { [hub.hub.id]: { token: 'stale-token' } } });
      const homey = await openHubSession(api, { _id: hub.hub.id, localUrl: hub.url });
      try {
        await homey.connect();
        expect(homey.realtimeState).toBe('connected');
        expect((await api.state()).homeys![hub.hub.id]!.token).not.toBe('stale-token');
      } finally {
        homey.destroy();
      }
    });

    it('when the session is a guest, then hasScope follows its intersected scopes and hasRole the record role', async () => {
      const homey = await openHubSession(api, { _id: hub.hub.id, localUrl: hub.url, role: 'guest' });
      expect(homey.hasScope('homey.device.readonly')).toBe(true);
      expect(homey.hasScope('homey.device.control')).toBe(true);
      expect(homey.hasScope('homey.device')).toBe(false);
      expect(homey.hasScope('homey.system.readonly')).toBe(false);
      expect(homey.hasRole('guest')).toBe(true);
      expect(homey.hasRole('owner')).toBe(false);
      await expect(homey.zones.getZones()).resolves.toBeDefined();
      await expect(homey.system.getInfo()).rejects.toMatchObject({ statusCode: 403 });
    });
  });
});

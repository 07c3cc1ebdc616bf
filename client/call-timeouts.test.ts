import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP, PASSWORD, startTestAccount, type TestAccount } from '../server/cloud/account/testing/test-account.js';
import { eventually } from '../server/hub/apps/testing/eventually.js';
import { FakeClock } from '../server/http/clock.js';
import { startTestHub, type TestHub } from '../server/hub/testing/test-hub.js';
import { newUser } from '../server/hub/users/users.js';
import { CloudAPI } from './cloud/cloud-api.js';
import { FAKE_TIMEOUTS_ONLY, watch } from './testing/fake-timeouts.js';
import { openHubSession } from './cloud/hub-session.js';
import { HubAPI } from './hub/hub-api.js';

const CRASH = 'com.example.crashtest';
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('seed 001 §9 time-outs, on clocks moved by hand', () => {
  afterEach(() => jest.useRealTimers());

  describe('the generic fetch', () => {
    let silent: Server;
    let address: string;
    beforeAll(async () => {
      silent = createServer(() => undefined);
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      address = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    });

    it('when an address given directly never answers the ping, then No Homey Found At Address after 5 s, not before', async () => {
      jest.useFakeTimers(FAKE_TIMEOUTS_ONLY);
      const connecting = watch(HubAPI.connect({ address, token: 'token' }));
      await jest.advanceTimersByTimeAsync(4_999);
      expect(connecting.settled()).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await expect(connecting.outcome).resolves.toMatchObject({ message: 'No Homey Found At Address', description: 'Timeout after 5000ms' });
    });
  });

  describe('hub calls by the API version of the hub record', () => {
    let cloud: TestAccount;
    let hub: TestHub;
    let clock: FakeClock;
    let api: CloudAPI;
    beforeAll(async () => {
      cloud = await startTestAccount();
      const { body: cloudPublicKey } = await cloud.http().get('/delegation/key').expect(200);
      // The hub's clock never moves: its own 30 s limit on an app's answer never ends the call first.
      clock = new FakeClock(Date.now());
      hub = await startTestHub({ demoApps: true, cloudPublicKey, clock });
      const { id, email } = await cloud.signUp();
      hub.hub.store.insert('user', newUser({ name: 'Ben', athomId: id, verified: true, role: 'manager' }));
      api = new CloudAPI({ baseUrl: cloud.url, clientId: APP.id, clientSecret: APP.secret });
      await api.authenticateWithPassword({ username: email, password: PASSWORD, scopes: ['account', 'homey'] });
      await eventually(() => expect(hub.hub.store.get('app', CRASH)).toMatchObject({ state: 'running' }));
    });
    afterAll(async () => {
      await hub.stop();
      await cloud.stop();
    });

    /** A call to an app route that never answers, once the hub holds it (its clock then waits one more timer). */
    async function hangingCall(homey: HubAPI) {
      const waiting = clock.pending;
      const call = watch(homey.apps.call({ appId: CRASH, method: 'GET', path: '/hang' }));
      while (clock.pending === waiting) await turn();
      return call;
    }

    it.each([
      [3, 'the hub platform', 10_000],
      [2, 'the local platform v1', 30_000],
    ] as const)('when the record is API version %i (%s), then a call without an answer fails after %i ms, not before', async (apiVersion, _platform, limit) => {
      const homey = await openHubSession(api, { _id: hub.hub.id, localUrl: hub.url, platform: 'local', apiVersion });
      await expect(homey.zones.getZones()).resolves.toBeDefined();
      jest.useFakeTimers(FAKE_TIMEOUTS_ONLY);
      const call = await hangingCall(homey);
      await jest.advanceTimersByTimeAsync(limit - 1);
      expect(call.settled()).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await expect(call.outcome).resolves.toMatchObject({ name: 'TimeoutError', message: `Timeout after ${limit}ms`, statusCode: 408 });
    });
  });
});

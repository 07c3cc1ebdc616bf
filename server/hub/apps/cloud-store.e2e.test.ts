import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startTestAccount, type TestAccount } from '../../cloud/account/testing/test-account.js';
import { createAppsService, type AppsService } from '../../cloud/apps/service.js';
import { signInForApps } from '../../cloud/apps/testing/account-users.js';
import type { TestUser } from '../../cloud/apps/testing/apps-fixture.js';
import { publishedBuild } from '../../cloud/apps/testing/flows.js';
import { appJson } from '../../cloud/apps/testing/packages.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { syncAppStoreNow } from './store-sync.js';
import { eventually } from './testing/eventually.js';

const SECRET = 'hub-e2e-secret';
const APP = 'com.e2e.hublamp';
/** An app with one flow card that crashes it. */
const manifest = (version: string) => appJson(APP, version, { drivers: [], settings: [], flow: { triggers: [], conditions: [], actions: [{ id: 'crash', title: { en: 'Crash' } }] } });
const APP_JS = `const Homey = require('homey');
module.exports = class Lamps extends Homey.App {
  async onInit() {
    this.homey.flow.getActionCard('crash').registerRunListener(() => {
      setImmediate(() => {
        throw new Error('The lamp melted');
      });
    });
    this.log('Lamps ready');
  }
};
`;

/**
 * The hub and the app store on real servers: a developer publishes on beta, the demo hub (following beta)
 * installs from the store, the app runs and crashes, the developer sees the crash; the hub updates it, reports
 * its use, and keeps installing from its shipped catalogue when the store is unreachable.
 */
describe('the hub installs, updates and reports apps through the cloud app store', () => {
  let account: TestAccount;
  let apps: AppsService;
  let hub: TestHub;
  let dev: TestUser;
  let reviewer: TestUser;
  let appsUrl: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hub-store-e2e-'));
  const store = { api: () => request(appsUrl) };
  const hubApi = (p: string) => `/api/manager/apps/${p}`;

  beforeAll(async () => {
    account = await startTestAccount();
    apps = await createAppsService({ dataDir, accountKey: account.account.keys.publicPem, secret: SECRET, mailer: (mail) => void account.mails.push(mail), validateResponses: true, development: true });
    appsUrl = `${await apps.listen(0)}/api/v1`;
    [dev, reviewer] = [await signInForApps(account), await signInForApps(account, ['app_reviewer'])];
    const owner = await signInForApps(account);
    hub = await startTestHub({ appStore: { url: appsUrl, secret: SECRET, ownerToken: async () => owner.auth.Authorization.slice('Bearer '.length) } });
  });
  afterAll(async () => {
    await hub.stop();
    await apps.close();
    await account.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when a developer publishes on beta, then the hub following beta installs it from the store, it runs, crashes once, and the developer sees the crash', async () => {
    await publishedBuild(store, dev, reviewer, APP, '1.0.0', false, manifest('1.0.0'), { 'app.js': APP_JS });
    await hub.http().post(hubApi('store')).set(bearer(hub.token)).send({ id: APP, waitForInstall: true }).expect(404);
    const { body: installed } = await hub.http().post(hubApi('store')).set(bearer(hub.token)).send({ id: APP, channel: 'beta', waitForInstall: true }).expect(200);
    expect(installed).toMatchObject({ id: APP, version: '1.0.0', channel: 'beta', origin: 'appstore', state: 'running', ready: true });
    expect((await store.api().get(`/app/${APP}/install/stats`).set(dev.auth).expect(200)).body.total).toBe(1);

    const uri = `homey:app:${APP}`;
    await hub.http().post(`/api/manager/flow/flowcardaction/${uri}/${uri}:crash/run`).set(bearer(hub.token)).send({ args: {} }).expect(200);
    await eventually(async () => {
      const { body: crashes } = await store.api().get(`/app/${APP}/build/1/crash`).set(dev.auth).expect(200);
      expect(crashes).toEqual([expect.objectContaining({ appVersion: '1.0.0', homeyId: hub.hub.id, homeyVersion: hub.hub.version, stack: expect.stringContaining('The lamp melted') })]);
    });
    expect((await hub.http().get(hubApi(`app/${APP}`)).set(bearer(hub.token)).expect(200)).body).toMatchObject({ crashed: true, exitCount: 1 });
  });

  it('when a newer build reaches its channel, then the hub updates the app at its next sync and tells the store its flow card runs', async () => {
    await publishedBuild(store, dev, reviewer, APP, '1.1.0', false, manifest('1.1.0'), { 'app.js': APP_JS });
    await syncAppStoreNow(hub.hub);
    await eventually(async () => expect((await hub.http().get(hubApi(`app/${APP}`)).set(bearer(hub.token)).expect(200)).body).toMatchObject({ version: '1.1.0', channel: 'beta', state: 'running' }));
    expect((await store.api().get(`/app/${APP}/flow-cards/stats`).set(dev.auth).expect(200)).body.items).toEqual([{ id: 'crash', homeys: 1, count: 1 }]);
  });

  it('when the app does not update itself, then the newer build is offered with its permissions, not installed', async () => {
    await hub.http().put(hubApi(`app/${APP}`)).set(bearer(hub.token)).send({ autoupdate: false }).expect(200);
    await publishedBuild(store, dev, reviewer, APP, '1.2.0', false, { ...manifest('1.2.0'), permissions: ['homey:manager:geolocation'] }, { 'app.js': APP_JS });
    await syncAppStoreNow(hub.hub);
    expect((await hub.http().get(hubApi(`app/${APP}`)).set(bearer(hub.token)).expect(200)).body).toMatchObject({ version: '1.1.0', updateAvailable: { version: '1.2.0', permissions: ['homey:manager:geolocation'] } });
  });

  it('when a disabled app has a newer build, then it is updated in place and stays disabled', async () => {
    await hub.http().put(hubApi(`app/${APP}`)).set(bearer(hub.token)).send({ autoupdate: true }).expect(200);
    await hub.http().put(hubApi(`app/${APP}/disable`)).set(bearer(hub.token)).expect(204);
    await syncAppStoreNow(hub.hub);
    expect((await hub.http().get(hubApi(`app/${APP}`)).set(bearer(hub.token)).expect(200)).body).toMatchObject({ version: '1.2.0', enabled: false, state: 'stopped' });
    await hub.http().put(hubApi(`app/${APP}/enable`)).set(bearer(hub.token)).expect(204);
    await eventually(async () => expect((await hub.http().get(hubApi(`app/${APP}`)).set(bearer(hub.token)).expect(200)).body).toMatchObject({ version: '1.2.0', enabled: true, state: 'running' }));
  });

  it('when the store cannot be reached, then the shipped catalogue still installs its apps, and apps only in the store are not found', async () => {
    const link = hub.hub.config.appStore!;
    hub.hub.config.appStore = { ...link, url: 'http://127.0.0.1:9/api/v1' };
    try {
      const { body } = await hub.http().post(hubApi('store')).set(bearer(hub.token)).send({ id: 'com.example.thermostat', channel: 'beta', waitForInstall: true }).expect(200);
      expect(body).toMatchObject({ version: '2.1.0', channel: 'beta', state: 'running' });
      await hub.http().post(hubApi('store')).set(bearer(hub.token)).send({ id: 'com.e2e.elsewhere' }).expect(404);
      await syncAppStoreNow(hub.hub);
      expect((await hub.http().get(hubApi(`app/${APP}`)).set(bearer(hub.token)).expect(200)).body).toMatchObject({ version: '1.2.0', state: 'running' });
    } finally {
      hub.hub.config.appStore = link;
    }
  });
});

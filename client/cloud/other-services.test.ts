import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP, PASSWORD, startTestAccount, type TestAccount } from '../../server/cloud/account/testing/test-account.js';
import { createAppsService, type AppsService } from '../../server/cloud/apps/service.js';
import { ensureDemoOrders } from '../../server/cloud/store/demo.js';
import { SimulatedPaymentProvider } from '../../server/cloud/store/payment-provider.js';
import { createStoreService, type StoreService } from '../../server/cloud/store/service.js';
import { HubAPI } from '../hub/hub-api.js';
import { FAKE_TIMEOUTS_ONLY, watch } from '../testing/fake-timeouts.js';
import { CloudAPI } from './cloud-api.js';

describe('CloudAPI: other services with a delegation token of their audience, and a hub client with its own time-out', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'client-services-'));
  let account: TestAccount;
  let store: StoreService;
  let apps: AppsService;
  let storeUrl: string;
  let appsUrl: string;

  beforeAll(async () => {
    account = await startTestAccount();
    const provider = new SimulatedPaymentProvider({ secret: 'client-test' });
    store = await createStoreService({ dataDir: path.join(dataDir, 'store'), accountKey: account.account.keys.publicPem, accounts: account.account.subscriptions, provider, validateResponses: true, development: true });
    storeUrl = await store.listen(0);
    apps = await createAppsService({ dataDir: path.join(dataDir, 'apps'), accountKey: account.account.keys.publicPem, validateResponses: true, development: true });
    appsUrl = `${await apps.listen(0)}/api/v1`;
  });
  afterAll(async () => {
    await Promise.all([store.close(), apps.close()]);
    await account.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("when the store is asked through cloud.service, then the signed-in user's orders come with a delegation token of audience store", async () => {
    const { id, email } = await account.signUp();
    await ensureDemoOrders(store.store, id);
    const cloud = new CloudAPI({ baseUrl: account.url, clientId: APP.id, clientSecret: APP.secret });
    await cloud.authenticateWithPassword({ username: email, password: PASSWORD });
    const orders = await cloud.service('store', storeUrl).getOrders();
    expect(orders.map((order) => order.id)).toEqual(['100913', '100482', '100157']);
  });

  it('when a shopper uses the store through cloud.service, then the calls are typed by the contract, body fields and whole bodies alike', async () => {
    const { email } = await account.signUp();
    const cloud = new CloudAPI({ baseUrl: account.url, clientId: APP.id, clientSecret: APP.secret });
    await cloud.authenticateWithPassword({ username: email, password: PASSWORD });
    const store = cloud.service('store', storeUrl);
    expect((await store.getProducts({ currency: 'GBP' })).every((product) => product.prices.GBP !== undefined)).toBe(true);
    await store.addCartItem({ sku: 'BRIDGE-EU', quantity: 2 });
    const cart = await store.setPayment({ payment: { method: 'ideal' } });
    expect(cart.totals).toEqual({ currency: 'EUR', subtotal: 14710, discount: 0, vatRate: 2100, vat: 3089, total: 17799, reverseCharge: false });
    await expect(store.setCartItemQuantity({ sku: 'BRIDGE-EU', quantity: -1 })).rejects.toMatchObject({ statusCode: 400 });
    expect(await store.validateVat({ vat: 'BE0123456749' })).toEqual({ vat: 'BE0123456749', valid: true, countryCode: 'BE' });
  });

  it('when a service answers an error, then it is a CloudAPIError with its status', async () => {
    const cloud = new CloudAPI({ baseUrl: account.url, clientId: APP.id, clientSecret: APP.secret });
    await expect(cloud.service('store', storeUrl).getOrders()).rejects.toMatchObject({ statusCode: 401 });
    await expect(cloud.service('apps', appsUrl).getApp({ appId: 'com.example.unknown' })).rejects.toMatchObject({ statusCode: 404 });
    await expect(cloud.service('apps', appsUrl).getApp({ appId: 'com.example.crashtest' })).resolves.toMatchObject({ author: { verified: false } });
  });

  it('when the app store is called through cloud.service, then a delegation token of audience apps signs the user in', async () => {
    const { email } = await account.signUp();
    const cloud = new CloudAPI({ baseUrl: account.url, clientId: APP.id, clientSecret: APP.secret });
    await cloud.authenticateWithPassword({ username: email, password: PASSWORD });
    const store = cloud.service('apps', appsUrl);
    const org = await store.createOrganization({ name: 'Client Labs' });
    expect(org.members).toEqual([expect.objectContaining({ role: 'owner' })]);
    await expect(store.getMyOrganizations()).resolves.toEqual([org]);
    await expect(store.getApp({ appId: 'com.example.suntimes' })).resolves.toMatchObject({ liveBuild: { version: '1.2.0' } });
    await expect(store.getReviewApps()).rejects.toMatchObject({ statusCode: 403 });
  });

  it('when a hub client is opened with a time-out, then a call without an answer fails after that time, not before', async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const hub = HubAPI.open({ address, id: 'hub', token: 'token', timeout: 150 });
    jest.useFakeTimers(FAKE_TIMEOUTS_ONLY);
    try {
      const sending = watch(hub.system.sendLog());
      await jest.advanceTimersByTimeAsync(149);
      expect(sending.settled()).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await expect(sending.outcome).resolves.toMatchObject({ message: 'Timeout after 150ms' });
    } finally {
      jest.useRealTimers();
    }
    hub.destroy();
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });
});

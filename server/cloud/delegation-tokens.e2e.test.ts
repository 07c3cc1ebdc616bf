import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { CloudAPI } from '../../client/cloud/cloud-api.js';
import { hubOwner } from './account/hubs.js';
import { APP, PASSWORD, startTestAccount, type TestAccount } from './account/testing/test-account.js';
import { createAppsService } from './apps/service.js';
import { createBackupService } from './backup/service.js';
import { createConnectService } from './connect/service.js';
import { createFlowService } from './flow/service.js';
import { createSetupService } from './setup/service.js';
import { SimulatedPaymentProvider } from './store/payment-provider.js';
import { createStoreService } from './store/service.js';
import { createWebhooksService } from './webhooks/service.js';
import type { ServiceHttp } from '../http/service.js';
import { createSupportService } from '../support/service.js';
import type { paths as SupportPaths } from '../../generated/support.js';

const HUB = '5f7e3a1b2c4d6e8f9a0b1c2d';

/**
 * One signed-in call of each user-facing cloud service, by its audience, and the status that says the caller was
 * admitted (a 400 or a 404 is an admitted caller's input refused, after the token was taken).
 */
const probes: Record<string, { call(url: string, token: string): request.Test; admitted: number }> = {
  store: { call: (url, token) => request(url).get('/user/order').set('Authorization', `Bearer ${token}`), admitted: 200 },
  backup: { call: (url, token) => request(url).get('/user/me').query({ token }), admitted: 200 },
  webhooks: { call: (url, token) => request(url).get('/api/webhook').query({ token }), admitted: 200 },
  flow: { call: (url, token) => request(url).post('/flow').set('Authorization', `Bearer ${token}`).send({}), admitted: 400 },
  setup: { call: (url, token) => request(url).post('/').set('Authorization', `Bearer ${token}`).send({}), admitted: 200 },
  // The user's own hub, not connected: 404 homey_offline (a stranger's would be 403).
  connect: { call: (url, token) => request(url).get(`/homey/${HUB}/ping`).set('Authorization', `Bearer ${token}`), admitted: 404 },
  apps: { call: (url, token) => request(url).get('/api/v1/org').set('Authorization', `Bearer ${token}`), admitted: 200 },
  // The support form's back end: not a cloud service, but its callers are the account's customers all the same.
  support: { call: (url, token) => request(url).get('/api/zendesk/ticket').set('Authorization', `Bearer ${token}`), admitted: 200 },
};
const audiences = Object.keys(probes);

describe('delegation tokens: every user-facing cloud service and the support back end take one of their own audience, verified offline', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'delegation-e2e-'));
  let account: TestAccount;
  const services: ServiceHttp[] = [];
  const urls: Record<string, string> = {};
  /** What reached the account service (method and path), since the last reset. */
  let accountCalls: string[] = [];
  let user: Awaited<ReturnType<TestAccount['user']>>;

  beforeAll(async () => {
    account = await startTestAccount();
    account.server.on('request', (req: IncomingMessage) => accountCalls.push(`${req.method} ${req.url?.split('?')[0]}`));
    const accountKey = account.account.keys.publicPem;
    const dir = (name: string) => path.join(dataDir, name);
    const hubSecretKey = 'delegation-e2e-hub-key';
    const started: Record<string, ServiceHttp> = {
      store: await createStoreService({ dataDir: dir('store'), accountKey, accounts: account.account.subscriptions, provider: new SimulatedPaymentProvider({ secret: 'e2e' }) }),
      backup: await createBackupService({ dataDir: dir('backup'), accountKey, hubSecretKey, ownerOf: (hubId) => hubOwner(account.account, hubId) }),
      webhooks: await createWebhooksService({ dataDir: dir('webhooks'), accountKey, hubSecretKey }),
      flow: await createFlowService({ dataDir: dir('flow'), accountKey }),
      setup: await createSetupService({ dataDir: dir('setup'), accountKey, backupsOf: async () => [] }),
      connect: createConnectService({ ...account.connectAccount(), hubSecretKey }),
      apps: await createAppsService({ dataDir: dir('apps'), accountKey }),
      support: await createSupportService({ dataDir: dir('support'), accountKey, services: { cloudUrl: account.url, clientId: APP.id, storeUrl: account.url, appsUrl: account.url } }),
    };
    for (const [audience, service] of Object.entries(started)) {
      services.push(service);
      urls[audience] = await service.listen(0);
    }
    user = await account.user();
    await account.http().post('/homey/').set(user.accountAuth).send({ _id: HUB, name: 'Home' }).expect(200);
  });
  afterAll(async () => {
    await Promise.all(services.map((service) => service.close()));
    await account.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(audiences)('when a signed-in user calls %s with a delegation token of its audience, then it is admitted and nothing is asked of the account service', async (audience) => {
    const token = await account.delegation(user.accessToken, audience);
    accountCalls = [];
    const { call, admitted } = probes[audience]!;
    await call(urls[audience]!, token).expect(admitted);
    await call(urls[audience]!, token).expect(admitted);
    expect(accountCalls).toEqual([]);
  });

  it.each(audiences)("when %s is sent a delegation token of another audience or the account's access token, then 401 invalid_token naming its audience", async (audience) => {
    const other = audience === 'store' ? 'apps' : 'store';
    const { call } = probes[audience]!;
    const wrong = (await call(urls[audience]!, await account.delegation(user.accessToken, other)).expect(401)).body;
    expect(wrong).toEqual({
      error: 'invalid_token',
      error_description: `This delegation token is for audience "${other}"; this service takes one of audience "${audience}" (POST /delegation/token?audience=${audience} at the account service)`,
      statusCode: 401,
    });
    const accountToken = (await call(urls[audience]!, user.accessToken).expect(401)).body;
    expect(accountToken.error).toBe('invalid_token');
    expect(accountToken.error_description).toContain(`takes a delegation token of audience "${audience}"`);
  });

  it("when the client library calls the store through cloud.service('store', url), then it asks one delegation token of audience store for every call", async () => {
    const cloud = new CloudAPI({ baseUrl: account.url, clientId: APP.id, clientSecret: APP.secret });
    await cloud.authenticateWithPassword({ username: user.email, password: PASSWORD });
    accountCalls = [];
    const store = cloud.service('store', urls.store!);
    expect(await Promise.all([store.getOrders(), store.getOrders()])).toEqual([[], []]);
    await expect(cloud.service('store', urls.store!).getCart()).resolves.toMatchObject({ items: [] });
    await expect(cloud.service('apps', `${urls.apps!}/api/v1`).getMyOrganizations()).resolves.toEqual([]);
    expect(accountCalls).toEqual(['POST /delegation/token', 'POST /delegation/token']);
  });

  it("when the official AthomStoreAPI (homey-api 3.20.0) is given a delegation token of audience store, then its call is admitted; given the account's access token, it is refused", async () => {
    // homey-api's type declarations leave the service clients out; the package exports them.
    const { AthomStoreAPI } = createRequire(__filename)('homey-api') as { AthomStoreAPI: new (options: { baseUrl: string }) => unknown };
    const official = new AthomStoreAPI({ baseUrl: urls.store! }) as { getOrders(args: { $token: string }): Promise<unknown> };
    expect(await official.getOrders({ $token: await account.delegation(user.accessToken, 'store') })).toEqual([]);
    await expect(official.getOrders({ $token: user.accessToken })).rejects.toMatchObject({ statusCode: 401 });
  });

  it("when the client library calls the support back end by path through cloud.transport(origin, 'support'), then it asks one delegation token of audience support before its first call", async () => {
    const cloud = new CloudAPI({ baseUrl: account.url, clientId: APP.id, clientSecret: APP.secret });
    await cloud.authenticateWithPassword({ username: user.email, password: PASSWORD });
    accountCalls = [];
    const support = cloud.transport<SupportPaths>(urls.support!, 'support');
    const [first, second] = await Promise.all([support.GET('/api/zendesk/ticket'), support.GET('/api/zendesk/ticket')]);
    expect([first.data, second.data]).toEqual([[], []]);
    const { data } = await support.GET('/api/zendesk/article', { params: { query: { id: 360010000104 } } });
    expect(data).toMatchObject({ id: 360010000104 });
    expect(accountCalls).toEqual(['POST /delegation/token']);
  });
});

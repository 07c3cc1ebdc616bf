import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startTestAccount, type TestAccount } from '../../cloud/account/testing/test-account.js';
import { tunnelHubDelivery } from '../../cloud/connect/delivery.js';
import { createConnectService, type ConnectService } from '../../cloud/connect/service.js';
import type { Delivery, HubDelivery } from '../../cloud/outbound/hub-delivery.js';
import { hubSecret } from '../../cloud/callers/hub-secret.js';
import { createWebhooksService, type WebhooksService } from '../../cloud/webhooks/service.js';
import { installPackage, uninstall } from '../apps/lifecycle.js';
import { readManifest } from '../../common/app-package/manifest.js';
import { eventually } from '../apps/testing/eventually.js';
import { registerWebhook, unregisterWebhook } from './cloud.js';
import type { RemoteConnect } from './connect.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const APP = 'com.example.sdkwebhook';
const APP_DIR = path.join(__dirname, '..', 'apps', 'testing', 'sdk-apps', APP);
const LOGIC = 'homey:manager:logic';

type Webhook = { _id: string; name: string; fn: string; keyPath: string; url: string };
/** The operations of homey-api 3.20.0's AthomWebhooksAPI, as its specification names and places their arguments. */
interface OfficialWebhooksAPI {
  createWebhook(args: { token: string; name: string; fn: string; keyPath: string }): Promise<Webhook>;
  getWebhooks(args: { token: string }): Promise<Webhook[]>;
  getWebhook(args: { token: string; webhookId: string }): Promise<Webhook>;
  updateWebhook(args: { token: string; webhookId: string; name?: string }): Promise<Webhook>;
  deleteWebhook(args: { token: string; webhookId: string }): Promise<undefined>;
  registerWebhookClient(args: { webhookId: string; homeyId: string; data: Record<string, unknown>; callback_url?: string }): Promise<{ webhookId: string; homeyId: string; data: Record<string, unknown> }>;
  unregisterWebhookClient(args: { webhookId: string; homeyId: string; $token?: string }): Promise<undefined>;
}
// homey-api's type declarations leave the service clients out; the package exports them.
const { AthomWebhooksAPI } = createRequire(__filename)('homey-api') as { AthomWebhooksAPI: new (options: { baseUrl: string; secret?: string }) => OfficialWebhooksAPI };

/** Delivery as `inner` does it, each outcome recorded (what reached the hub, and by which path), and what it carried. */
function recorded(inner: HubDelivery, outcomes: Delivery[], sent: Array<Record<string, unknown>> = []): HubDelivery {
  return {
    async deliver(...args) {
      sent.push(args[3]);
      const outcome = await inner.deliver(...args);
      outcomes.push(outcome);
      return outcome;
    },
  };
}

describe("cloud webhooks: an SDK v3 app's webhook, called from anywhere, starts a flow", () => {
  const key = randomBytes(32).toString('base64url');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hub-webhooks-'));
  let cloud: TestAccount;
  let connect: ConnectService;
  let webhooks: WebhooksService;
  let webhooksUrl: string;
  let hub: TestHub;
  let tunnel: RemoteConnect;
  let webhookId: string;
  let variableId: string;
  let developer: Awaited<ReturnType<TestAccount['user']>>;
  /** Every delivery of a call, and those through the tunnel. */
  const delivered: Delivery[] = [];
  const throughTunnel: Delivery[] = [];
  const sent: Array<Record<string, unknown>> = [];
  const auth = () => bearer(hub.token);
  const log = () => hub.hub.apps.logOf(APP).map(({ line }) => line);
  const install = () => installPackage(hub.hub, APP_DIR, readManifest(APP_DIR), 'devkit_install', { env: { WEBHOOK_ID: webhookId, WEBHOOK_SECRET: 'doorbell-secret', ACCOUNT_ID: '42' } });
  const ring = (button: string, account = '42') =>
    request(webhooksUrl).post(`/webhook/${webhookId}`).query({ source: 'porch' }).set('X-Doorbell-Signature', `signed-${button}`).set('Cookie', 'session=caller').send({ account: { id: account }, button }).expect(200);
  const variable = async () => (await hub.http().get(`/api/manager/logic/variable/${variableId}`).set(auth()).expect(200)).body.value;
  const registeredHubs = async () => (await webhooks.db.selectFrom('webhook_clients').select('homey_id').where('webhook_id', '=', webhookId).execute()).map(({ homey_id }) => homey_id);

  beforeAll(async () => {
    cloud = await startTestAccount();
    const { body: cloudPublicKey } = await cloud.http().get('/delegation/key').expect(200);
    connect = createConnectService({ ...cloud.connectAccount(), hubSecretKey: key, validateResponses: true, development: true });
    const connectUrl = await connect.listen(0);
    // The hub also registers its own (loopback) address, which only this allow-list lets the service call directly.
    webhooks = await createWebhooksService({ dataDir, accountKey: cloud.account.keys.publicPem, hubSecretKey: key, connectDelivery: recorded(tunnelHubDelivery(connect.connections), throughTunnel), callbackAllowList: ['127.0.0.1'], validateResponses: true, development: true });
    webhooksUrl = await webhooks.listen(0);
    webhooks.state.delivery = recorded(webhooks.state.delivery, delivered, sent);
    hub = await startTestHub({ cloudPublicKey, webhooksUrl });
    hub.hub.config.hubSecret = hubSecret(key, hub.hub.id);
    hub.hub.config.connectUrl = connectUrl;
    hub.hub.config.publicUrl = hub.url;
    tunnel = hub.connectRemote()!;
    await tunnel.connected();

    developer = await cloud.user('webhooks');
    // The developer creates the webhook with the official client (its token in the query, its fields in the body).
    webhookId = (await new AthomWebhooksAPI({ baseUrl: webhooksUrl }).createWebhook({ token: developer.token, name: 'Doorbell', fn: 'doorbell_ring', keyPath: 'account.id' }))._id;
    variableId = (await hub.http().post('/api/manager/logic/variable').set(auth()).send({ name: 'Last button', type: 'string', value: 'none' }).expect(200)).body.id;
    await install();
    await eventually(() => expect(log()).toContain(`Webhook ${webhookId} registered for account 42`));
    const appUri = `homey:app:${APP}`;
    await hub.http().post('/api/manager/flow/flow').set(auth()).send({
      name: 'Doorbell',
      trigger: { uri: appUri, id: `${appUri}:doorbell_rang` },
      actions: [{ uri: LOGIC, id: `${LOGIC}:variable_set`, args: { variable: { id: variableId, name: 'Last button' }, value: '[[button]]' } }],
    }).expect(200);
  }, 60_000); // four services and a hub with its demo home: seconds on a busy machine
  afterAll(async () => {
    await hub.stop();
    await webhooks.close();
    await connect.close();
    await cloud.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when the app creates its webhook, then the hub is registered with the service with its data and address, and lists the webhook as the app\'s', async () => {
    const [client] = await webhooks.db.selectFrom('webhook_clients').selectAll().where('webhook_id', '=', webhookId).execute();
    expect(client).toMatchObject({ homey_id: hub.hub.id, data: '{"account":{"id":"42"}}', callback_url: hub.url });
    const { body: state } = await hub.http().get('/api/manager/cloud/state').set(auth()).expect(200);
    expect(state.webhooks).toEqual({ [webhookId]: { id: webhookId, name: 'SDK doorbell', ownerUri: `homey:app:${APP}` } });
  });

  it('when the webhook is called while the hub is connected, then the call reaches the app through the tunnel with its headers, query and body, and its flow runs', async () => {
    delivered.length = throughTunnel.length = sent.length = 0;
    expect((await ring('front')).body).toEqual({ accepted: 1 });
    await Promise.all(webhooks.state.deliveries);
    expect(delivered).toEqual([{ delivered: true, status: 204, body: null }]);
    expect(throughTunnel).toEqual(delivered);
    await eventually(async () => expect(await variable()).toBe('front'));
    expect(log()).toContain('Rang: {"button":"front","signature":"signed-front","source":"porch"}');
    // What belongs to the caller's connection (its host, its cookie) is not the call's.
    expect(sent).toHaveLength(1);
    const { args } = sent[0] as { args: { event: string; headers: Record<string, string> } };
    expect(args).toMatchObject({ event: 'doorbell_ring', query: { source: 'porch' }, body: { account: { id: '42' }, button: 'front' } });
    expect(args.headers).toMatchObject({ 'x-doorbell-signature': 'signed-front', 'content-type': 'application/json' });
    expect(args.headers).not.toHaveProperty('cookie');
    expect(args.headers).not.toHaveProperty('host');
  });

  it("when a hub registers for the developer's webhook with the official AthomWebhooksAPI (its credential as the client's secret), then a call matching its data is matched by that hub, delivered, and its app hears it; unregistered, no call matches", async () => {
    // The hub registers as the official client does: `secret` from the client's options, `data` and `callback_url` in the body.
    const asHub = new AthomWebhooksAPI({ baseUrl: webhooksUrl, secret: hub.hub.config.hubSecret });
    const register = (id: string) => asHub.registerWebhookClient({ webhookId, homeyId: hub.hub.id, data: { account: { id } }, callback_url: hub.url });
    expect(await register('77')).toMatchObject({ webhookId, homeyId: hub.hub.id, data: { account: { id: '77' } } });
    try {
      delivered.length = 0;
      expect((await ring('official', '77')).body).toEqual({ accepted: 1 });
      await Promise.all(webhooks.state.deliveries);
      expect(delivered).toEqual([{ delivered: true, status: 204, body: null }]);
      await eventually(() => expect(log()).toContain('Rang: {"button":"official","signature":"signed-official","source":"porch"}'));
      await eventually(async () => expect(await variable()).toBe('official'));
      // Registering again replaced the data: the account the app registered with no longer matches.
      expect((await ring('front', '42')).body).toEqual({ accepted: 0 });

      // The official spec declares no credential for unregistering: the client sends the hub's as its $token.
      await expect(asHub.unregisterWebhookClient({ webhookId, homeyId: hub.hub.id })).rejects.toMatchObject({ statusCode: 401 });
      await asHub.unregisterWebhookClient({ webhookId, homeyId: hub.hub.id, $token: hub.hub.config.hubSecret });
      expect(await registeredHubs()).toEqual([]);
      expect((await ring('official', '77')).body).toEqual({ accepted: 0 });
    } finally {
      await register('42');
    }
  });

  it('when the developer lists, reads, renames and deletes a webhook with the official AthomWebhooksAPI, then each answers as the client reads it and a deleted webhook is gone', async () => {
    const official = new AthomWebhooksAPI({ baseUrl: webhooksUrl });
    const { token } = developer;
    const created = await official.createWebhook({ token, name: 'Mailbox', fn: 'mail_in', keyPath: 'box' });
    expect(created).toMatchObject({ name: 'Mailbox', fn: 'mail_in', keyPath: 'box', url: `${webhooksUrl}/webhook/${created._id}` });
    expect((await official.getWebhooks({ token })).map(({ _id }) => _id)).toEqual([webhookId, created._id]);
    expect(await official.getWebhook({ token, webhookId: created._id })).toEqual(created);
    const renamed = await official.updateWebhook({ token, webhookId: created._id, name: 'Letterbox' });
    expect(renamed).toMatchObject({ _id: created._id, name: 'Letterbox', fn: 'mail_in' });
    expect(await official.deleteWebhook({ token, webhookId: created._id })).toBeUndefined();
    await expect(official.getWebhook({ token, webhookId: created._id })).rejects.toMatchObject({ statusCode: 404 });
  });

  it("when the hub's tunnel is down, then the call reaches the app at the address it registered, and its flow runs", async () => {
    tunnel.stop();
    delivered.length = throughTunnel.length = 0;
    expect((await ring('back')).body).toEqual({ accepted: 1 });
    await Promise.all(webhooks.state.deliveries);
    expect(throughTunnel).toEqual([{ delivered: false, reason: 'offline' }]);
    expect(delivered).toEqual([{ delivered: true, status: 204, body: null }]);
    await eventually(async () => expect(await variable()).toBe('back'));
  });

  it("when a call's key is another account's, then it matches no hub and reaches no app", async () => {
    delivered.length = 0;
    expect((await ring('side', '43')).body).toEqual({ accepted: 0 });
    expect(delivered).toEqual([]);
  });

  it('when the app unregisters its webhook, then the service and the hub forget it; started or restarted it registers anew, and removed it is gone', async () => {
    await hub.http().post(`/api/app/${APP}/unregister`).set(auth()).expect(204);
    expect(await registeredHubs()).toEqual([]);
    expect((await hub.http().get('/api/manager/cloud/state').set(auth()).expect(200)).body.webhooks).toEqual({});
    expect((await ring('front')).body).toEqual({ accepted: 0 });

    // Started, it registers as its onInit runs; restarted, its unregistration as it stops comes first.
    for (let run = 0; run < 2; run++) {
      await hub.hub.apps.stop(APP);
      await hub.hub.apps.start(APP);
      expect(await registeredHubs()).toEqual([hub.hub.id]);
    }
    expect((await ring('front')).body).toEqual({ accepted: 1 });
    await uninstall(hub.hub, APP, true);
    await eventually(async () => expect(await registeredHubs()).toEqual([]));
    expect((await hub.http().get('/api/manager/cloud/state').set(auth()).expect(200)).body.webhooks).toEqual({});
  });

  it('when the hub has no webhooks service, the service refuses the registration, or another owner holds the webhook, then the app hears why', async () => {
    const serviceUrl = hub.hub.config.webhooksUrl;
    try {
      registerWebhook(hub.hub, { id: webhookId, name: 'Flows', ownerUri: LOGIC });
      await install();
      await eventually(() => expect(log()).toContain(`No webhook: The webhook ${webhookId} is registered by ${LOGIC}`));
      await uninstall(hub.hub, APP, true);
      unregisterWebhook(hub.hub, webhookId);

      delete hub.hub.config.webhooksUrl;
      await install();
      await eventually(() => expect(log()).toContain('No webhook: This Homey has no cloud webhooks service: webhooks need one'));
      await uninstall(hub.hub, APP, true);
      hub.hub.config.webhooksUrl = serviceUrl;
      webhookId = 'A'.repeat(22);
      await install();
      await eventually(() => expect(log()).toContain(`No webhook: The cloud webhooks service refused the webhook ${webhookId}: Webhook not found`));
    } finally {
      hub.hub.config.webhooksUrl = serviceUrl;
      await uninstall(hub.hub, APP, true).catch(() => undefined);
    }
  });
});

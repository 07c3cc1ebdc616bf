import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startTestAccount, type TestAccount } from '../account/testing/test-account.js';
import { directHubDelivery } from '../outbound/hub-delivery.js';
import { hubSecret } from '../callers/hub-secret.js';
import { parseCallbackAllowList } from './callback-address.js';
import { createWebhooksService, type WebhooksService } from './service.js';

const KEY = 'callback-address-test-key';
const HUB = 'dddddddddddddddddddddddd';

/** A loopback HTTP server standing for a service an attacker aims at: it records what reaches it. */
async function listener(answer: (res: import('node:http').ServerResponse) => void = (res) => res.end('{}')): Promise<{ url: string; hits: string[]; server: Server }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, server };
}
const closed = (server: Server) => new Promise((resolve) => server.close(resolve));

describe('webhooks: callback addresses that are not public', () => {
  let account: TestAccount;
  let service: WebhooksService;
  let url: string;
  let webhookId: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'webhooks-ssrf-'));
  const allowed = process.env.WEBHOOK_CALLBACK_ALLOW;
  beforeAll(async () => {
    delete process.env.WEBHOOK_CALLBACK_ALLOW;
    account = await startTestAccount();
    // As a deployment runs it: no allow-list.
    service = await createWebhooksService({ dataDir, accountKey: account.account.keys.publicPem, hubSecretKey: KEY, validateResponses: true, development: true });
    url = await service.listen(0);
    const developer = await account.user('webhooks');
    webhookId = (await request(url).post('/api/webhook').query({ token: developer.token }).send({ name: 'Probe', fn: 'probe', keyPath: 'id' }).expect(200)).body._id;
  });
  afterAll(async () => {
    if (allowed !== undefined) process.env.WEBHOOK_CALLBACK_ALLOW = allowed;
    await service.close();
    await account.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const refused = ['http://127.0.0.1:22', 'http://localhost:8080', 'http://10.0.0.5', 'http://192.168.1.20', 'http://169.254.169.254', 'http://[::1]:80', 'http://[::ffff:127.0.0.1]', 'http://0.0.0.0'];
  it.each(refused)('when a hub registers the callback_url %s, then 400 and nothing is registered', async (callback) => {
    const res = await request(url).put(`/webhook/${webhookId}/${HUB}`).send({ secret: hubSecret(KEY, HUB), data: { id: 1 }, callback_url: callback }).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'invalid_request' });
    expect(await service.db.selectFrom('webhook_clients').selectAll().where('homey_id', '=', HUB).execute()).toEqual([]);
  });

  it('when a registered address is not public at delivery (its name resolves elsewhere now), then no request reaches it and the caller learns only the count', async () => {
    const target = await listener();
    try {
      // As if the hub's name resolved to a public address at registration and to loopback now.
      await service.db.insertInto('webhook_clients').values({ webhook_id: webhookId, homey_id: HUB, data: '{"id":2}', key_value: '2', callback_url: target.url, registered_at: new Date(0).toISOString() }).execute();
      expect((await request(url).post(`/webhook/${webhookId}`).send({ id: 2 }).expect(200)).body).toEqual({ accepted: 1 });
      await Promise.all(service.state.deliveries);
      expect(target.hits).toEqual([]);
    } finally {
      await closed(target.server);
    }
  });
});

describe('direct hub delivery', () => {
  const deliver = (base: string, allowAddresses?: string[]) => directHubDelivery(async () => base, { allowAddresses }).deliver(HUB, 'cloud', 'receiveWebhookCallback', { id: 'w', args: { event: 'e', payload: {} } });

  it("when the hub's address answers with a redirect, then the redirect is its answer and is not followed", async () => {
    const elsewhere = await listener();
    const hub = await listener((res) => res.writeHead(307, { Location: `${elsewhere.url}/internal` }).end());
    try {
      expect(await deliver(hub.url, ['127.0.0.1'])).toEqual({ delivered: true, status: 307, body: null });
      expect(hub.hits).toHaveLength(1);
      expect(elsewhere.hits).toEqual([]);
    } finally {
      await Promise.all([closed(hub.server), closed(elsewhere.server)]);
    }
  });

  it('when the address is loopback and not on the allow-list, then the hub is offline and nothing reaches the address; listed, it is reached', async () => {
    const target = await listener();
    try {
      expect(await deliver(target.url)).toEqual({ delivered: false, reason: 'offline' });
      expect(await deliver(target.url.replace('127.0.0.1', 'localhost'))).toEqual({ delivered: false, reason: 'offline' });
      expect(target.hits).toEqual([]);
      expect(await deliver(target.url, ['127.0.0.0/8'])).toEqual({ delivered: true, status: 200, body: {} });
      expect(target.hits).toEqual(['POST /api/manager/cloud/webhook/w/callback']);
    } finally {
      await closed(target.server);
    }
  });
});

describe('WEBHOOK_CALLBACK_ALLOW', () => {
  it('when it lists IPs and CIDRs, then they are the allow-list; another entry is refused by name', () => {
    expect(parseCallbackAllowList(undefined)).toEqual([]);
    expect(parseCallbackAllowList(' 127.0.0.1, 10.0.0.0/8 ,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(() => parseCallbackAllowList('127.0.0.1,localhost')).toThrow('WEBHOOK_CALLBACK_ALLOW lists IPs and CIDRs separated by commas, not "localhost"');
  });
});

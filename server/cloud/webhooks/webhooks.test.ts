import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { registerWebhook, FLOW_WEBHOOKS_OWNER } from '../../hub/cloud/cloud.js';
import { onWebhook, type WebhookCall } from '../../hub/logic/webhooks.js';
import { startTestHub, type TestHub } from '../../hub/testing/test-hub.js';
import { freshDatabase } from '../account/testing/postgres.js';
import { startTestAccount, type TestAccount } from '../account/testing/test-account.js';
import { hubSecret } from '../callers/hub-secret.js';
import { MAX_WEBHOOKS_PER_USER } from './webhooks.js';
import { createWebhooksService, type WebhooksService } from './service.js';

const KEY = 'webhooks-test-key';
const MISSING = 'AAAAAAAAAAAAAAAAAAAAAA';
const OTHER_HUB = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const OFFLINE_HUB = 'cccccccccccccccccccccccc';

describe('cloud webhooks service', () => {
  let account: TestAccount;
  let service: WebhooksService;
  let url: string;
  let hub: TestHub;
  let developer: Awaited<ReturnType<TestAccount['user']>>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'webhooks-test-'));
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  const secret = (hubId: string) => hubSecret(KEY, hubId);
  /** Calls are delivered after their answer: this waits for those under way. */
  const delivered = () => Promise.all(service.state.deliveries);
  const create = async (fields = { name: 'Doorbell', fn: 'doorbell_ring', keyPath: 'account.id' }) =>
    (await request(url).post('/api/webhook').query({ token: developer.token }).send(fields).expect(200)).body as { _id: string; url: string };

  beforeAll(async () => {
    account = await startTestAccount();
    database = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
    // The test hubs listen on loopback, which a deployment refuses: the operator's allow-list lets this service reach them.
    service = await createWebhooksService({ dataDir, databaseUrl: database?.url, accountKey: account.account.keys.publicPem, hubSecretKey: KEY, callbackAllowList: ['127.0.0.1'], validateResponses: true, development: true });
    url = await service.listen(0);
    hub = await startTestHub();
    developer = await account.user('webhooks');
  });
  afterAll(async () => {
    await hub.stop();
    await service.close();
    await account.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when a developer creates, reads, changes and deletes a webhook, then each answers the webhook with its public URL', async () => {
    const created = await create();
    expect(created).toMatchObject({ name: 'Doorbell', fn: 'doorbell_ring', keyPath: 'account.id', url: `${url}/webhook/${created._id}` });
    expect((await request(url).get(`/api/webhook/${created._id}`).query({ token: developer.token }).expect(200)).body).toEqual(created);
    const changed = (await request(url).put(`/api/webhook/${created._id}`).query({ token: developer.token }).send({ name: 'Front door' }).expect(200)).body;
    expect(changed).toMatchObject({ name: 'Front door', fn: 'doorbell_ring' });
    expect((await request(url).get('/api/webhook').query({ token: developer.token }).expect(200)).body).toContainEqual(changed);
    await request(url).delete(`/api/webhook/${created._id}`).query({ token: developer.token }).expect(204);
    await request(url).get(`/api/webhook/${created._id}`).query({ token: developer.token }).expect(404);
    await request(url).post(`/webhook/${created._id}`).send({}).expect(404);
  });

  it("when a webhook is called, then the hubs whose data match at keyPath receive it and the hub's webhook flow trigger fires", async () => {
    const webhook = await create();
    registerWebhook(hub.hub, { id: webhook._id, name: 'Doorbell', ownerUri: FLOW_WEBHOOKS_OWNER });
    await request(url).put(`/webhook/${webhook._id}/${hub.hub.id}`).send({ secret: secret(hub.hub.id), data: { account: { id: '42' } }, callback_url: hub.url }).expect(200);
    // Another hub matches too but is not reachable; a third has other data.
    await request(url).put(`/webhook/${webhook._id}/${OFFLINE_HUB}`).send({ secret: secret(OFFLINE_HUB), data: { account: { id: '42' } } }).expect(200);
    await request(url).put(`/webhook/${webhook._id}/${OTHER_HUB}`).send({ secret: secret(OTHER_HUB), data: { account: { id: '7' } }, callback_url: 'http://127.0.0.1:9' }).expect(200);

    const calls: WebhookCall[] = [];
    const off = onWebhook(hub.hub, (call) => calls.push(call));
    try {
      // The anonymous caller learns how many hubs the call goes to, not which were reached.
      expect((await request(url).post(`/webhook/${webhook._id}`).send({ account: { id: '42' }, button: 'front' }).expect(200)).body).toEqual({ accepted: 2 });
      await delivered();
      expect(calls).toEqual([{ event: 'doorbell_ring', tag: '' }]);
      expect((await request(url).post(`/webhook/${webhook._id}`).send({ account: { id: '99' } }).expect(200)).body).toEqual({ accepted: 0 });
      // A new keyPath selects the hubs anew by their data.
      await request(url).put(`/api/webhook/${webhook._id}`).query({ token: developer.token }).send({ keyPath: 'account' }).expect(200);
      expect((await request(url).post(`/webhook/${webhook._id}`).send({ account: { id: '42' } }).expect(200)).body.accepted).toBe(0);
      await request(url).put(`/api/webhook/${webhook._id}`).query({ token: developer.token }).send({ keyPath: 'account.id' }).expect(200);
      // Unregistered, the hub gets no more calls.
      await request(url).delete(`/webhook/${webhook._id}/${hub.hub.id}`).set('Authorization', `Bearer ${secret(hub.hub.id)}`).expect(204);
      expect((await request(url).post(`/webhook/${webhook._id}`).send({ account: { id: '42' } }).expect(200)).body).toEqual({ accepted: 1 });
      await delivered();
      expect(calls).toHaveLength(1);
    } finally {
      off();
    }
  });

  it(`when a developer keeps ${MAX_WEBHOOKS_PER_USER} webhooks, then the next is a 409`, async () => {
    const busy = await account.user('webhooks');
    const now = new Date().toISOString();
    const rows = Array.from({ length: MAX_WEBHOOKS_PER_USER }, (_, index) => ({ id: `seed${String(index).padStart(18, '0')}`, user_id: busy.id, name: 'x', fn: 'x', key_path: 'x', created_at: now, updated_at: now }));
    await service.db.insertInto('webhooks').values(rows).execute();
    await request(url).post('/api/webhook').query({ token: busy.token }).send({ name: 'One more', fn: 'x', keyPath: 'x' }).expect(409);
  });

  describe('refusals', () => {
    let webhookId: string;
    let stranger: Awaited<ReturnType<TestAccount['user']>>;
    beforeAll(async () => {
      webhookId = (await create())._id;
      stranger = await account.user('webhooks');
      await request(url).put(`/webhook/${webhookId}/${OTHER_HUB}`).send({ secret: secret(OTHER_HUB), data: {} }).expect(200);
    });
    type Call = () => request.Test;
    const token = () => developer.token;
    const rows: Array<[string, number, Call]> = [
      ['getWebhooks without a token', 401, () => request(url).get('/api/webhook')],
      ['getWebhooks with an unknown token', 401, () => request(url).get('/api/webhook').query({ token: 'nope' })],
      ['getWebhooks with a token of non-Latin-1 characters', 401, () => request(url).get('/api/webhook?token=%F0%9F%92%A1')],
      ['getWebhooks with a token holding a NUL', 401, () => request(url).get('/api/webhook?token=fuzz%00id')],
      ['createWebhook without a token', 401, () => request(url).post('/api/webhook').send({ name: 'a', fn: 'a', keyPath: 'a' })],
      ['createWebhook without a keyPath', 400, () => request(url).post('/api/webhook').query({ token: token() }).send({ name: 'a', fn: 'a' })],
      ['createWebhook with a malformed keyPath', 400, () => request(url).post('/api/webhook').query({ token: token() }).send({ name: 'a', fn: 'a', keyPath: 'a..b' })],
      ['getWebhook of an unknown webhook', 404, () => request(url).get(`/api/webhook/${MISSING}`).query({ token: token() })],
      ["getWebhook of another developer's webhook", 404, () => request(url).get(`/api/webhook/${webhookId}`).query({ token: stranger.token })],
      ['getWebhook of a malformed id', 400, () => request(url).get('/api/webhook/short').query({ token: token() })],
      ['updateWebhook without a token', 401, () => request(url).put(`/api/webhook/${webhookId}`).send({ name: 'b' })],
      ['updateWebhook with an unknown field', 400, () => request(url).put(`/api/webhook/${webhookId}`).query({ token: token() }).send({ owner: 'b' })],
      ['updateWebhook of an unknown webhook', 404, () => request(url).put(`/api/webhook/${MISSING}`).query({ token: token() }).send({ name: 'b' })],
      ['deleteWebhook without a token', 401, () => request(url).delete(`/api/webhook/${webhookId}`)],
      ["deleteWebhook of another developer's webhook", 404, () => request(url).delete(`/api/webhook/${webhookId}`).query({ token: stranger.token })],
      ['deleteWebhook of a malformed id', 400, () => request(url).delete('/api/webhook/x').query({ token: token() })],
      ['callWebhook with a body that is not an object', 400, () => request(url).post(`/webhook/${webhookId}`).send([1, 2])],
      ['callWebhook of an unknown webhook', 404, () => request(url).post(`/webhook/${MISSING}`).send({})],
      ['registerWebhookClient with a forged secret', 401, () => request(url).put(`/webhook/${webhookId}/${OTHER_HUB}`).send({ secret: `${OTHER_HUB}.forgedforgedforged`, data: {} })],
      ["registerWebhookClient for another hub than the secret's", 403, () => request(url).put(`/webhook/${webhookId}/${OFFLINE_HUB}`).send({ secret: secret(OTHER_HUB), data: {} })],
      ['registerWebhookClient without data', 400, () => request(url).put(`/webhook/${webhookId}/${OTHER_HUB}`).send({ secret: secret(OTHER_HUB) })],
      ['registerWebhookClient of an unknown webhook', 404, () => request(url).put(`/webhook/${MISSING}/${OTHER_HUB}`).send({ secret: secret(OTHER_HUB), data: {} })],
      ['unregisterWebhookClient without a credential', 401, () => request(url).delete(`/webhook/${webhookId}/${OTHER_HUB}`)],
      ["unregisterWebhookClient of another hub", 403, () => request(url).delete(`/webhook/${webhookId}/${OTHER_HUB}`).set('Authorization', `Bearer ${secret(OFFLINE_HUB)}`)],
      ['unregisterWebhookClient of a malformed hub id', 400, () => request(url).delete(`/webhook/${webhookId}/nothex`).set('Authorization', `Bearer ${secret(OTHER_HUB)}`)],
      ['unregisterWebhookClient of an unknown webhook', 404, () => request(url).delete(`/webhook/${MISSING}/${OTHER_HUB}`).set('Authorization', `Bearer ${secret(OTHER_HUB)}`)],
    ];
    it.each(rows)('when %s, then %i with the error body', async (_name, status, call) => {
      const res = await call().expect(status);
      expect(res.body).toMatchObject({ statusCode: status, error: expect.any(String), error_description: expect.any(String) });
    });
  });
});

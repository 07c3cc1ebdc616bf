import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { freshDatabase } from '../account/testing/postgres.js';
import { startTestAccount, type TestAccount } from '../account/testing/test-account.js';
import { ensureDemoOrders } from './demo.js';
import { addOrder } from './orders.js';
import { createStoreService, type StoreService } from './service.js';

describe('cloud store service: getOrders', () => {
  let account: TestAccount;
  let store: StoreService;
  let url: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-test-'));
  // In CI (DATABASE_URL), the store keeps its orders in PostgreSQL, as npm start does given CLOUD_DATABASE_URL.
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;

  beforeAll(async () => {
    account = await startTestAccount();
    database = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
    store = await createStoreService({ dataDir, databaseUrl: database?.url, accountUrl: account.url, validateResponses: true, development: true });
    url = await store.listen(0);
  });
  afterAll(async () => {
    await store.close();
    await account.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when a customer asks, then their orders come newest first, and another customer sees none of them', async () => {
    const anna = await account.user();
    const bert = await account.user();
    await ensureDemoOrders(store.db, anna.id);
    const res = await request(url).get('/user/order').set(anna.auth).expect(200);
    expect(res.body.map((order: { id: string }) => order.id)).toEqual(['100913', '100482', '100157']);
    expect(res.body[1]).toMatchObject({ date: '2026-10-14T09:12:00.000Z', status: 'delivered', currency: 'EUR', total: 128.9 });
    expect((await request(url).get('/user/order').set(bert.auth).expect(200)).body).toEqual([]);
  });

  it('when an order number is recorded twice, then the first one stays', async () => {
    const anna = await account.user();
    const order = { id: 'A-1', date: '2026-01-01T00:00:00.000Z', status: 'processing' as const, currency: 'EUR', total: 5, items: [] };
    await addOrder(store.db, anna.id, order);
    await addOrder(store.db, anna.id, { ...order, total: 6 });
    expect((await request(url).get('/user/order').set(anna.auth).expect(200)).body).toEqual([order]);
  });

  it('when no token, an unknown token or a token without account scopes comes, then 401, 401 and 403', async () => {
    expect((await request(url).get('/user/order').expect(401)).body.error).toBe('unauthorized');
    expect((await request(url).get('/user/order').set('Authorization', 'Bearer nope').expect(401)).body.error).toBe('invalid_token');
    const { email } = await account.signUp();
    const { access_token } = await account.tokens(email, undefined, 'homey');
    const res = await request(url).get('/user/order').set('Authorization', `Bearer ${access_token}`).expect(403);
    expect(res.body).toMatchObject({ error: 'insufficient_scope', statusCode: 403 });
  });

  it('when the account service cannot be reached, then 503 and the token is not in the answer', async () => {
    const offline = await createStoreService({ dataDir: mkdtempSync(path.join(tmpdir(), 'store-test-')), accountUrl: 'http://127.0.0.1:9' });
    const offlineUrl = await offline.listen(0);
    try {
      const res = await request(offlineUrl).get('/user/order').set('Authorization', 'Bearer secret-token-value').expect(503);
      expect(res.body.error).toBe('service_unavailable');
      expect(JSON.stringify(res.body)).not.toContain('secret-token-value');
    } finally {
      await offline.close();
    }
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { databaseOpener } from '../../common/service-database.js';
import { openStoreDb, storeMigrations } from './db.js';
import { ensureDemoOrders } from './demo.js';
import { addOrder, ordersOf, type Order } from './orders.js';
import { startTestStore, type TestStore } from './testing.js';

/** The store's database as its first migration made it: amounts in major units, no payments. */
const openStoreDbOf001 = databaseOpener<{ orders: { id: string; user_id: string; date: string; status: string; currency: string; total: number; items: string } }>({
  name: 'store',
  migrations: { '001-orders': storeMigrations['001-orders'] },
});

describe('cloud store service: getOrders and getOrder', () => {
  let shop: TestStore;
  beforeAll(async () => {
    shop = await startTestStore();
  });
  afterAll(() => shop.stop());

  it('when a customer asks, then their orders come newest first in minor units, and another customer sees none of them', async () => {
    const anna = await shop.account.user('store');
    const bert = await shop.account.user('store');
    await ensureDemoOrders(shop.service.store, anna.id);
    const res = await shop.http().get('/user/order').set(anna.auth).expect(200);
    expect(res.body.map((order: Order) => order.id)).toEqual(['100913', '100482', '100157']);
    expect(res.body[1]).toMatchObject({ date: '2026-10-14T09:12:00.000Z', status: 'delivered', state: 'paid', currency: 'EUR', subtotal: 10652, vat: 2237, total: 12889 });
    expect((await shop.http().get('/user/order').set(bert.auth).expect(200)).body).toEqual([]);
    expect((await shop.http().get('/user/order/100482').set(anna.auth).expect(200)).body).toEqual(res.body[1]);
    await shop.http().get('/user/order/100482').set(bert.auth).expect(404);
    await shop.http().get('/user/order/999999').set(anna.auth).expect(404);
    await shop.http().get('/user/order/not%20an%20id').set(anna.auth).expect(400);
  });

  it('when an order number is recorded twice, then the first one stays', async () => {
    const anna = await shop.account.user('store');
    const order: Order = { id: 'A-1', date: '2026-01-01T00:00:00.000Z', status: 'processing', state: 'paid', currency: 'EUR', subtotal: 500, discount: 0, vatRate: 0, vat: 0, total: 500, items: [] };
    await addOrder(shop.service.db, anna.id, order);
    await addOrder(shop.service.db, anna.id, { ...order, total: 600 });
    expect((await shop.http().get('/user/order').set(anna.auth).expect(200)).body).toEqual([order]);
  });

  it("when no token, an unknown token, the account's access token or a delegation token of another audience comes, then 401 saying which", async () => {
    expect((await shop.http().get('/user/order').expect(401)).body.error).toBe('unauthorized');
    expect((await shop.http().get('/user/order').set('Authorization', 'Bearer nope').expect(401)).body.error).toBe('invalid_token');
    await shop.http().get('/user/order/100482').expect(401);
    const user = await shop.account.user();
    const withAccountToken = await shop.http().get('/user/order').set(user.accountAuth).expect(401);
    expect(withAccountToken.body).toMatchObject({ error: 'invalid_token', statusCode: 401 });
    expect(withAccountToken.body.error_description).toContain('audience "store"');
    const apps = await shop.account.delegation(user.accessToken, 'apps');
    const withAppsToken = await shop.http().get('/user/order/100482').set('Authorization', `Bearer ${apps}`).expect(401);
    expect(withAppsToken.body.error_description).toBe('This delegation token is for audience "apps"; this service takes one of audience "store" (POST /delegation/token?audience=store at the account service)');
  });

  it('when a data folder from before the shop is opened, then its orders are kept with their amounts in cents', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'store-migration-'));
    try {
      const before = await openStoreDbOf001({ dataDir });
      const items = JSON.stringify([{ sku: 'ETH-ADAPTER', name: 'Ethernet adapter', quantity: 1, price: 24.95 }]);
      await before.insertInto('orders').values({ id: '100913', user_id: 'u1', date: '2026-11-20T18:05:00.000Z', status: 'shipped', currency: 'EUR', total: 24.95, items }).execute();
      await before.destroy();
      const after = await openStoreDb({ dataDir });
      try {
        expect(await ordersOf(after, 'u1')).toEqual([
          { id: '100913', date: '2026-11-20T18:05:00.000Z', status: 'shipped', state: 'paid', currency: 'EUR', subtotal: 2495, discount: 0, vatRate: 0, vat: 0, total: 2495, items: [{ sku: 'ETH-ADAPTER', name: 'Ethernet adapter', quantity: 1, price: 2495 }] },
        ]);
      } finally {
        await after.destroy();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

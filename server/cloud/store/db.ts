import type { Kysely } from 'kysely';
import { databaseOpener, timestamps, type Migrations } from '../../common/service-database.js';

/**
 * The store's tables: times as ISO text, amounts as integers in minor units, objects as JSON text, one set of
 * queries for SQLite and PostgreSQL. Accounts' subscriptions are not here: they live with the accounts
 * (../subscriptions.ts).
 */
export interface StoreTables {
  products: { sku: string; data: string };
  /** One checkout per customer: lines, locale, contact data, business, coupon and payment choice as JSON. */
  carts: { user_id: string; data: string; updated_at: string };
  orders: {
    id: string;
    user_id: string;
    date: string;
    status: string;
    /** The payment state: created, pending, paid, failed, refunded. */
    state: string;
    currency: string;
    subtotal: number;
    discount: number;
    vat_rate: number;
    vat: number;
    total: number;
    coupon: string | null;
    /** The payment choice (method and card token) as JSON. */
    payment: string | null;
    failure_reason: string | null;
    /** Payment attempts so far: each has its own idempotency key at the provider. */
    attempts: number;
    /** The order lines as JSON. */
    items: string;
  };
  /** Counters by name (`order`: the last order number given). */
  counters: { name: string; value: number };
  /** Payments at the provider, by the provider's id. */
  payments: { id: string; order_id: string; amount: number; currency: string; state: string; created_at: string; updated_at: string };
  coupons: { code: string; data: string; max_redeems: number | null; redeems: number; expires_at: string | null; created_at: string };
  coupon_uses: { code: string; user_id: string; used_at: string };
  offers: { id: string; user_id: string; data: string; expires_at: string; redeemed_at: string | null };
  /** Who invited whom: an account redeems one invitation, once. */
  referrals: { invitee_id: string; inviter_id: string; redeemed_at: string };
  /** Purchases of mobile app stores, by the store's order id. */
  purchases: { id: string; user_id: string; homey_id: string | null; data: string };
  /** One-time login tokens and shop sessions, by the SHA-256 of their secret. */
  shop_tokens: { hash: string; kind: 'login' | 'session'; user_id: string; profile: string; expires_at: string };
}

export type StoreDb = Kysely<StoreTables>;

export const storeMigrations = {
  '001-orders': {
    async up(db) {
      await db.schema
        .createTable('orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('total', 'real', (c) => c.notNull())
        .addColumn('items', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('orders_by_user').on('orders').columns(['user_id', 'date']).execute();
    },
  },
  /** The shop: amounts become integers in minor units (the orders of 001 were major units), orders get paid. */
  '002-shop': {
    async up(db) {
      const old = await db.selectFrom('orders').selectAll().execute();
      await db.schema.dropIndex('orders_by_user').execute();
      await db.schema.dropTable('orders').execute();
      await db.schema
        .createTable('orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('subtotal', 'integer', (c) => c.notNull())
        .addColumn('discount', 'integer', (c) => c.notNull())
        .addColumn('vat_rate', 'integer', (c) => c.notNull())
        .addColumn('vat', 'integer', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('coupon', 'text')
        .addColumn('payment', 'text')
        .addColumn('failure_reason', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('items', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('orders_by_user').on('orders').columns(['user_id', 'date']).execute();
      const cents = (amount: unknown) => Math.round(Number(amount) * 100);
      for (const row of old) {
        const items = (JSON.parse(row.items) as Array<{ price: number }>).map((item) => ({ ...item, price: cents(item.price) }));
        const total = cents(row.total);
        await db
          .insertInto('orders')
          .values({ ...row, state: 'paid', subtotal: total, discount: 0, vat_rate: 0, vat: 0, total, coupon: null, payment: null, failure_reason: null, attempts: 1, items: JSON.stringify(items) })
          .execute();
      }
      await db.schema.createTable('counters').addColumn('name', 'text', (c) => c.primaryKey()).addColumn('value', 'integer', (c) => c.notNull()).execute();
      await db.insertInto('counters').values({ name: 'order', value: 200000 }).execute();
      await db.schema.createTable('products').addColumn('sku', 'text', (c) => c.primaryKey()).addColumn('data', 'text', (c) => c.notNull()).execute();
      await db.schema
        .createTable('carts')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('payments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .$call(timestamps)
        .execute();
      await db.schema
        .createTable('coupons')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('max_redeems', 'integer')
        .addColumn('redeems', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('coupon_uses')
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('coupon_uses_pk', ['code', 'user_id'])
        .execute();
      await db.schema
        .createTable('offers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('redeemed_at', 'text')
        .execute();
      await db.schema.createIndex('offers_by_user').on('offers').columns(['user_id', 'expires_at']).execute();
      await db.schema
        .createTable('referrals')
        .addColumn('invitee_id', 'text', (c) => c.primaryKey())
        .addColumn('inviter_id', 'text', (c) => c.notNull())
        .addColumn('redeemed_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('purchases')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('homey_id', 'text')
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('shop_tokens')
        .addColumn('hash', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('profile', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('shop_tokens_by_user').on('shop_tokens').column('user_id').execute();
    },
  },
} satisfies Migrations;

export const openStoreDb = databaseOpener<StoreTables>({ name: 'store', migrations: storeMigrations });

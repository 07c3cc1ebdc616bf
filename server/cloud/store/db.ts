import type { Kysely, Migration } from 'kysely';
import { openServiceDb } from '../database.js';

/** The store's tables: times as ISO text and lists as JSON text, one set of queries for SQLite and PostgreSQL. */
export interface StoreTables {
  orders: {
    id: string;
    user_id: string;
    date: string;
    status: string;
    currency: string;
    total: number;
    /** The order lines as JSON. */
    items: string;
  };
}

export type StoreDb = Kysely<StoreTables>;

const migrations: Record<string, Migration> = {
  '001-orders': {
    async up(db: Kysely<any>) {
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
};

export const openStoreDb = (options: { dataDir: string; databaseUrl?: string }) =>
  openServiceDb<StoreTables>({ ...options, name: 'store', migrations });

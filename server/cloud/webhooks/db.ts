import type { Kysely } from 'kysely';
import { belongsTo, databaseOpener, timestamps, type Migrations } from '../../common/service-database.js';

export interface WebhookRow {
  id: string;
  user_id: string;
  name: string;
  fn: string;
  key_path: string;
  created_at: string;
  updated_at: string;
}

/** A hub registered for a webhook; `key_value` is its data's value at the webhook's keyPath, as JSON (null without one). */
export interface WebhookClientRow {
  webhook_id: string;
  homey_id: string;
  /** JSON object. */
  data: string;
  key_value: string | null;
  callback_url: string | null;
  registered_at: string;
}

export interface WebhookTables {
  webhooks: WebhookRow;
  webhook_clients: WebhookClientRow;
}

export type WebhooksDb = Kysely<WebhookTables>;

const migrations = {
  '001-webhooks': {
    async up(db) {
      await db.schema
        .createTable('webhooks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('fn', 'text', (c) => c.notNull())
        .addColumn('key_path', 'text', (c) => c.notNull())
        .$call(timestamps)
        .execute();
      await db.schema.createIndex('webhooks_by_user').on('webhooks').columns(['user_id', 'created_at']).execute();
      await db.schema
        .createTable('webhook_clients')
        .addColumn('webhook_id', 'text', belongsTo('webhooks.id'))
        .addColumn('homey_id', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('key_value', 'text')
        .addColumn('callback_url', 'text')
        .addColumn('registered_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('webhook_clients_pk', ['webhook_id', 'homey_id'])
        .execute();
      // A call finds the hubs it goes to by this index, however many hubs a webhook has.
      await db.schema.createIndex('webhook_clients_by_key').on('webhook_clients').columns(['webhook_id', 'key_value']).execute();
    },
  },
} satisfies Migrations;

export const openWebhooksDb = databaseOpener<WebhookTables>({ name: 'webhooks', migrations });

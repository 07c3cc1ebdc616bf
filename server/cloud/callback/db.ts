import type { Kysely } from 'kysely';
import { databaseOpener, type Migrations } from '../../common/service-database.js';

/** A hub app's OAuth2 sign-in waiting for its code: `state` goes to the provider, `token` only to the hub. */
export interface OAuth2CallbackRow {
  state: string;
  token: string;
  homey_id: string;
  created_at: string;
  expires_at: string;
  /** When the code was handed on (or the provider refused): a registration serves once. */
  used_at: string | null;
}

export interface CallbackTables {
  oauth2_callbacks: OAuth2CallbackRow;
}

export type CallbackDb = Kysely<CallbackTables>;

const migrations = {
  '001-oauth2-callbacks': {
    async up(db) {
      await db.schema
        .createTable('oauth2_callbacks')
        .addColumn('state', 'text', (c) => c.primaryKey())
        .addColumn('token', 'text', (c) => c.notNull())
        .addColumn('homey_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      // A hub's open registrations are counted by this index; expired ones are purged by the second.
      await db.schema.createIndex('oauth2_callbacks_by_hub').on('oauth2_callbacks').columns(['homey_id', 'expires_at']).execute();
      await db.schema.createIndex('oauth2_callbacks_by_expiry').on('oauth2_callbacks').column('expires_at').execute();
    },
  },
} satisfies Migrations;

export const openCallbackDb = databaseOpener<CallbackTables>({ name: 'callback', migrations });

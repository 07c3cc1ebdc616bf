import type { Kysely, Migration } from 'kysely';
import { openServiceDb } from '../../common/service-database.js';

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

// Migrations take Kysely<any>, as kysely advises: a migration must not depend on the table types of today.
const migrations: Record<string, Migration> = {
  '001-oauth2-callbacks': {
    async up(db: Kysely<any>) {
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
};

export const openCallbackDb = (options: { dataDir: string; databaseUrl?: string }) => openServiceDb<CallbackTables>({ ...options, name: 'callback', migrations });

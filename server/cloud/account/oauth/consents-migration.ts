import type { Kysely, Migration } from 'kysely';

/**
 * The consents' tables (consents.ts) and the clients' `trusted` mark: apart from consents.ts, which imports the
 * service's context and through it the migration list, so that the list does not import it back.
 */
export const consentsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('oauth_clients').addColumn('trusted', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema
      .createTable('oauth_consents')
      .addColumn('id', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_clients.id').onDelete('cascade'))
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('granted_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('oauth_consents_pk', ['user_id', 'client_id'])
      .execute();
    await db.schema
      .createTable('oauth_consent_tickets')
      .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_clients.id').onDelete('cascade'))
      .addColumn('redirect_uri', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('code_challenge', 'text')
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('oauth_consent_tickets').execute();
    await db.schema.dropTable('oauth_consents').execute();
    await db.schema.alterTable('oauth_clients').dropColumn('trusted').execute();
  },
};

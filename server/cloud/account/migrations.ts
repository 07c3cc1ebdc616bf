/** The schema of the account service's database, step by step (kysely's Migrator runs what a database lacks). */
import type { Migration, SchemaModule } from 'kysely';
import { belongsTo, timestamps, type Migrations } from '../../common/service-database.js';
import { hubOrderMigration } from './hub-order.js';
import { consentsMigration } from './oauth/consents-migration.js';

/** A table of an account's records (devices, addresses): each a JSON document with its own id, found by account. */
async function createUserRecords(schema: SchemaModule, table: string) {
  await schema
    .createTable(table)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', belongsTo('users.id'))
    .addColumn('data', 'text', (c) => c.notNull())
    .$call(timestamps)
    .execute();
  await schema.createIndex(`${table}_user`).on(table).column('user_id').execute();
}

const initial: Migration = {
  async up(db) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('email_key', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('firstname', 'text', (c) => c.notNull())
      .addColumn('lastname', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('avatar', 'text')
      .addColumn('roles', 'text', (c) => c.notNull())
      .addColumn('newsletter', 'integer', (c) => c.notNull())
      .$call(timestamps)
      .execute();
    await db.schema
      .createTable('oauth_clients')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('secret_hash', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('redirect_uris', 'text', (c) => c.notNull())
      .addColumn('grants', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('auth_codes')
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('client_id', 'text', belongsTo('oauth_clients.id'))
      .addColumn('user_id', 'text', belongsTo('users.id'))
      .addColumn('redirect_uri', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('code_challenge', 'text')
      .addColumn('grant_id', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('tokens')
      .addColumn('access_hash', 'text', (c) => c.primaryKey())
      .addColumn('refresh_hash', 'text', (c) => c.unique())
      .addColumn('grant_id', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', belongsTo('oauth_clients.id'))
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('access_expires_at', 'text', (c) => c.notNull())
      .addColumn('refresh_expires_at', 'text')
      .addColumn('replaced', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('tokens_grant').on('tokens').column('grant_id').execute();
    await db.schema.createIndex('tokens_user').on('tokens').column('user_id').execute();
    await db.schema
      .createTable('hubs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', belongsTo('users.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('serial', 'text')
      .addColumn('software_version', 'text')
      .addColumn('data', 'text', (c) => c.notNull())
      .$call(timestamps)
      .execute();
    await db.schema
      .createTable('hub_users')
      .addColumn('hub_id', 'text', belongsTo('hubs.id'))
      .addColumn('user_id', 'text', belongsTo('users.id'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('hub_users_pk', ['hub_id', 'user_id'])
      .execute();
    await db.schema.createIndex('hub_users_user').on('hub_users').column('user_id').execute();
    await db.schema
      .createTable('password_resets')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', belongsTo('users.id'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db) {
    for (const table of ['password_resets', 'hub_users', 'hubs', 'tokens', 'auth_codes', 'oauth_clients', 'users']) {
      await db.schema.dropTable(table).execute();
    }
  },
};

/** Sessions list their start; user devices; clients registered by users. */
const devicesSessionsClients: Migration = {
  async up(db) {
    await db.schema.alterTable('tokens').addColumn('signed_in_at', 'text').execute();
    await db.schema.alterTable('oauth_clients').addColumn('owner_id', 'text', (c) => c.references('users.id').onDelete('cascade')).execute();
    await db.schema.createIndex('oauth_clients_owner').on('oauth_clients').column('owner_id').execute();
    await createUserRecords(db.schema, 'user_devices');
  },
  async down(db) {
    await db.schema.dropTable('user_devices').execute();
    await db.schema.dropIndex('oauth_clients_owner').execute();
    await db.schema.alterTable('oauth_clients').dropColumn('owner_id').execute();
    await db.schema.alterTable('tokens').dropColumn('signed_in_at').execute();
  },
};

/** Per-user connection notifications of a hub; hub metadata. */
const notificationsMetadata: Migration = {
  async up(db) {
    await db.schema.alterTable('hub_users').addColumn('notify_push', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await db.schema.alterTable('hub_users').addColumn('notify_email', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema
      .createTable('hub_metadata')
      .addColumn('hub_id', 'text', belongsTo('hubs.id'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('hub_metadata_pk', ['hub_id', 'key'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('hub_metadata').execute();
    await db.schema.alterTable('hub_users').dropColumn('notify_email').execute();
    await db.schema.alterTable('hub_users').dropColumn('notify_push').execute();
  },
};

/** Invitations of accounts to hubs. */
const invites: Migration = {
  async up(db) {
    await db.schema
      .createTable('invites')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('hub_id', 'text', belongsTo('hubs.id'))
      .addColumn('inviter_id', 'text', belongsTo('users.id'))
      .addColumn('user_id', 'text', belongsTo('users.id'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('token', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('accepted_at', 'text')
      .addUniqueConstraint('invites_hub_user', ['hub_id', 'user_id'])
      .execute();
    await db.schema.createIndex('invites_user').on('invites').column('user_id').execute();
  },
  async down(db) {
    await db.schema.dropTable('invites').execute();
  },
};

/** Postal addresses of accounts. */
const addresses: Migration = {
  async up(db) {
    await createUserRecords(db.schema, 'user_addresses');
  },
  async down(db) {
    await db.schema.dropTable('user_addresses').execute();
  },
};

/** Avatar images, in the database so that every instance of the service serves them. */
const avatars: Migration = {
  async up(db) {
    await db.schema
      .createTable('avatars')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('content_type', 'text', (c) => c.notNull())
      // bytea is PostgreSQL's binary type; SQLite stores the Buffer as the blob it is.
      .addColumn('data', 'bytea', (c) => c.notNull())
      .addColumn('etag', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('avatars').execute();
  },
};

/** The language of an account's newsletter, when it differs from the account's. */
const newsletterLanguage: Migration = {
  async up(db) {
    await db.schema.alterTable('users').addColumn('newsletter_language', 'text').execute();
  },
  async down(db) {
    await db.schema.alterTable('users').dropColumn('newsletter_language').execute();
  },
};

/**
 * E-mail verification; subscriptions and installer details of accounts; bridges and portals; self-hosted servers;
 * apps and region of hub records (for statistics); mailing lists kept here rather than at the mailing provider.
 */
const accountsHardwareLists: Migration = {
  async up(db) {
    await db.schema.alterTable('users').addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await db.schema.alterTable('hubs').addColumn('region', 'text').execute();
    await db.schema.alterTable('hubs').addColumn('activated_at', 'text').execute();
    await db.schema
      .createTable('email_verifications')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', belongsTo('users.id'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('user_subscriptions')
      .addColumn('user_id', 'text', belongsTo('users.id'))
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .$call(timestamps)
      .addPrimaryKeyConstraint('user_subscriptions_pk', ['user_id', 'id'])
      .execute();
    await db.schema
      .createTable('installer_information')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('website', 'text')
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('peripherals')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('serial', 'text', (c) => c.notNull())
      .addColumn('serial_hash', 'text', (c) => c.notNull())
      .addColumn('owner_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('hub_id', 'text', (c) => c.references('hubs.id').onDelete('set null'))
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('activated_at', 'text')
      .$call(timestamps)
      .addPrimaryKeyConstraint('peripherals_pk', ['kind', 'serial'])
      .execute();
    await db.schema.createIndex('peripherals_owner').on('peripherals').column('owner_id').execute();
    await db.schema.createIndex('peripherals_hub').on('peripherals').column('hub_id').execute();
    await db.schema
      .createTable('self_hosted_servers')
      .addColumn('hub_id', 'text', (c) => c.primaryKey().references('hubs.id').onDelete('cascade'))
      .addColumn('subscription_type', 'text')
      .addColumn('subscription_expires_at', 'text')
      .addColumn('shopify_contract_id', 'text')
      .addColumn('expired', 'integer', (c) => c.notNull())
      .addColumn('custom_hostname', 'text', (c) => c.unique())
      .execute();
    await db.schema
      .createTable('hub_apps')
      .addColumn('hub_id', 'text', belongsTo('hubs.id'))
      .addColumn('app_id', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('drivers', 'text', (c) => c.notNull())
      .addColumn('flow_cards', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('hub_apps_pk', ['hub_id', 'app_id'])
      .execute();
    await db.schema.createIndex('hub_apps_app').on('hub_apps').column('app_id').execute();
    await db.schema
      .createTable('mailing_list_members')
      .addColumn('list_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', belongsTo('users.id'))
      .addColumn('subscribed_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('mailing_list_members_pk', ['list_id', 'user_id'])
      .execute();
    await db.schema
      .createTable('mailing_list_tags')
      .addColumn('list_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', belongsTo('users.id'))
      .addColumn('tag', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('mailing_list_tags_pk', ['list_id', 'user_id', 'tag'])
      .execute();
  },
  async down(db) {
    for (const table of ['mailing_list_tags', 'mailing_list_members', 'hub_apps', 'self_hosted_servers', 'peripherals', 'installer_information', 'user_subscriptions', 'email_verifications']) {
      await db.schema.dropTable(table).execute();
    }
    await db.schema.alterTable('hubs').dropColumn('activated_at').execute();
    await db.schema.alterTable('hubs').dropColumn('region').execute();
    await db.schema.alterTable('users').dropColumn('email_verified').execute();
  },
};

/**
 * Migrations, run in the order of their names (hence the numbers); a new one is added below, never changed once
 * released.
 */
export const migrations = {
  '001-initial': initial,
  '002-devices-sessions-clients': devicesSessionsClients,
  '003-notifications-metadata': notificationsMetadata,
  '004-invites': invites,
  '005-addresses': addresses,
  '006-avatars': avatars,
  '007-newsletter-language': newsletterLanguage,
  '008-accounts-hardware-lists': accountsHardwareLists,
  '009-hub-order': hubOrderMigration,
  '010-oauth-consents': consentsMigration,
} satisfies Migrations;


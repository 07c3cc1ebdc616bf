import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration } from 'kysely';
import pg from 'pg';
import { openDb } from '../../http/db.js';

/**
 * The account service's tables. Times are ISO 8601 strings (they sort as text on both databases), lists and
 * objects JSON text, flags integers 0/1: one set of queries for SQLite and PostgreSQL.
 */
export interface Tables {
  users: {
    id: string;
    email: string;
    /** The address in lower case: addresses are unique in any case. */
    email_key: string;
    password_hash: string;
    firstname: string;
    lastname: string;
    language: string;
    avatar: string | null;
    roles: string;
    newsletter: number;
    created_at: string;
    updated_at: string;
  };
  oauth_clients: {
    id: string;
    /** Null for a public client (a browser app), which must use PKCE. */
    secret_hash: string | null;
    name: string;
    redirect_uris: string;
    grants: string;
    scopes: string;
    created_at: string;
    /** The account that registered the client through the API; null for clients of the platform. */
    owner_id: string | null;
  };
  auth_codes: {
    code_hash: string;
    client_id: string;
    user_id: string;
    redirect_uri: string;
    scopes: string;
    code_challenge: string | null;
    grant_id: string;
    expires_at: string;
    used: number;
  };
  tokens: {
    access_hash: string;
    refresh_hash: string | null;
    /** Every token of one sign-in shares it, so that a replayed code or refresh token ends them all. */
    grant_id: string;
    client_id: string;
    user_id: string | null;
    scopes: string;
    access_expires_at: string;
    refresh_expires_at: string | null;
    /** The refresh token was used and replaced: presenting it again is a replay. */
    replaced: number;
    /** When the sign-in began (carried through refreshes); null for rows from before it was kept. */
    signed_in_at: string | null;
  };
  hubs: {
    id: string;
    owner_id: string;
    name: string;
    serial: string | null;
    software_version: string | null;
    /** The other fields of the record (platform, model, addresses ...). */
    data: string;
    created_at: string;
    updated_at: string;
  };
  hub_users: {
    hub_id: string;
    user_id: string;
    role: string;
    /** Whether this user hears of the hub going offline or coming back, by push and by e-mail. */
    notify_push: number;
    notify_email: number;
  };
  hub_metadata: { hub_id: string; key: string; value: string; updated_at: string };
  avatars: { user_id: string; content_type: string; data: Buffer; etag: string; updated_at: string };
  user_addresses: { id: string; user_id: string; data: string; created_at: string; updated_at: string };
  invites: {
    id: string;
    hub_id: string;
    inviter_id: string;
    user_id: string;
    role: string;
    /** The hub's own invite token, handed to the invited person's app once accepted. */
    token: string | null;
    created_at: string;
    accepted_at: string | null;
  };
  password_resets: { token_hash: string; user_id: string; expires_at: string };
  user_devices: {
    id: string;
    user_id: string;
    /** The device's fields (name, platform, token ...) as JSON. */
    data: string;
    created_at: string;
    updated_at: string;
  };
}

export type AccountDb = Kysely<Tables>;

const initial: Migration = {
  async up(db: Kysely<any>) {
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
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
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
    const user = (c: any) => c.notNull().references('users.id').onDelete('cascade');
    const client = (c: any) => c.notNull().references('oauth_clients.id').onDelete('cascade');
    await db.schema
      .createTable('auth_codes')
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('client_id', 'text', client)
      .addColumn('user_id', 'text', user)
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
      .addColumn('client_id', 'text', client)
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
      .addColumn('owner_id', 'text', user)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('serial', 'text')
      .addColumn('software_version', 'text')
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('hub_users')
      .addColumn('hub_id', 'text', (c) => c.notNull().references('hubs.id').onDelete('cascade'))
      .addColumn('user_id', 'text', user)
      .addColumn('role', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('hub_users_pk', ['hub_id', 'user_id'])
      .execute();
    await db.schema.createIndex('hub_users_user').on('hub_users').column('user_id').execute();
    await db.schema
      .createTable('password_resets')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', user)
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const table of ['password_resets', 'hub_users', 'hubs', 'tokens', 'auth_codes', 'oauth_clients', 'users']) {
      await db.schema.dropTable(table).execute();
    }
  },
};

/** Sessions list their start; user devices; clients registered by users. */
const devicesSessionsClients: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('tokens').addColumn('signed_in_at', 'text').execute();
    await db.schema.alterTable('oauth_clients').addColumn('owner_id', 'text', (c) => c.references('users.id').onDelete('cascade')).execute();
    await db.schema.createIndex('oauth_clients_owner').on('oauth_clients').column('owner_id').execute();
    await db.schema
      .createTable('user_devices')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('user_devices_user').on('user_devices').column('user_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('user_devices').execute();
    await db.schema.dropIndex('oauth_clients_owner').execute();
    await db.schema.alterTable('oauth_clients').dropColumn('owner_id').execute();
    await db.schema.alterTable('tokens').dropColumn('signed_in_at').execute();
  },
};

/** Per-user connection notifications of a hub; hub metadata. */
const notificationsMetadata: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('hub_users').addColumn('notify_push', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await db.schema.alterTable('hub_users').addColumn('notify_email', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema
      .createTable('hub_metadata')
      .addColumn('hub_id', 'text', (c) => c.notNull().references('hubs.id').onDelete('cascade'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('hub_metadata_pk', ['hub_id', 'key'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('hub_metadata').execute();
    await db.schema.alterTable('hub_users').dropColumn('notify_email').execute();
    await db.schema.alterTable('hub_users').dropColumn('notify_push').execute();
  },
};

/** Invitations of accounts to hubs. */
const invites: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('invites')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('hub_id', 'text', (c) => c.notNull().references('hubs.id').onDelete('cascade'))
      .addColumn('inviter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('token', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('accepted_at', 'text')
      .addUniqueConstraint('invites_hub_user', ['hub_id', 'user_id'])
      .execute();
    await db.schema.createIndex('invites_user').on('invites').column('user_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('invites').execute();
  },
};

/** Postal addresses of accounts. */
const addresses: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('user_addresses')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('user_addresses_user').on('user_addresses').column('user_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('user_addresses').execute();
  },
};

/** Avatar images, in the database so that every instance of the service serves them. */
const avatars: Migration = {
  async up(db: Kysely<any>) {
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
  async down(db: Kysely<any>) {
    await db.schema.dropTable('avatars').execute();
  },
};

/**
 * Migrations, run in the order of their names (hence the numbers); a new one is added below, never changed once
 * released.
 */
const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-devices-sessions-clients': devicesSessionsClients,
  '003-notifications-metadata': notificationsMetadata,
  '004-invites': invites,
  '005-addresses': addresses,
  '006-avatars': avatars,
};

/**
 * Opens the database: PostgreSQL when `databaseUrl` is given (postgres://...), else SQLite in `dataDir`, and
 * brings its schema up to date.
 */
export async function openAccountDb(options: { databaseUrl?: string; dataDir: string }): Promise<AccountDb> {
  const dialect = options.databaseUrl
    ? new PostgresDialect({ pool: new pg.Pool({ connectionString: options.databaseUrl, max: 10 }) })
    : new SqliteDialect({ database: openDb(path.join(options.dataDir, 'account.sqlite')) });
  const db = new Kysely<Tables>({ dialect });
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateToLatest();
  if (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/** Whether an error is a unique-key violation (SQLite or PostgreSQL), for a 409 instead of a 500. */
export function isUniqueViolation(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

export { sql };

import { sql, type Generated, type Kysely } from 'kysely';
import { databaseOpener } from '../../common/service-database.js';
import type { SubscriptionTables } from './subscriptions.js';
import { migrations } from './migrations.js';

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
    /** Null: the account's language. */
    newsletter_language: string | null;
    /** 0 after the address changed, until the link mailed to the new address is followed. */
    email_verified: number;
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
    /** 1 for the platform's own clients, which ask no consent (oauth/consents.ts). */
    trusted: Generated<number>;
  };
  /** What a user allowed an app on the consent page: every scope so far (JSON). */
  oauth_consents: {
    id: string;
    user_id: string;
    client_id: string;
    scopes: string;
    granted_at: string;
    updated_at: string;
  };
  /** A signed-in request waiting on its consent page, by its ticket's SHA-256 (single use, short-lived). */
  oauth_consent_tickets: {
    ticket_hash: string;
    user_id: string;
    client_id: string;
    redirect_uri: string;
    scopes: string;
    code_challenge: string | null;
    expires_at: string;
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
    region: string | null;
    /** When a person claimed the hub (activateHomey); null for a record made in production and not yet claimed. */
    activated_at: string | null;
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
    /** The place of this hub among the user's hubs: 1 for the first one added, then counting up (see `hubOrderFor`). */
    added_order: Generated<number>;
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
  email_verifications: { token_hash: string; user_id: string; email: string; expires_at: string };
  /** A subscription of an account (Pro backups `plus…`, `premium…`, `developer…`): its fields as JSON (see ../subscriptions.ts). */
  user_subscriptions: SubscriptionTables['user_subscriptions'];
  installer_information: { user_id: string; website: string | null; email: string | null; phone: string | null; updated_at: string };
  /** Bridges and portals: made in production, then activated by the person who set them up. */
  peripherals: {
    kind: 'bridge' | 'portal';
    serial: string;
    /** SHA-256 of the serial (hex), which devices announce instead of the serial itself. */
    serial_hash: string;
    owner_id: string | null;
    hub_id: string | null;
    data: string;
    activated_at: string | null;
    created_at: string;
    updated_at: string;
  };
  self_hosted_servers: {
    hub_id: string;
    subscription_type: string | null;
    subscription_expires_at: string | null;
    shopify_contract_id: string | null;
    /** The subscription ran out (expireSelfHostedServerSubscriptions). */
    expired: number;
    custom_hostname: string | null;
  };
  /** The apps a hub reports, one row per app, for the statistics. */
  hub_apps: { hub_id: string; app_id: string; version: string; channel: string; drivers: string; flow_cards: string };
  mailing_list_members: { list_id: string; user_id: string; subscribed_at: string; updated_at: string };
  mailing_list_tags: { list_id: string; user_id: string; tag: string };
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

/** The account service's database, older than the others: it records its migrations in kysely's own table. */
export const openAccountDb = databaseOpener<Tables>({ name: 'account', migrations, migrationTable: 'kysely_migration' });

/** Whether an error is a unique-key violation (SQLite or PostgreSQL), for a 409 instead of a 500. */
export function isUniqueViolation(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

export { sql };

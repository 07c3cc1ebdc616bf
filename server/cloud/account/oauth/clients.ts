import type { Selectable } from 'kysely';
import { hasScope } from '../../../../client/scopes.js';
import type { Account } from '../context.js';
import { digest, sameSecret } from '../crypto.js';
import type { Tables } from '../db.js';
import { oauthError } from './errors.js';

export const GRANTS = ['authorization_code', 'refresh_token', 'client_credentials', 'password'] as const;
/** A grant of RFC 6749, or an extension grant by its absolute URI (§4.5), registered with the service. */
export type Grant = (typeof GRANTS)[number] | `${string}:${string}`;

/** An OAuth2 client as registered: a confidential one has a secret, a public one (a browser app) uses PKCE. */
export interface ClientRegistration {
  id: string;
  /** Omitted for a public client. */
  secret?: string;
  name: string;
  redirectUris: string[];
  grants: Grant[];
  scopes: string[];
  /** One of the platform's own clients (the support form): its users are asked no consent (consents.ts). */
  trusted?: boolean;
}

export interface Client {
  id: string;
  name: string;
  isPublic: boolean;
  redirectUris: string[];
  grants: Grant[];
  scopes: string[];
  trusted: boolean;
}

const toClient = (row: Selectable<Tables['oauth_clients']>): Client => ({
  id: row.id,
  name: row.name,
  isPublic: row.secret_hash === null,
  redirectUris: JSON.parse(row.redirect_uris) as string[],
  grants: JSON.parse(row.grants) as Grant[],
  scopes: JSON.parse(row.scopes) as string[],
  trusted: row.trusted === 1,
});

/** Registers a client, or replaces the registration of its id (the secret is stored hashed). */
export async function registerClient(account: Account, client: ClientRegistration): Promise<void> {
  const row = {
    id: client.id,
    secret_hash: client.secret === undefined ? null : digest(client.secret),
    name: client.name,
    redirect_uris: JSON.stringify(client.redirectUris),
    grants: JSON.stringify(client.grants),
    scopes: JSON.stringify(client.scopes),
    created_at: account.iso(),
    owner_id: null,
    trusted: client.trusted ? 1 : 0,
  };
  const { id, created_at, owner_id, ...changes } = row;
  await account.db.insertInto('oauth_clients').values(row).onConflict((oc) => oc.column('id').doUpdateSet(changes)).execute();
}

export async function findClient(account: Account, id: string): Promise<Client | undefined> {
  const row = await account.db.selectFrom('oauth_clients').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toClient(row);
}

/** The client of a token request, authenticated by its secret unless public; else 401 invalid_client. */
export async function authenticateClient(account: Account, id: string, secret: string | undefined): Promise<Client> {
  const row = await account.db.selectFrom('oauth_clients').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw oauthError.invalidClient();
  if (row.secret_hash === null ? secret !== undefined : secret === undefined || !sameSecret(digest(secret), row.secret_hash)) {
    throw oauthError.invalidClient();
  }
  return toClient(row);
}

/** Scopes asked for (comma- or space-separated; none asked: every scope of the client), each granted to the client. */
export function grantedScopes(client: Client, asked: string | undefined): string[] {
  const scopes = (asked ?? '').split(/[\s,]+/).filter(Boolean);
  if (!scopes.length) return [...client.scopes];
  for (const scope of scopes) if (!hasScope(client.scopes, scope)) throw oauthError.invalidScope(scope);
  return [...new Set(scopes)];
}

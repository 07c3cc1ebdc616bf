/**
 * Consent to third-party apps (OAuth clients) in the authorization-code flow: what a user allowed an app, remembered
 * per user and app with every scope allowed so far, and the single-use ticket that carries a signed-in user from the
 * password form to the consent page without a browser session (kept hashed in the database, as codes are, so that
 * any instance of the service takes it). The platform's own clients, registered `trusted` (the support
 * form), ask no consent; every other app does, the first time and whenever it asks for a scope not yet allowed.
 */
import type { components } from '../../../../generated/cloud/account.js';
import { notFound } from '../../../http/errors.js';
import { hasScope } from '../../../../client/scopes.js';
import type { Account } from '../context.js';
import { digest, newId, newSecret } from '../crypto.js';
import type { Client } from './clients.js';

export type ConsentView = components['schemas']['Consent'];

/** How long the consent page's ticket is good for after the sign-in. */
export const CONSENT_TICKET_TTL_MS = 10 * 60_000;

const allowedScopes = async (account: Account, userId: string, clientId: string) => {
  const row = await account.db.selectFrom('oauth_consents').select('scopes').where('user_id', '=', userId).where('client_id', '=', clientId).executeTakeFirst();
  return row ? (JSON.parse(row.scopes) as string[]) : undefined;
};

/** Whether the app may have these scopes of the user without asking: a trusted client, or each scope allowed before. */
export async function consentCovers(account: Account, userId: string, client: Client, scopes: string[]): Promise<boolean> {
  if (client.trusted) return true;
  const allowed = await allowedScopes(account, userId, client.id);
  return allowed !== undefined && scopes.every((scope) => hasScope(allowed, scope));
}

/** Remembers that the user allowed the app these scopes, beside those allowed before. */
export async function rememberConsent(account: Account, userId: string, clientId: string, scopes: string[]): Promise<void> {
  const now = account.iso();
  const all = JSON.stringify([...new Set([...((await allowedScopes(account, userId, clientId)) ?? []), ...scopes])].sort());
  await account.db
    .insertInto('oauth_consents')
    .values({ id: newId(), user_id: userId, client_id: clientId, scopes: all, granted_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'client_id']).doUpdateSet({ scopes: all, updated_at: now }))
    .execute();
}

export async function consentsOf(account: Account, userId: string): Promise<ConsentView[]> {
  const rows = await account.db
    .selectFrom('oauth_consents')
    .innerJoin('oauth_clients', 'oauth_clients.id', 'oauth_consents.client_id')
    .select(['oauth_consents.id', 'oauth_consents.client_id', 'oauth_clients.name', 'oauth_consents.scopes', 'oauth_consents.granted_at', 'oauth_consents.updated_at'])
    .where('oauth_consents.user_id', '=', userId)
    .orderBy('oauth_consents.updated_at', 'desc')
    .orderBy('oauth_consents.client_id')
    .execute();
  return rows.map((row) => ({ _id: row.id, clientId: row.client_id, clientName: row.name, scopes: JSON.parse(row.scopes) as string[], grantedAt: row.granted_at, updatedAt: row.updated_at }));
}

/** Withdraws the user's consent and ends the app's tokens of the user, in one transaction; 404 for none of theirs. */
export async function withdrawConsent(account: Account, userId: string, id: string): Promise<void> {
  await account.db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('oauth_consents').where('id', '=', id).where('user_id', '=', userId).returning('client_id').executeTakeFirst();
    if (!row) throw notFound('Consent');
    await trx.deleteFrom('tokens').where('user_id', '=', userId).where('client_id', '=', row.client_id).execute();
  });
}

/** What a consent ticket vouches for: who signed in, for which request. */
export interface ConsentTicket {
  userId: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  codeChallenge: string | null;
}

/** A ticket for the consent page of this signed-in request (expired ones are dropped on the way). */
export async function issueConsentTicket(account: Account, ticket: ConsentTicket): Promise<string> {
  const secret = newSecret();
  await account.db.deleteFrom('oauth_consent_tickets').where('expires_at', '<=', account.iso()).execute();
  await account.db
    .insertInto('oauth_consent_tickets')
    .values({ ticket_hash: digest(secret), user_id: ticket.userId, client_id: ticket.clientId, redirect_uri: ticket.redirectUri, scopes: JSON.stringify(ticket.scopes), code_challenge: ticket.codeChallenge, expires_at: account.iso(CONSENT_TICKET_TTL_MS) })
    .execute();
  return secret;
}

/** Takes the ticket (it serves once): what it vouches for if it exists and has not expired, else undefined. */
export async function takeConsentTicket(account: Account, secret: string): Promise<ConsentTicket | undefined> {
  const row = await account.db.deleteFrom('oauth_consent_tickets').where('ticket_hash', '=', digest(secret)).returningAll().executeTakeFirst();
  if (!row || row.expires_at <= account.iso()) return undefined;
  return { userId: row.user_id, clientId: row.client_id, redirectUri: row.redirect_uri, scopes: JSON.parse(row.scopes) as string[], codeChallenge: row.code_challenge };
}

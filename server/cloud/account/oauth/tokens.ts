import { createHash } from 'node:crypto';
import type { Account, AccountSession } from '../context.js';
import { digest, newId, newSecret } from '../crypto.js';
import type { Client } from './clients.js';
import { oauthError } from './errors.js';

export const ACCESS_TTL_MS = 60 * 60 * 1000;
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const CODE_TTL_MS = 60 * 1000;

export interface TokenAnswer {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  refresh_token?: string;
  scope: string;
}

interface Issue {
  client: Client;
  userId: string | null;
  scopes: readonly string[];
  /** The sign-in the tokens belong to, and when it began; a new one without. */
  grantId?: string;
  signedInAt?: string | null;
}

/** A new access token, and a refresh token when the client may refresh and a user signed in. */
export async function issueTokens(account: Account, { client, userId, scopes, grantId = newId(), signedInAt = account.iso() }: Issue): Promise<TokenAnswer> {
  const access = newSecret();
  const refresh = userId && client.grants.includes('refresh_token') ? newSecret() : null;
  const now = account.now();
  await account.db
    .insertInto('tokens')
    .values({
      access_hash: digest(access),
      refresh_hash: refresh && digest(refresh),
      grant_id: grantId,
      client_id: client.id,
      user_id: userId,
      scopes: scopes.join(' '),
      access_expires_at: new Date(now + ACCESS_TTL_MS).toISOString(),
      refresh_expires_at: refresh && new Date(now + REFRESH_TTL_MS).toISOString(),
      replaced: 0,
      signed_in_at: signedInAt,
    })
    .execute();
  return {
    access_token: access,
    token_type: 'bearer',
    expires_in: ACCESS_TTL_MS / 1000,
    ...(refresh ? { refresh_token: refresh } : {}),
    scope: scopes.join(' '),
  };
}

/** The session of a valid access token, or null. */
export async function authenticateAccess(account: Account, token: string): Promise<AccountSession | null> {
  const row = await account.db
    .selectFrom('tokens')
    .innerJoin('oauth_clients', 'oauth_clients.id', 'tokens.client_id')
    .select(['tokens.grant_id', 'tokens.user_id', 'tokens.scopes', 'tokens.client_id', 'oauth_clients.name', 'tokens.access_hash'])
    .where('tokens.access_hash', '=', digest(token))
    .where('tokens.access_expires_at', '>', account.iso())
    .executeTakeFirst();
  if (!row) return null;
  return { id: row.access_hash, userId: row.user_id, scopes: row.scopes.split(' ').filter(Boolean), clientId: row.client_id, clientName: row.name };
}

/** Ends every token of a sign-in: a replayed code or refresh token means one of them leaked. */
const endGrant = (account: Account, grantId: string) => account.db.deleteFrom('tokens').where('grant_id', '=', grantId).execute();

export async function refresh(account: Account, client: Client, token: string, asked: string | undefined): Promise<TokenAnswer> {
  const row = await account.db.selectFrom('tokens').selectAll().where('refresh_hash', '=', digest(token)).executeTakeFirst();
  if (!row || row.client_id !== client.id || !row.user_id) throw oauthError.invalidGrant('The refresh token is invalid, expired or revoked');
  if (row.replaced) {
    await endGrant(account, row.grant_id);
    throw oauthError.invalidGrant('The refresh token was used already: every token of this sign-in is revoked');
  }
  if (!row.refresh_expires_at || row.refresh_expires_at <= account.iso()) throw oauthError.invalidGrant('The refresh token is invalid, expired or revoked');
  const original = row.scopes.split(' ').filter(Boolean);
  const scopes = asked === undefined ? original : asked.split(/[\s,]+/).filter(Boolean);
  const beyond = scopes.find((scope) => !original.includes(scope));
  if (beyond) throw oauthError.invalidScope(beyond);
  // Only one of two concurrent uses wins; the loser is a replay.
  const { numUpdatedRows } = await account.db
    .updateTable('tokens')
    .set({ replaced: 1, access_expires_at: account.iso() })
    .where('access_hash', '=', row.access_hash)
    .where('replaced', '=', 0)
    .executeTakeFirst();
  if (numUpdatedRows !== 1n) {
    await endGrant(account, row.grant_id);
    throw oauthError.invalidGrant('The refresh token was used already: every token of this sign-in is revoked');
  }
  return issueTokens(account, { client, userId: row.user_id, scopes, grantId: row.grant_id, signedInAt: row.signed_in_at });
}

export interface CodeRequest {
  client: Client;
  userId: string;
  redirectUri: string;
  scopes: readonly string[];
  codeChallenge: string | null;
}

export async function issueCode(account: Account, request: CodeRequest): Promise<string> {
  const code = newSecret();
  await account.db
    .insertInto('auth_codes')
    .values({
      code_hash: digest(code),
      client_id: request.client.id,
      user_id: request.userId,
      redirect_uri: request.redirectUri,
      scopes: request.scopes.join(' '),
      code_challenge: request.codeChallenge,
      grant_id: newId(),
      expires_at: new Date(account.now() + CODE_TTL_MS).toISOString(),
      used: 0,
    })
    .execute();
  return code;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** RFC 6749 §4.1.3 and RFC 7636 §4.6: a code of this client and of the redirect URI if one is sent, unused, unexpired, its PKCE verifier right. */
export async function redeemCode(account: Account, client: Client, code: string, redirectUri: string | undefined, verifier: string | undefined): Promise<TokenAnswer> {
  const row = await account.db.selectFrom('auth_codes').selectAll().where('code_hash', '=', digest(code)).executeTakeFirst();
  const invalid = () => oauthError.invalidGrant('The authorization code is invalid, expired or used');
  if (!row || row.client_id !== client.id) throw invalid();
  const { numUpdatedRows } = await account.db.updateTable('auth_codes').set({ used: 1 }).where('code_hash', '=', row.code_hash).where('used', '=', 0).executeTakeFirst();
  if (numUpdatedRows !== 1n) {
    await endGrant(account, row.grant_id);
    throw invalid();
  }
  if (row.expires_at <= account.iso()) throw invalid();
  // The official cloud client sends none; a code stays bound to the URI it was issued for all the same.
  if (redirectUri !== undefined && redirectUri !== row.redirect_uri) throw oauthError.invalidGrant('redirect_uri differs from the one of the authorization request');
  if (row.code_challenge !== null) {
    if (!verifier || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || s256(verifier) !== row.code_challenge) {
      throw oauthError.invalidGrant('The PKCE code_verifier does not match the code_challenge');
    }
  } else if (verifier !== undefined) {
    throw oauthError.invalidGrant('This code was issued without a PKCE code_challenge');
  }
  return issueTokens(account, { client, userId: row.user_id, scopes: row.scopes.split(' ').filter(Boolean), grantId: row.grant_id });
}

import type { components } from '../../../generated/cloud/account.js';
import { notFound } from '../../http/errors.js';
import type { Account, AccountSession } from './context.js';

export type SessionView = components['schemas']['Session'];

/**
 * An account's sign-ins: per grant, its live token (the one not replaced by a refresh), newest first. A sign-in
 * lasts while its access or refresh token is valid.
 */
export async function sessionsOf(account: Account, userId: string, caller: AccountSession): Promise<SessionView[]> {
  const now = account.iso();
  const rows = await account.db
    .selectFrom('tokens')
    .innerJoin('oauth_clients', 'oauth_clients.id', 'tokens.client_id')
    .select(['tokens.grant_id', 'tokens.client_id', 'oauth_clients.name', 'tokens.scopes', 'tokens.signed_in_at', 'tokens.access_expires_at', 'tokens.refresh_expires_at', 'tokens.access_hash'])
    .where('tokens.user_id', '=', userId)
    .where('tokens.replaced', '=', 0)
    .where((eb) => eb.or([eb('tokens.access_expires_at', '>', now), eb('tokens.refresh_expires_at', '>', now)]))
    .orderBy('tokens.signed_in_at', 'desc')
    .orderBy('tokens.grant_id')
    .execute();
  const callerGrant = rows.find((row) => row.access_hash === caller.id)?.grant_id;
  return rows.map((row) => ({
    _id: row.grant_id,
    clientId: row.client_id,
    clientName: row.name,
    scopes: row.scopes.split(' ').filter(Boolean),
    signedInAt: row.signed_in_at ?? row.access_expires_at,
    expiresAt: row.refresh_expires_at && row.refresh_expires_at > row.access_expires_at ? row.refresh_expires_at : row.access_expires_at,
    current: row.grant_id === callerGrant,
  }));
}

export async function endSession(account: Account, userId: string, sessionId: string): Promise<void> {
  const { numDeletedRows } = await account.db.deleteFrom('tokens').where('user_id', '=', userId).where('grant_id', '=', sessionId).executeTakeFirst();
  if (numDeletedRows === 0n) throw notFound('Session');
}

export type PersonalAccessAppView = components['schemas']['PersonalAccessApp'];

/** The apps holding live access to the account: its sign-ins summed per app, most recently granted first. */
export async function personalAccessApps(account: Account, userId: string, caller: AccountSession): Promise<PersonalAccessAppView[]> {
  const apps = new Map<string, PersonalAccessAppView>();
  for (const session of await sessionsOf(account, userId, caller)) {
    const app = apps.get(session.clientId);
    if (!app) {
      apps.set(session.clientId, { clientId: session.clientId, clientName: session.clientName, scopes: session.scopes, sessions: 1, grantedAt: session.signedInAt, expiresAt: session.expiresAt, current: session.current });
      continue;
    }
    app.scopes = [...new Set([...app.scopes, ...session.scopes])];
    app.sessions += 1;
    if (session.signedInAt < app.grantedAt) app.grantedAt = session.signedInAt;
    if (session.expiresAt > app.expiresAt) app.expiresAt = session.expiresAt;
    app.current ||= session.current;
  }
  return [...apps.values()].sort((a, b) => (a.grantedAt < b.grantedAt ? 1 : a.grantedAt > b.grantedAt ? -1 : a.clientId < b.clientId ? -1 : 1));
}

/** Ends every token of the account held by an app other than the caller's. */
export async function revokeOtherApps(account: Account, userId: string, callerClientId: string): Promise<void> {
  await account.db.deleteFrom('tokens').where('user_id', '=', userId).where('client_id', '!=', callerClientId).execute();
}

import type { components } from '../../../generated/hub/users.js';
import { forbidden, notFound } from '../../http/errors.js';
import { hasScope } from '../../../client/scopes.js';
import type { HubCore } from '../core/context.js';
import type { HubSession, SessionItem } from '../access/sessions.js';

type PersonalAccessToken = components['schemas']['PersonalAccessToken'];

const view = (session: SessionItem): PersonalAccessToken => ({
  id: session.id,
  name: session.name ?? session.clientName,
  scopes: session.scopes,
  createdAt: session.createdAt,
  lastUsed: session.lastUsed,
});

/** A user's personal access tokens, keyed by id; the tokens themselves are never kept. */
export function listTokens(hub: HubCore, userId: string): Record<string, PersonalAccessToken> {
  return Object.fromEntries(hub.sessions.ofUser(userId, 'PAT').map((session) => [session.id, view(session)]));
}

/** A new token for the caller's user, with no scope the caller's own session does not grant. */
export function createToken(hub: HubCore, caller: HubSession, name: string, scopes: string[]): components['schemas']['PersonalAccessTokenCreated'] {
  const missing = scopes.find((scope) => !hasScope(caller.scopes, scope));
  if (missing) throw forbidden(`Your session does not grant ${missing}, so a token made with it cannot either`);
  const { session, token } = hub.sessions.create({ type: 'PAT', userId: caller.user.id, scopes, name, clientName: 'Personal access token' });
  return { ...view(session), token };
}

export function deleteToken(hub: HubCore, caller: HubSession, id: string): void {
  const session = hub.store.get('session', id);
  if (!session || session.type !== 'PAT' || session.userId !== caller.user.id) throw notFound('Personal access token');
  hub.sessions.revoke(id);
}

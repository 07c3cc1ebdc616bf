import { ApiError, forbidden } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import type { UserItem } from '../access/sessions.js';
import { verifyCloudToken } from './cloud-token.js';
import { isInstaller } from './installer.js';
import { findByAthomId } from './users.js';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

interface Client {
  scopes: string[];
  clientName: string;
  agent: string | null;
}

/** An OAUTH session for a user who may sign in: enabled, and not an installer (they use installer access). */
function openSession(hub: HubCore, user: UserItem, client: Client): string {
  if (!user.enabled) throw forbidden('This user is disabled');
  if (isInstaller(hub, user.id)) throw forbidden('Installers sign in through installer access');
  return hub.sessions.create({ type: 'OAUTH', userId: user.id, ttlMs: SESSION_TTL_MS, ...client }).token;
}

/**
 * POST /login: a delegation token of the cloud account service for a known user becomes a hub session token. Its
 * audience is `homey` (any hub: the subject decides whether the user belongs here, PROTOCOL.md §7) or this hub's id.
 */
export async function loginWithDelegation(hub: HubCore, token: string): Promise<string> {
  const claims = await verifyCloudToken(hub, token, [hub.id, 'homey']);
  const user = findByAthomId(hub, claims.sub);
  if (!user) throw forbidden('This cloud account is not a user of this hub');
  const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ').filter(Boolean) : [];
  const clientName = typeof claims.name === 'string' && claims.name ? claims.name : 'Cloud sign-in';
  return openSession(hub, user, { scopes: scopes.length ? scopes : ['homey'], clientName, agent: null });
}

/** POST /login-local: a username and password set with the local-credentials calls, failures throttled. */
export async function loginLocal(
  hub: HubCore & Pick<Hub, 'accounts'>,
  input: { username: string; password: string; clientId: string; clientName: string },
  remoteAddress: string,
): Promise<string> {
  const { credentials, throttle } = hub.accounts;
  const userId = await throttle.attempt(input.username, remoteAddress, () => credentials.verify(input.username, input.password));
  const user = userId ? hub.store.get('user', userId) : undefined;
  if (!user) throw new ApiError(401, 'invalid_credentials', 'Wrong username or password');
  return openSession(hub, user, { scopes: ['homey'], clientName: input.clientName, agent: input.clientId });
}

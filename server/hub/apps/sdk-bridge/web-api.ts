import { ApiError, conflict } from '../../../http/errors.js';
import type { Hub } from '../../core/context.js';
import { ownerOf } from '../../users/users.js';
import { appUri } from '../app-record.js';
import { requirePermission, type SdkRequests } from './requests.js';

/** How long an app's owner token lives: as Homey's, two weeks. */
const OWNER_TOKEN_MS = 14 * 24 * 60 * 60_000;
const API_PERMISSION = 'homey:manager:api';

const tokensOf = (hub: Hub) => hub.sdkBridge.ownerTokens;

function localUrl(hub: Hub): string {
  if (!hub.localUrl) throw new ApiError(503, 'unavailable', 'The hub is not listening yet');
  return hub.localUrl;
}

/** The app's sessions: its owner tokens, named by its uri. */
const sessionsOf = (hub: Hub, appId: string) => hub.store.values('session').filter((session) => session.clientName === appUri(appId));

/**
 * A token of the hub's owner for the app (scope `homey`), as the web API takes it: one per app while it runs, made
 * again (the former one revoked) after a restart, revoked with the app.
 */
function ownerToken(hub: Hub, appId: string): string {
  requirePermission(hub, appId, API_PERMISSION);
  const valid = tokensOf(hub).get(appId);
  if (valid && hub.sessions.authenticate(valid)) return valid;
  const owner = ownerOf(hub);
  if (!owner) throw conflict('The hub has no owner yet');
  for (const session of sessionsOf(hub, appId)) hub.sessions.revoke(session.id);
  const { token } = hub.sessions.create({ type: 'OAUTH', userId: owner.id, scopes: ['homey'], clientName: appUri(appId), ttlMs: OWNER_TOKEN_MS });
  tokensOf(hub).set(appId, token);
  return token;
}

/** Revokes the owner token of an app that is gone. */
export function revokeOwnerToken(hub: Hub, appId: string): void {
  tokensOf(hub).delete(appId);
  for (const session of sessionsOf(hub, appId)) hub.sessions.revoke(session.id);
}

export const webApiRequests: SdkRequests = {
  'api.localUrl': (hub, appId) => {
    requirePermission(hub, appId, API_PERMISSION);
    return localUrl(hub);
  },
  'api.ownerToken': ownerToken,
  /** The hub's address and port on its network, as Homey's `getLocalAddress` gives them (`<address>:<port>`). */
  'cloud.localAddress': (hub) => new URL(localUrl(hub)).host,
};

import { ApiError, forbidden, notFound } from '../../http/errors.js';
import { sameSecret } from '../../http/secrets.js';
import type { HubCore } from '../core/context.js';
import type { UserItem } from '../access/sessions.js';

/**
 * What the cloud relays on a user's behalf (mobile events, answers to push messages) carries the cloud's shared
 * secret instead of a token: a hub given none accepts none (403), a wrong one is 401.
 */
export function requireCloudSecret(hub: HubCore, secret: string, what: string): void {
  const expected = hub.config.cloudSharedSecret;
  if (!expected) throw new ApiError(403, 'forbidden', `This hub was given no cloud shared secret, so it accepts no ${what}`);
  if (!sameSecret(secret, expected)) throw new ApiError(401, 'invalid_secret', 'Wrong shared secret');
}

/** The enabled user of the hub bound to a cloud account; 404 when the account is none of its users. */
export function userOfAccount(hub: HubCore, athomId: string): UserItem {
  const user = hub.store.values('user').find((candidate) => candidate.athomId === athomId && candidate.enabled);
  if (!user) throw notFound('User');
  return user;
}

/** A relayed call for hub user `userId` from cloud account `athomId` (when the cloud names one): 403 for another's. */
export function requireUserOfAccount(user: UserItem, athomId: string | undefined): void {
  if (athomId !== undefined && user.athomId !== athomId) throw forbidden('This user is not bound to your cloud account');
}

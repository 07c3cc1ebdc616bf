import * as manifest from '../../../generated/cloud/connect.operations.js';
import type { operations } from '../../../generated/cloud/connect.js';
import type { components } from '../../../generated/cloud/account.js';
import type { Session } from '../../http/api.js';
import { defineApi } from '../../http/api.js';
import { ApiError, forbidden } from '../../http/errors.js';
import type { ServiceContext } from '../../http/service.js';
import { offline, type HubConnections } from './connections.js';

/** A signed-in user of the account service and the hubs they belong to. */
export interface ConnectSession extends Session {
  userId: string;
  homeyIds: ReadonlySet<string>;
}

export type ConnectContext = ServiceContext<{ connections: HubConnections }, ConnectSession>;

/**
 * Verifies a user's access token with the account service (`GET /user/me`, which lists the user's `homeys`): the
 * account service alone holds tokens, so a revoked one stops working here at once. Unreachable: 503.
 */
export function memberVerifier(accountUrl: string, timeoutMs = 5000): (token: string) => Promise<ConnectSession | null> {
  const url = new URL('/user/me', accountUrl);
  return async (token) => {
    let response: Response;
    try {
      response = await fetch(url, { headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw new ApiError(503, 'service_unavailable', 'The account service cannot be reached to verify the access token: try again later');
    }
    if (response.status === 401 || response.status === 403) return null;
    if (!response.ok) throw new ApiError(503, 'service_unavailable', 'The account service could not verify the access token: try again later');
    const user = (await response.json()) as components['schemas']['User'];
    return { id: `user:${user._id}`, scopes: [], userId: user._id, homeyIds: new Set((user.homeys ?? []).map((homey) => homey._id)) };
  };
}

export const connectApi = defineApi<operations, typeof manifest.operations, ConnectContext>(
  manifest,
  {
    ping: async ({ homeyId }, { service }) => {
      if (!(await service.connections.online(homeyId))) throw offline();
      return true as const;
    },
  },
  {
    guards: {
      // Only a user of the hub learns whether it is online.
      ping: ({ homeyId }, { session }) => {
        if (!homeyId || !session?.homeyIds.has(homeyId)) throw forbidden('You are not a user of this Homey');
      },
    },
  },
);

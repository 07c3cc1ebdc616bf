import createClient, { type Client } from 'openapi-fetch';
import type { paths as HubCloudPaths } from '../../../generated/hub/cloud.js';
import type { paths as HubMobilePaths } from '../../../generated/hub/mobile.js';
import type { paths as HubNotificationsPaths } from '../../../generated/hub/notifications.js';
import type { paths as HubUsersPaths } from '../../../generated/hub/users.js';
import { ApiError } from '../../http/errors.js';
import type { HubConnections } from './connections.js';

/** The hub's own paths the service relays calls to, typed by the hub's contract. */
export type HubPaths = HubCloudPaths & HubMobilePaths & HubNotificationsPaths & HubUsersPaths;

/** The calls travel through the hub's tunnel, never the network: only the path and query of this URL reach the hub. */
const TUNNEL_BASE_URL = 'http://hub.tunnel';

/** What a hub answered, as ours: its JSON as it is; its refusals (4xx) passed on, its 5xx and non-JSON a bad gateway. */
function answerOf(status: number, text: string): Response {
  let answer: unknown;
  try {
    answer = text ? JSON.parse(text) : undefined;
  } catch {
    throw new ApiError(502, 'homey_error', 'The Homey answered something other than JSON');
  }
  if (status >= 500) throw new ApiError(502, 'homey_error', 'The Homey could not handle the call');
  if (status >= 400) {
    const { error, error_description } = (answer ?? {}) as { error?: unknown; error_description?: unknown };
    throw new ApiError(status, typeof error === 'string' ? error : 'homey_error', typeof error_description === 'string' ? error_description : 'The Homey refused the call');
  }
  const empty = status === 204 || !text;
  return new Response(empty ? null : text, { status: empty ? 204 : status, headers: { 'content-type': 'application/json' } });
}

/**
 * A client of one hub's own API through its tunnel, as a client of the hub would call it (openapi-fetch over the
 * hub's generated paths): a path, an argument or an answer that disagrees with the hub's contract does not compile.
 * A refusal rejects with the hub's error as ours (404 for an unknown invite or webhook, 409 ...).
 */
export function hubClient(connections: HubConnections, hubId: string): Client<HubPaths> {
  return createClient<HubPaths>({
    baseUrl: TUNNEL_BASE_URL,
    fetch: async (request) => {
      const url = new URL(request.url);
      const response = await connections.request(hubId, {
        method: request.method,
        path: url.pathname + url.search,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: Buffer.from(await request.arrayBuffer()),
      });
      return answerOf(response.status, response.body.toString('utf8'));
    },
  });
}

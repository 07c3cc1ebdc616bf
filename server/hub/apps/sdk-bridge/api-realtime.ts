import { hubApis } from '../../../../generated/hub/index.js';
import { badRequest } from '../../../http/errors.js';
import type { Hub } from '../../core/context.js';
import { requirePermission, type SdkRequests } from './requests.js';

/** The hub's managers an app's `getApi('homey:manager:<id>')` reaches (`/api/manager/<id>`). */
export const HUB_MANAGERS = Object.keys(hubApis);

const APP_API = /^homey:app:([^:]+)$/;
const MANAGER_API = /^homey:manager:([a-z-]+)$/;

/** The uris whose realtime events each running app's Apis hear (getApi, getApiApp), and the end of its bus listener. */
const followingOf = (hub: Hub) => hub.sdkBridge.following;

/**
 * An app's Api of `uri` hears its realtime events (`realtime` with event and data), as the web API's subscribers of
 * that uri do, with the permission its calls need: `homey:app:<id>` for an app's, `homey:manager:api` for a manager's.
 * Events meant for some roles only (an audience) are not handed to apps.
 */
function follow(hub: Hub, appId: string, { uri }: Record<string, unknown>): void {
  const target = typeof uri === 'string' ? uri : '';
  const app = APP_API.exec(target)?.[1];
  const manager = MANAGER_API.exec(target)?.[1];
  if (app !== undefined) requirePermission(hub, appId, `homey:app:${app}`);
  else if (manager !== undefined && HUB_MANAGERS.includes(manager)) requirePermission(hub, appId, 'homey:manager:api');
  else throw badRequest(`Invalid API: ${target}`);
  let entry = followingOf(hub).get(appId);
  if (!entry) {
    const uris = new Set<string>();
    const stop = hub.bus.subscribe((event) => {
      if (!event.audience && uris.has(event.uri)) hub.apps.tellSdkApps(appId, { type: 'api.realtime', uri: event.uri, event: event.event, data: event.data });
    });
    followingOf(hub).set(appId, (entry = { uris, stop }));
  }
  entry.uris.add(target);
}

/** The app's Apis stop hearing anything: it stopped. */
export function stopFollowing(hub: Hub, appId: string): void {
  followingOf(hub).get(appId)?.stop();
  followingOf(hub).delete(appId);
}

export const apiRealtimeRequests: SdkRequests = {
  'api.follow': follow,
  'api.unfollow': (hub, appId, { uri }) => {
    followingOf(hub).get(appId)?.uris.delete(String(uri));
  },
};

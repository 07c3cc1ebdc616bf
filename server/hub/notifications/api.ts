import * as manifest from '../../../generated/hub/notifications.operations.js';
import type { operations } from '../../../generated/hub/notifications.js';
import { defineApi, type SignedIn } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import type { Role } from '../access/roles.js';
import { requireCloudSecret, userOfAccount } from '../cloud/relayed.js';
import { confirmPush, deleteVisible, getOwners, markAsRead, purgeExpired, requireVisible, setOwner, visibleNotifications } from './notify.js';

/** Every notification operation needs a token, so the session is there; its user's role decides what it sees. */
const callerRole = ({ session }: SignedIn<HubContextOf<never>>): Role => session.user.role;

export const notifications = defineApi<operations, typeof manifest.operations, HubContextOf<never>>(manifest, {
  getState: (_args, { hub }) => {
    purgeExpired(hub);
    return { notificationCount: hub.store.count('notification'), ownerCount: Object.keys(getOwners(hub)).length };
  },
  getNotifications: (_args, context) =>
    Object.fromEntries(visibleNotifications(context.hub, callerRole(context)).map((notification) => [notification.id, notification])),
  getNotification: ({ id }, context) => requireVisible(context.hub, id, callerRole(context)),
  deleteNotification: ({ id }, context) => {
    const notification = requireVisible(context.hub, id, callerRole(context));
    context.hub.store.remove('notification', notification.id);
  },
  deleteNotifications: ({ ownerUri }, context) => deleteVisible(context.hub, callerRole(context), ownerUri),
  markNotificationAsRead: ({ id }, context) => markAsRead(context.hub, requireVisible(context.hub, id, callerRole(context)), context.session.user.id),
  confirmPushNotification: ({ id, secret, athomId, choice }, { hub }) => {
    requireCloudSecret(hub, secret, 'answers to push messages');
    confirmPush(hub, id, userOfAccount(hub, athomId), choice);
  },
  getOwners: (_args, { hub }) => getOwners(hub),
  setOwnerEnabled: ({ uri, enabled }, { hub }) => setOwner(hub, uri, { enabled }),
  setOwnerPush: ({ uri, push }, { hub }) => setOwner(hub, uri, { push }),
});

import { Listeners } from '../../http/listeners.js';
import type { Hub, HubCore } from '../core/context.js';
import type { HubService } from '../core/service.js';
import { isFor, onNotificationPushed, type Notification, type NotifyingHub } from './notify.js';

/** What became of a notification sent to the push service: how many pushes went out, or why none did. */
export type CloudPush = { notificationId: string; sent: number; error?: undefined } | { notificationId: string; sent?: undefined; error: string };

const ACCOUNT_ID = /^[0-9a-f]{24}$/;

declare module '../core/context.js' {
  interface Hub {
    /** What became of each notification sent to the push service (the cloud push service's). */
    cloudPushes: Listeners<CloudPush>;
  }
}

/** Tells `listener` of each notification's push as it ends. */
export const onCloudPush = (hub: Pick<Hub, 'cloudPushes'>, listener: (push: CloudPush) => void) => hub.cloudPushes.add(listener);

/** The cloud accounts of the enabled users a notification is meant for. */
const recipients = (hub: HubCore, notification: Notification) =>
  hub.store.values('user').filter((user) => user.enabled && user.athomId && ACCOUNT_ID.test(user.athomId) && isFor(notification, user.role)).map((user) => user.athomId!);

async function send(notification: Notification, base: string, secret: string, userIds: string[]): Promise<number> {
  const batch = userIds.map((userId) => ({ userId, message: notification.excerpt, pushId: notification.id }));
  const response = await fetch(`${base}/push?secret=${encodeURIComponent(secret)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ batch, data: { notificationId: notification.id, ownerUri: notification.ownerUri } }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json().catch(() => undefined)) as { sent?: number; error_description?: string } | undefined;
  if (!response.ok) throw new Error(`The push service answered ${response.status}${body?.error_description ? ` (${body.error_description})` : ''}`);
  return body?.sent ?? 0;
}

/**
 * Sends each notification whose owner has push on to the cloud push service, for the hub's users with a cloud
 * account it is meant for, when the hub has the service's URL and its credential, and tells what became of it.
 */
export const cloudPush: HubService<Pick<NotifyingHub, 'notificationPushes'>, Pick<Hub, 'cloudPushes'>> = {
  name: 'cloud push',
  start: (hub) => {
    const cloudPushes = new Listeners<CloudPush>('cloud pushes');
    const stopSending = onNotificationPushed(hub, (notification) => {
      const { notificationsUrl, hubSecret } = hub.config;
      const userIds = recipients(hub, notification);
      if (!notificationsUrl || !hubSecret || userIds.length === 0) return;
      send(notification, notificationsUrl.replace(/\/+$/, ''), hubSecret, userIds).then(
        (sent) => cloudPushes.tell({ notificationId: notification.id, sent }),
        (error: Error) => cloudPushes.tell({ notificationId: notification.id, error: error.message }),
      );
    });
    return {
      gives: { cloudPushes },
      stop: () => {
        stopSending();
        cloudPushes.clear();
      },
    };
  },
};

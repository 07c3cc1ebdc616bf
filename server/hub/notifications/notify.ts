import { randomUUID } from 'node:crypto';
import type { components } from '../../../generated/hub/notifications.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Listeners } from '../../http/listeners.js';
import type { Hub, HubCore } from '../core/context.js';
import { news } from '../core/service.js';
import type { Role } from '../access/roles.js';

export type Notification = components['schemas']['Notification'];
export type NotificationOwner = components['schemas']['NotificationOwner'];
export type Priority = Notification['priority'];

/** How long a notification stays when its poster gives no lifetime. */
export const NOTIFICATION_TTL_MS = 7 * 24 * 60 * 60_000;
const OWNER_URI = /^homey:[a-z]+:[^:]+$/;
const EXCERPT_MAX = 1000;
const OWNERS_KEY = 'notificationOwners';

export interface NewNotification {
  /** Who posts: `homey:manager:flow`, `homey:device:<id>` ... */
  ownerUri: string;
  excerpt: string;
  priority?: Priority;
  /** The roles it is meant for; none or empty: every role. */
  roles?: Role[];
  meta?: Record<string, unknown>;
  icon?: string | null;
  /** Lifetime from now; `null` never expires. Default NOTIFICATION_TTL_MS. */
  ttlMs?: number | null;
}

/** Owners by uri, as stored in the hub's settings: a Map, so that no uri is an inherited key. */
function readOwners(hub: HubCore): Map<string, NotificationOwner> {
  return new Map(Object.entries(hub.settings.get<Record<string, NotificationOwner>>(OWNERS_KEY) ?? {}));
}

const writeOwners = (hub: HubCore, owners: Map<string, NotificationOwner>) => hub.settings.set(OWNERS_KEY, Object.fromEntries(owners));

export const getOwners = (hub: HubCore): Record<string, NotificationOwner> => Object.fromEntries(readOwners(hub));

/** Sets one of an owner's switches; 404 for an owner that never posted. */
export function setOwner(hub: HubCore, uri: string, change: Partial<NotificationOwner>): NotificationOwner {
  const owners = readOwners(hub);
  const owner = owners.get(uri);
  if (!owner) throw notFound('Notification owner');
  const updated = { ...owner, ...change };
  owners.set(uri, updated);
  writeOwners(hub, owners);
  return updated;
}

/** Forgets an owner that is gone (a removed device), so that its switches no longer show; its notifications stay. */
export function forgetOwner(hub: HubCore, uri: string): void {
  const owners = readOwners(hub);
  if (owners.delete(uri)) writeOwners(hub, owners);
}

declare module '../core/context.js' {
  interface Hub {
    /** New notifications whose owner has push on, for in-process listeners (the notification pushes service's). */
    notificationPushes: Listeners<Notification>;
  }
}

/** The notifications manager's news of pushes, started before every service that posts a notification. */
export const notificationPushes = news('notificationPushes', 'notification pushes');

/** What posting a notification needs of the hub: the core, and the news of its push. */
export type NotifyingHub = HubCore & Pick<Hub, 'notificationPushes'>;

/** Calls `listener` with each new notification whose owner has push on (for the cloud's push sender). */
export const onNotificationPushed = (hub: NotifyingHub, listener: (notification: Notification) => void): (() => void) =>
  hub.notificationPushes.add(listener);

/**
 * Posts a notification (the flow engine's "Create a notification" action, the hub's own events). An owner is
 * known from its first notification on, with both switches on; while it is switched off nothing is posted and the
 * answer is null. Throws a 400 for an owner uri or excerpt that cannot be shown.
 */
export function createNotification(hub: NotifyingHub, input: NewNotification): Notification | null {
  const { ownerUri, priority = 'INFO', roles = [], meta = {}, icon = null, ttlMs = NOTIFICATION_TTL_MS } = input;
  const excerpt = input.excerpt.trim();
  if (!OWNER_URI.test(ownerUri)) throw badRequest(`ownerUri must look like homey:<kind>:<id>, not ${ownerUri}`);
  if (!excerpt) throw badRequest('A notification needs a text');
  if (excerpt.length > EXCERPT_MAX) throw badRequest(`A notification's text is at most ${EXCERPT_MAX} characters`);
  const owners = readOwners(hub);
  let owner = owners.get(ownerUri);
  if (!owner) {
    owner = { enabled: true, push: true };
    owners.set(ownerUri, owner);
    writeOwners(hub, owners);
  }
  if (!owner.enabled) return null;
  const now = hub.now();
  const notification: Notification = {
    id: randomUUID(),
    ownerUri,
    dateCreated: new Date(now).toISOString(),
    dateExpires: ttlMs === null ? null : new Date(now + ttlMs).toISOString(),
    excerpt,
    icon,
    iconObj: null,
    priority,
    readBy: [],
    roles: [...new Set(roles)],
    meta,
  };
  hub.store.insert('notification', notification);
  if (owner.push) hub.store.afterCommit(() => hub.notificationPushes.tell(notification));
  return notification;
}

const isExpired = (notification: Notification, now: number) => notification.dateExpires !== null && Date.parse(notification.dateExpires) <= now;

/** Removes every notification whose dateExpires has come, on the hub's clock. */
export function purgeExpired(hub: HubCore): void {
  const now = hub.now();
  const expired = hub.store.values('notification').filter((notification) => isExpired(notification, now));
  if (expired.length) hub.store.transaction(() => expired.forEach(({ id }) => hub.store.remove('notification', id)));
}

/** Meant for every role, or for this one. */
export const isFor = (notification: Notification, role: Role) => notification.roles.length === 0 || notification.roles.includes(role);

/** The notifications a role may see, newest first; expired ones are gone first. */
export function visibleNotifications(hub: HubCore, role: Role): Notification[] {
  purgeExpired(hub);
  return hub.store
    .values('notification')
    .filter((notification) => isFor(notification, role))
    .sort((a, b) => Date.parse(b.dateCreated) - Date.parse(a.dateCreated));
}

/** A notification the role may see, or 404 alike for one that does not exist, expired or is meant for others. */
export function requireVisible(hub: HubCore, id: string, role: Role): Notification {
  purgeExpired(hub);
  const notification = hub.store.get('notification', id);
  if (!notification || !isFor(notification, role)) throw notFound('Notification');
  return notification;
}

/** Adds the user to readBy, once. */
export function markAsRead(hub: HubCore, notification: Notification, userId: string): Notification {
  if (notification.readBy.includes(userId)) return notification;
  return hub.store.save('notification', { ...notification, readBy: [...notification.readBy, userId] });
}

/** Deletes the notifications the role sees, of one owner or of all. */
export function deleteVisible(hub: HubCore, role: Role, ownerUri?: string): void {
  const doomed = visibleNotifications(hub, role).filter((notification) => ownerUri === undefined || notification.ownerUri === ownerUri);
  hub.store.transaction(() => doomed.forEach(({ id }) => hub.store.remove('notification', id)));
}

/**
 * A phone's answer to a notification's push message, relayed by the cloud for account `athomId`: `read` marks it
 * read by that account's user, `delete` removes it; a notification not meant for the user's role is a 404.
 */
export function confirmPush(hub: HubCore, id: string, user: { id: string; role: Role }, choice: 'read' | 'delete'): void {
  const notification = requireVisible(hub, id, user.role);
  if (choice === 'read') markAsRead(hub, notification, user.id);
  else hub.store.remove('notification', notification.id);
}

import type { Hub, HubCore } from '../core/context.js';
import { createNotification } from './notify.js';

/** The demo home's first notifications: a welcome for everyone, and a hint for its managers. */
export function seedDemoNotifications(hub: HubCore & Pick<Hub, 'notificationPushes'>): void {
  createNotification(hub, {
    ownerUri: 'homey:manager:system',
    excerpt: 'Welcome to your demo home: its devices are virtual, so try anything.',
    icon: 'home',
  });
  createNotification(hub, {
    ownerUri: 'homey:manager:users',
    excerpt: 'Invite the people you live with, so that flows know who is home.',
    icon: 'users',
    roles: ['manager'],
  });
}

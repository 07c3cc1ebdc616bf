import type { components, operations } from '../../../generated/hub/mobile.js';
import { requireCloudSecret, requireUserOfAccount } from '../cloud/relayed.js';
import type { Hub, HubContextOf, HubCore } from '../core/context.js';
import { visibleNotifications } from '../notifications/notify.js';
import { presenceState, setPresence } from '../presence/presence.js';
import { callerOf } from '../users/users.js';

type MobileEvent = operations['sendMobileEvent']['requestBody']['content']['application/json'];
type State = components['schemas']['MobileState'];

const STATE_KEY = 'mobile.state';

export function mobileSummary(context: HubContextOf<never>): components['schemas']['MobileSummary'] {
  const { hub } = context;
  const caller = callerOf(context);
  const devices = hub.store.values('device');
  const alarms = hub.store.values('alarm');
  const upcoming = alarms
    .flatMap((alarm) => (alarm.enabled && alarm.nextOccurance ? [{ ...alarm, at: alarm.nextOccurance }] : []))
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))[0];
  const { userCount, presentCount, asleepCount } = presenceState(hub);
  return {
    name: hub.system.name,
    devices: { count: devices.length, unavailable: devices.filter((device) => !device.available).length },
    zoneCount: hub.store.count('zone'),
    flowCount: hub.store.count('flow') + hub.store.count('advancedflow'),
    users: { count: userCount, present: presentCount, asleep: asleepCount },
    alarms: {
      count: alarms.length,
      enabled: alarms.filter((alarm) => alarm.enabled).length,
      next: upcoming ? { id: upcoming.id, name: upcoming.name, at: upcoming.at } : null,
    },
    notifications: {
      unread: visibleNotifications(hub, caller.user.role).filter((notification) => !notification.readBy.includes(caller.user.id)).length,
    },
  };
}

export const mobileState = (hub: HubCore): State => hub.settings.get<State>(STATE_KEY) ?? { eventCount: 0, lastEvent: null };

const geofence = new Map([['geofence.enter', true], ['geofence.leave', false]]);

/**
 * Checks the cloud's shared secret (and, when the cloud names the account, that the user is that account's), then
 * records the event; geofencing sets the user's presence.
 */
export function receiveMobileEvent(hub: HubCore & Pick<Hub, 'presenceChanges'>, event: MobileEvent): void {
  requireCloudSecret(hub, event.secret, 'mobile events');
  requireUserOfAccount(hub.store.require('user', event.userId, 'User'), event.athomId);
  const present = geofence.get(event.event);
  if (present !== undefined) setPresence(hub, event.userId, 'present', present);
  const { eventCount } = mobileState(hub);
  hub.settings.set<State>(STATE_KEY, {
    eventCount: eventCount + 1,
    lastEvent: { userId: event.userId, deviceId: event.deviceId, event: event.event, receivedAt: new Date(hub.now()).toISOString() },
  });
}

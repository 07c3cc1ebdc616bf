import { every } from '../../http/clock.js';
import type { Hub } from '../core/context.js';
import { deviceUri, onCapabilityChanged, type CapabilityChange, type Device } from '../devices/device.js';
import { GROUP_DRIVER_ID } from '../drivers/catalogue.js';
import type { HubSession } from '../access/sessions.js';
import { createNotification, forgetOwner, isFor, purgeExpired, type NotifyingHub } from './notify.js';

/** Below this charge (percent) a battery is low. */
export const LOW_BATTERY_PERCENT = 15;
/** How often a running hub forgets expired notifications, on its clock (reads also do, so none is ever shown late). */
export const NOTIFICATION_PURGE_INTERVAL_MS = 60_000;
const DEVICES_URI = 'homey:manager:devices';

const isLow = (value: unknown) => typeof value === 'number' && value < LOW_BATTERY_PERCENT;

/**
 * Whether a change makes the battery low: alarm_battery turning on, or measure_battery crossing below the
 * threshold on a device without alarm_battery (which would tell the same). Once per crossing, not per value.
 */
export function batteryTurnedLow({ device, capabilityId, value, previous }: CapabilityChange): boolean {
  if (capabilityId === 'alarm_battery') return value === true && previous !== true;
  if (capabilityId !== 'measure_battery' || device.capabilities.includes('alarm_battery')) return false;
  return isLow(value) && !isLow(previous);
}

/** Posts the battery notification of a change that made a device's battery low; null otherwise or when switched off. */
export function notifyBattery(hub: NotifyingHub, change: CapabilityChange) {
  if (!batteryTurnedLow(change)) return null;
  const { device, capabilityId, value } = change;
  const charge = typeof value === 'number' ? ` (${value}%)` : '';
  return createNotification(hub, {
    ownerUri: deviceUri(device),
    excerpt: `The battery of **${device.name}** is low${charge}.`,
    priority: 'WARNING',
    icon: 'battery',
    meta: { deviceId: device.id, capabilityId },
  });
}

/** Posts that a device joined the home (groups are made by hand, so they are not news). */
export function notifyDeviceAdded(hub: NotifyingHub, device: Device) {
  if (device.driverId === GROUP_DRIVER_ID) return null;
  const zone = hub.store.get('zone', device.zone);
  return createNotification(hub, {
    ownerUri: DEVICES_URI,
    excerpt: `**${device.name}** was added to ${zone?.name ?? 'the home'}.`,
    icon: 'device',
    meta: { deviceId: device.id },
  });
}

/**
 * The hub's own notifications and their upkeep: events reach the roles they are meant for, expired ones are purged
 * now and every minute, devices added and batteries running low are posted, a removed device is forgotten as an
 * owner. Returns the stop, for the hub's close.
 */
export function startNotifications(hub: NotifyingHub & Pick<Hub, 'capabilityChanges'>): () => void {
  // Subscribers hear of a notification only if a read would show it to them.
  hub.store.restrictAs('notification', (notification) =>
    notification.roles.length ? (session) => isFor(notification, (session as HubSession).user.role) : undefined,
  );
  purgeExpired(hub);
  const cancelPurge = every(hub.clock, NOTIFICATION_PURGE_INTERVAL_MS, () => purgeExpired(hub));
  const stopBattery = onCapabilityChanged(hub, (change) => notifyBattery(hub, change));
  const stopDevices = hub.bus.subscribe(({ uri, event, data }) => {
    if (uri !== DEVICES_URI) return;
    const { id } = data as { id: string };
    if (event === 'device.delete') forgetOwner(hub, deviceUri({ id }));
    if (event !== 'device.create') return;
    const device = hub.store.get('device', id);
    if (device) notifyDeviceAdded(hub, device);
  });
  return () => {
    cancelPurge();
    stopBattery();
    stopDevices();
  };
}

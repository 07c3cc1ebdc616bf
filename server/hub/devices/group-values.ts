import { randomUUID } from 'node:crypto';
import type { CapabilityValue } from '../drivers/capabilities.js';
import { GROUP_DRIVER_ID } from '../drivers/catalogue.js';
import type { Hub, HubCore } from '../core/context.js';
import type { HubService, Nothing } from '../core/service.js';
import { saveValues, type Device, type DeviceCapability } from './device.js';

export const isGroup = (device: Device): boolean => device.driverId === GROUP_DRIVER_ID;
export const membersOf = (group: Device): string[] => (Array.isArray(group.data.devices) ? (group.data.devices as string[]) : []);

declare module '../core/context.js' {
  interface Hub {
    /** The groups a device is a member of, by its id (the device groups service's). */
    groupsByMember: (deviceId: string) => Device[];
  }
}

/** The store's groups by the ids of their members (ItemStore.indexBy), so that a device's write finds its groups at once. */
export const deviceGroups: HubService<Nothing, Pick<Hub, 'groupsByMember'>> = {
  name: 'device groups',
  start: (hub) => ({ gives: { groupsByMember: hub.store.indexBy('device', (device) => (isGroup(device) ? membersOf(device) : [])) } }),
};

export const groupsOf = (hub: HubCore & Pick<Hub, 'groupsByMember'>, deviceId: string): Device[] => hub.groupsByMember(deviceId);

/** A group's value from its members': on while any is on, the mean of numbers, else the first member's. */
export function groupValue(entry: DeviceCapability, values: CapabilityValue[]): CapabilityValue {
  const present = values.filter((value) => value !== null);
  if (!present.length) return null;
  if (entry.type === 'boolean') return present.some((value) => value === true);
  if (entry.type === 'number') {
    const numbers = present.filter((value): value is number => typeof value === 'number');
    const factor = 10 ** (entry.decimals ?? 2);
    return Math.round((numbers.reduce((sum, value) => sum + value, 0) / numbers.length) * factor) / factor;
  }
  return present[0]!;
}

/**
 * Recomputes a group's values from its members and, if any changed (or is named in `transactionIds`, a set on
 * the group itself), saves the group once and sends a `capability` event per changed value.
 */
export function refreshGroup(hub: HubCore & Pick<Hub, 'capabilityChanges'>, group: Device, transactionIds: Record<string, string> = {}): Device {
  const members = membersOf(group).map((id) => hub.store.get('device', id)).filter((member) => member !== undefined);
  const changed: Record<string, CapabilityValue> = {};
  for (const id of group.capabilities) {
    const entry = group.capabilitiesObj[id];
    if (!entry) continue;
    const value = groupValue(entry, members.map((member) => member.capabilitiesObj[id]?.value ?? null));
    if (value !== entry.value || id in transactionIds) changed[id] = value;
  }
  if (!Object.keys(changed).length) return group;
  return saveValues(hub, group, changed, (id) => transactionIds[id] ?? randomUUID());
}

/** Keeps the groups a device belongs to in step with it. */
export function refreshGroupsOf(hub: HubCore & Pick<Hub, 'capabilityChanges' | 'groupsByMember'>, deviceId: string, exceptGroup?: string): void {
  for (const group of groupsOf(hub, deviceId)) if (group.id !== exceptGroup) refreshGroup(hub, group);
}

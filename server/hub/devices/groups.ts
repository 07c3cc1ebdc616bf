import { randomUUID } from 'node:crypto';
import type { components } from '../../../generated/hub/devices.js';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { GROUP_DRIVER_ID, VDEVICE_OWNER, type DeviceClass } from '../drivers/catalogue.js';
import { applyValues, checkValue, requireCapability, setDeviceCapability, type CapabilityOpts } from './control.js';
import { insightsOf, requireZone, uiOf, type Device } from './device.js';
import { groupValue, groupsOf, isGroup, membersOf, refreshGroup } from './group-values.js';
import type { Zone } from '../zones/api.js';

type GroupCreate = components['schemas']['GroupCreate'];
type GroupUpdate = components['schemas']['GroupUpdate'];

export function requireGroup(hub: HubCore, id: string): Device {
  const group = hub.store.get('device', id);
  if (!group || !isGroup(group)) throw notFound('Group');
  return group;
}

function loadMembers(hub: HubCore, ids: string[]): Device[] {
  return ids.map((id) => {
    const device = hub.store.get('device', id);
    if (!device) throw badRequest(`Device not found: ${id}`);
    if (isGroup(device)) throw badRequest(`${device.name} is a group; groups cannot be grouped`);
    return device;
  });
}

/** The capabilities every member has and can set, in the first member's order. */
const commonCapabilities = (members: Device[]): string[] =>
  (members[0]?.capabilities ?? []).filter((id) => members.every((member) => member.capabilities.includes(id) && member.capabilitiesObj[id]?.setable));

/** The group device over these members, keeping what the user gave `previous` (note, icon ...). */
function groupDevice(hub: HubCore, id: string, fields: { name: string; zone: Zone; class?: DeviceClass | undefined }, members: Device[], previous?: Device): Device {
  const capabilities = commonCapabilities(members);
  if (!capabilities.length) throw badRequest('The devices share no capability that can be set, so they cannot be grouped');
  const now = new Date(hub.now()).toISOString();
  const entries = Object.fromEntries(
    capabilities.map((capability) => {
      const entry = members[0]!.capabilitiesObj[capability]!;
      return [capability, { ...entry, value: groupValue(entry, members.map((member) => member.capabilitiesObj[capability]?.value ?? null)), lastUpdated: now }];
    }),
  );
  const classes = new Set(members.map((member) => member.class));
  const uiIndicator = previous?.uiIndicator && capabilities.includes(previous.uiIndicator) ? previous.uiIndicator : null;
  return {
    id, name: fields.name, note: previous?.note ?? null, zone: fields.zone.id, zoneName: fields.zone.name,
    driverId: GROUP_DRIVER_ID, driverUri: VDEVICE_OWNER, ownerUri: VDEVICE_OWNER,
    class: fields.class ?? (classes.size === 1 ? members[0]!.class : 'other'), virtualClass: previous?.virtualClass ?? null,
    data: { id, devices: members.map((member) => member.id) },
    icon: null, iconObj: null, iconOverride: previous?.iconOverride ?? null,
    settings: {}, settingsObj: false, capabilitiesOptions: {}, energy: null,
    ui: uiOf(capabilities, entries), uiIndicator, capabilities, capabilitiesObj: entries,
    flags: ['group'], ready: true, available: true, unavailableMessage: null, repair: false, unpair: false,
    images: [], insights: insightsOf(id, capabilities, entries),
    color: members[0]!.color,
  };
}

export function createGroup(hub: HubCore, input: GroupCreate): Device {
  const zone = requireZone(hub, input.zone);
  return hub.store.insert('device', groupDevice(hub, randomUUID(), { ...input, zone }, loadMembers(hub, input.devices)));
}

export function updateGroup(hub: HubCore, group: Device, patch: GroupUpdate): Device {
  const zone = requireZone(hub, patch.zone ?? group.zone);
  const members = loadMembers(hub, patch.devices ?? membersOf(group));
  // New members without a class given: the class follows the members again.
  const fields = { name: patch.name ?? group.name, zone, class: patch.class ?? (patch.devices ? undefined : group.class) };
  return hub.store.save('device', groupDevice(hub, group.id, fields, members, group));
}

export function removeFromGroup(hub: HubCore, group: Device, deviceId: string): Device {
  const members = membersOf(group);
  if (!members.includes(deviceId)) throw new ApiError(404, 'not_found', `Device ${deviceId} is not in the group ${group.name}`);
  if (members.length === 1) throw conflict('A group keeps at least one device: delete the group instead');
  return updateGroup(hub, group, { devices: members.filter((id) => id !== deviceId), class: group.class });
}

/** A device leaves the home: it leaves its groups, and a group left empty goes too. */
export function leaveGroups(hub: HubCore & Pick<Hub, 'groupsByMember'>, deviceId: string): void {
  for (const group of groupsOf(hub, deviceId)) {
    const rest = membersOf(group).filter((id) => id !== deviceId);
    if (rest.length) updateGroup(hub, group, { devices: rest, class: group.class });
    else hub.store.remove('device', group.id);
  }
}

/** Sets the value on every member (all are checked first), then reports the group's value once. */
export function setGroupCapability(hub: HubCore & Pick<Hub, 'capabilityChanges' | 'groupsByMember' | 'transitions'>, group: Device, capabilityId: string, value: unknown, transactionId: string, opts: CapabilityOpts = {}): void {
  checkValue(requireCapability(group, capabilityId), value);
  const members = membersOf(group).map((id) => hub.store.get('device', id)).filter((member) => member !== undefined);
  const values = members.map((member) => checkValue(requireCapability(member, capabilityId), value));
  // Over a duration each member makes its own transition, and the group's value follows theirs.
  if (opts.duration) return members.forEach((member) => setDeviceCapability(hub, member, capabilityId, value, randomUUID(), opts));
  members.forEach((member, index) => applyValues(hub, member, { [capabilityId]: values[index]! }, randomUUID(), group.id));
  refreshGroup(hub, hub.store.get('device', group.id)!, { [capabilityId]: transactionId });
}

import { randomUUID } from 'node:crypto';
import type { components } from '../../../generated/hub/devices.js';
import { badRequest } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { forgetDevice } from '../moods/moods.js';
import { setZoneActivity } from '../zones/api.js';
import { applyValues } from './control.js';
import { deviceUri, requireZone, type Device } from './device.js';
import { isGroup } from './group-values.js';
import { leaveGroups } from './groups.js';
import { checkSettings, settingDefinitions } from './settings.js';

type DeviceUpdate = components['schemas']['DeviceUpdate'];
type SettingValues = components['schemas']['DeviceSettingValues'];

export const requireDevice = (hub: HubCore, id: string): Device => hub.store.require('device', id, 'Device');

/** updateDevice's rules: the zone must exist, the indicator must be a capability; motion moves with its sensor. */
export function updateDevice(hub: HubCore, device: Device, patch: DeviceUpdate): Device {
  const { id: _ignored, ...changes } = patch;
  const zoneName = changes.zone === undefined ? device.zoneName : requireZone(hub, changes.zone).name;
  if (changes.uiIndicator != null && !device.capabilities.includes(changes.uiIndicator)) {
    throw badRequest(`uiIndicator must be one of the device's capabilities (${device.capabilities.join(', ')}), not ${changes.uiIndicator}`);
  }
  if (changes.zone !== undefined && changes.zone !== device.zone && device.capabilitiesObj.alarm_motion?.value === true) {
    const now = new Date(hub.now()).toISOString();
    setZoneActivity(hub.store, device.zone, deviceUri(device), false, now);
    setZoneActivity(hub.store, changes.zone, deviceUri(device), true, now);
  }
  return { ...device, ...changes, zoneName };
}

/** Before a device is removed: it stops making its zone active, leaves its groups, and moods drop it. */
export function beforeRemove(hub: HubCore & Pick<Hub, 'groupsByMember'>, device: Device): void {
  setZoneActivity(hub.store, device.zone, deviceUri(device), false, new Date(hub.now()).toISOString());
  if (!isGroup(device)) leaveGroups(hub, device.id);
  forgetDevice(hub, device.id);
}

/** Stores checked settings; a switched-on socket whose load changed reports its new power draw. */
export async function changeSettings(hub: HubCore & Pick<Hub, 'apps' | 'capabilityChanges' | 'groupsByMember'>, device: Device, values: SettingValues): Promise<SettingValues> {
  const checked = checkSettings(settingDefinitions(device.driverId), values);
  await hub.apps.confirmSettings(device, checked);
  const saved = hub.store.save('device', { ...device, settings: { ...device.settings, ...checked } });
  if ('load_watts' in checked && saved.capabilitiesObj.onoff?.value === true && saved.capabilities.includes('measure_power')) {
    applyValues(hub, saved, { onoff: true }, randomUUID());
  }
  return saved.settings;
}

import { randomUUID } from 'node:crypto';
import type { components } from '../../../generated/hub/moods.js';
import { ApiError, badRequest } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import type { CapabilityValue } from '../drivers/capabilities.js';
import { applyValues, checkValue } from '../devices/control.js';
import type { Device } from '../devices/device.js';
import { isGroup } from '../devices/group-values.js';
import { setGroupCapability } from '../devices/groups.js';

export type Mood = components['schemas']['Mood'];
type MoodCreate = components['schemas']['MoodCreate'];
type MoodUpdate = components['schemas']['MoodUpdate'];
type MoodDevices = Mood['devices'];
type MoodSetResult = components['schemas']['MoodSetResult'];

export const requireMood = (hub: HubCore, id: string): Mood => hub.store.require('mood', id, 'Mood');

function requireZone(hub: HubCore, zoneId: string): void {
  if (!hub.store.get('zone', zoneId)) throw badRequest(`Zone not found: ${zoneId}`);
}

/** One device's state as it will be set: each capability one it has and can set, each value one it accepts. */
function checkState(device: Device, state: Record<string, string | number | boolean>): Record<string, CapabilityValue> {
  return Object.fromEntries(
    Object.entries(state).map(([capabilityId, value]) => {
      const entry = device.capabilities.includes(capabilityId) ? device.capabilitiesObj[capabilityId] : undefined;
      if (!entry) throw badRequest(`${device.name} has no capability ${capabilityId} (it has ${device.capabilities.join(', ') || 'none'})`);
      try {
        return [capabilityId, checkValue(entry, value)];
      } catch (err) {
        if (err instanceof ApiError) throw badRequest(`${device.name}: ${err.message}`);
        throw err;
      }
    }),
  );
}

/** The devices map with every device checked and its numbers rounded as the device would round them. */
function checkDevices(hub: HubCore, devices: MoodDevices): MoodDevices {
  return Object.fromEntries(
    Object.entries(devices).map(([deviceId, state]) => {
      const device = hub.store.get('device', deviceId);
      if (!device) throw badRequest(`Device not found: ${deviceId}`);
      return [deviceId, checkState(device, state) as MoodDevices[string]];
    }),
  );
}

export function newMood(hub: HubCore, input: MoodCreate): Mood {
  requireZone(hub, input.zone);
  return { id: randomUUID(), name: input.name, preset: input.preset ?? null, zone: input.zone, devices: checkDevices(hub, input.devices ?? {}) };
}

export function changeMood(hub: HubCore, mood: Mood, patch: MoodUpdate): Mood {
  const { id: _ignored, ...changes } = patch;
  if (changes.zone !== undefined) requireZone(hub, changes.zone);
  const devices = changes.devices === undefined ? mood.devices : checkDevices(hub, changes.devices);
  return { ...mood, ...changes, devices };
}

/**
 * Applies every device state of the mood in one transaction, through the devices domain so that devices, groups
 * and zones react as to setCapabilityValue. Devices deleted since are skipped; so are capabilities a device lost.
 */
export function setMood(hub: HubCore & Pick<Hub, 'capabilityChanges' | 'groupsByMember' | 'transitions'>, mood: Mood): MoodSetResult {
  const transactionId = randomUUID();
  const result: MoodSetResult = { transactionId, applied: [], skipped: [] };
  hub.store.transaction(() => {
    for (const [deviceId, state] of Object.entries(mood.devices)) {
      const device = hub.store.get('device', deviceId);
      if (!device) {
        result.skipped.push(deviceId);
        continue;
      }
      const values = Object.entries(state).filter(([capabilityId]) => device.capabilities.includes(capabilityId));
      if (isGroup(device)) {
        for (const [capabilityId, value] of values) setGroupCapability(hub, device, capabilityId, value, transactionId);
      } else if (values.length) {
        applyValues(hub, device, Object.fromEntries(values), transactionId);
      }
      result.applied.push(deviceId);
    }
  });
  return result;
}

/**
 * A device is leaving the home: moods that name it, or a device already gone (a group it emptied), drop it, so
 * that each gets one `mood.update`.
 */
export function forgetDevice(hub: HubCore, deviceId: string): void {
  for (const mood of hub.store.values('mood')) {
    const kept = Object.entries(mood.devices).filter(([id]) => id !== deviceId && hub.store.get('device', id) !== undefined);
    if (kept.length < Object.keys(mood.devices).length) hub.store.save('mood', { ...mood, devices: Object.fromEntries(kept) });
  }
}

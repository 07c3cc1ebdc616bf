import { randomUUID } from 'node:crypto';
import { ApiError, badRequest } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import type { CapabilityValue } from '../drivers/capabilities.js';
import { setZoneActivity } from '../zones/api.js';
import { deviceUri, saveValues, type Device, type DeviceCapability } from './device.js';
import { refreshGroupsOf } from './group-values.js';
import { simulate } from './simulation.js';

/** The device's capability, or a 404 naming the capabilities it does have. */
export function requireCapability(device: Device, capabilityId: string): DeviceCapability {
  const entry = device.capabilities.includes(capabilityId) ? device.capabilitiesObj[capabilityId] : undefined;
  if (!entry) {
    throw new ApiError(404, 'not_found', `Capability not found: ${capabilityId} (${device.name} has ${device.capabilities.join(', ') || 'none'})`);
  }
  return entry;
}

function checkNumber(entry: DeviceCapability, value: number): number {
  const { id, min, max, step, decimals } = entry;
  if ((min !== null && value < min) || (max !== null && value > max)) {
    throw badRequest(`${id} must be between ${min ?? '-∞'} and ${max ?? '∞'}, not ${value}`);
  }
  const stepped = step ? (min ?? 0) + Math.round((value - (min ?? 0)) / step) * step : value;
  return decimals === null ? stepped : Number(stepped.toFixed(decimals));
}

/** The value as the capability stores it (numbers rounded to its step), or a 400 saying what is wrong. */
export function checkValue(entry: DeviceCapability, value: unknown): CapabilityValue {
  const { id, type } = entry;
  const got = JSON.stringify(value);
  if (!entry.setable) throw badRequest(`${id} cannot be set: the device reports it`);
  if (type === 'boolean' && typeof value !== 'boolean') throw badRequest(`${id} needs true or false, not ${got}`);
  if (type === 'string' && typeof value !== 'string') throw badRequest(`${id} needs a text, not ${got}`);
  if (type === 'enum') {
    const ids = (entry.values ?? []).map((choice) => choice.id);
    if (typeof value !== 'string' || !ids.includes(value)) throw badRequest(`${id} must be one of ${ids.join(', ')}, not ${got}`);
  }
  if (type === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw badRequest(`${id} needs a number, not ${got}`);
    return checkNumber(entry, value);
  }
  return value as CapabilityValue;
}

/**
 * Stores new capability values and what the simulated hardware does in turn, saves the device once (one
 * `device.update`), sends a `capability` event per value (the caller's `transactionId` on what it asked for), then
 * lets the home react: motion makes the zone active, groups follow their members.
 */
export function applyValues(hub: HubCore & Pick<Hub, 'capabilityChanges' | 'groupsByMember'>, device: Device, requested: Record<string, CapabilityValue>, transactionId: string, exceptGroup?: string): Device {
  const now = new Date(hub.now()).toISOString();
  const changes = { ...simulate(device, requested, now), ...requested };
  const saved = saveValues(hub, device, changes, (id) => (id in requested ? transactionId : randomUUID()), now);
  if ('alarm_motion' in changes) setZoneActivity(hub.store, saved.zone, deviceUri(saved), changes.alarm_motion === true, now);
  refreshGroupsOf(hub, saved.id, exceptGroup);
  // A button springs back: its press is heard (true), then it is released, so that the next press is a change too.
  if (changes.button === true) return saveValues(hub, saved, { button: false }, () => randomUUID(), now);
  return saved;
}

/** setCapabilityValue's options: `duration`, ms a number value takes to reach its target. */
export interface CapabilityOpts {
  duration?: number;
}

/**
 * setCapabilityValue on a device that is not a group. With `opts.duration`, a number capability of the hub's own
 * devices moves there in steps (transitions.ts), each a write with its events, the last with `transactionId`; an
 * app's device changes at once (its app's hardware makes the transition).
 */
export function setDeviceCapability(hub: HubCore & Pick<Hub, 'capabilityChanges' | 'groupsByMember' | 'transitions'>, device: Device, capabilityId: string, value: unknown, transactionId: string, opts: CapabilityOpts = {}): void {
  const entry = requireCapability(device, capabilityId);
  const target = checkValue(entry, value);
  const from = entry.value;
  const ownHardware = !device.ownerUri.startsWith('homey:app:');
  if (!opts.duration || typeof target !== 'number' || typeof from !== 'number' || !ownHardware) {
    hub.transitions.stop(device.id, capabilityId);
    applyValues(hub, device, { [capabilityId]: target }, transactionId);
    return;
  }
  hub.transitions.start(device.id, capabilityId, from, target, opts.duration, (step, last) => {
    const current = hub.store.get('device', device.id);
    const currentEntry = current?.capabilitiesObj[capabilityId];
    if (!current || !currentEntry) return false;
    applyValues(hub, current, { [capabilityId]: last ? target : checkValue(currentEntry, step) }, last ? transactionId : randomUUID());
    return true;
  });
}

import { randomUUID } from 'node:crypto';
import type { components } from '../../../generated/hub/devices.js';
import { badRequest } from '../../http/errors.js';
import type { Listeners } from '../../http/listeners.js';
import { capabilityDefinition, stateTitles, type CapabilityValue } from '../drivers/capabilities.js';
import type { DriverCapabilityOptions } from '../../common/app-package/manifest.js';
import { ownerOf, type CapabilityOptions, type DeviceClass, type DriverDefinition } from '../drivers/catalogue.js';
import type { Hub, HubCore } from '../core/context.js';
import { news } from '../core/service.js';
import type { Zone } from '../zones/api.js';
import { checkSettings } from './settings.js';

export type Device = components['schemas']['Device'];
export type DeviceCapability = components['schemas']['DeviceCapability'];
type Energy = components['schemas']['DeviceEnergy'];

/**
 * One capability of a device: its definition (the hub's, or the one its driver's owner defines), narrowed by the
 * driver's and then the device's options.
 */
export function capabilityEntry(
  id: string, options: Array<DriverCapabilityOptions | undefined>, value: CapabilityValue, lastUpdated: string | null, ownerUri?: string,
): DeviceCapability {
  const definition = capabilityDefinition(id, ownerUri);
  if (!definition) throw badRequest(`Unknown capability: ${id}`);
  const { ownerUri: _owner, ...fields } = definition;
  // Spread, not Object.assign: an own `__proto__` key in a client's JSON would set the merged object's prototype.
  const narrowed = options.reduce<DriverCapabilityOptions>((merged, option) => ({ ...merged, ...option }), {});
  return { ...fields, ...narrowed, value, lastUpdated };
}

/** A device's own realtime uri, also the origin it gives when it makes a zone active. */
export const deviceUri = (device: Pick<Device, 'id'>) => `homey:device:${device.id}`;

/** One capability value stored on a device, as in-process listeners (flow engine, insights) hear of it. */
export interface CapabilityChange {
  device: Device;
  capabilityId: string;
  value: CapabilityValue;
  /** The value before; the same as `value` when a device reported an unchanged value. */
  previous: CapabilityValue;
  transactionId: string;
  /** Epoch ms on the hub's clock. */
  time: number;
}

declare module '../core/context.js' {
  interface Hub {
    /** Each committed capability value, for in-process listeners (the capability changes service's). */
    capabilityChanges: Listeners<CapabilityChange>;
  }
}

/** The devices' news of committed capability values, started before every service that listens to it. */
export const capabilityChanges = news('capabilityChanges', 'capability changes');

/** Devices as saveValues stored them: each differs from the one before it only in capability values. */
const valueWrites = new WeakSet<Device>();

/**
 * Whether this stored device differs from the one before it only in its capability values (and their times), so that
 * what follows a device's shape (its flow cards, its tokens' titles and types) may skip it.
 */
export const onlyValuesChanged = (device: Device): boolean => valueWrites.has(device);

/** Calls `listener` after each committed capability value of this hub's devices; returns the unsubscribe. */
export const onCapabilityChanged = (hub: Pick<Hub, 'capabilityChanges'>, listener: (change: CapabilityChange) => void): (() => void) =>
  hub.capabilityChanges.add(listener);

/**
 * Stores new capability values, saving the device once (one `device.update`, on the manager's uri only), sends a
 * `capability` event per value (before the update) with the transaction id `transactionOf` gives it, and tells the
 * in-process listeners.
 */
export function saveValues(
  hub: HubCore & Pick<Hub, 'capabilityChanges'>, device: Device, values: Record<string, CapabilityValue>, transactionOf: (capabilityId: string) => string, now = new Date(hub.now()).toISOString(),
): Device {
  const capabilitiesObj = { ...device.capabilitiesObj };
  for (const [id, value] of Object.entries(values)) capabilitiesObj[id] = { ...capabilitiesObj[id]!, value, lastUpdated: now };
  // Capability values change often and a lost last one costs little: see ItemStore.saveRelaxed.
  const changed: Device = { ...device, capabilitiesObj };
  valueWrites.add(changed);
  const changes = Object.entries(values).map(([capabilityId, value]) => ({ capabilityId, value, transactionId: transactionOf(capabilityId) }));
  // The device's own uri hears the values as `capability` events only, not also the whole device (some 20 times
  // their size) as an `update`: the manager's uri gets the `device.update`, after them (docs/protocol.md §5).
  hub.store.afterCommit(() => {
    for (const change of changes) hub.bus.publish(deviceUri(device), 'capability', { ...change, transactionTime: now });
  });
  const saved = hub.store.saveRelaxed('device', changed, { itemUri: false });
  hub.store.afterCommit(() => {
    const time = Date.parse(now);
    for (const { capabilityId, value, transactionId } of changes) {
      const previous = device.capabilitiesObj[capabilityId]?.value ?? null;
      hub.capabilityChanges.tell({ device: saved, capabilityId, value, previous, transactionId, time });
    }
  });
  return saved;
}

/** A 400 unless the zone exists (a device or pair session naming a zone). */
export function requireZone(hub: HubCore, zoneId: string): Zone {
  const zone = hub.store.get('zone', zoneId);
  if (!zone) throw badRequest(`Zone not found: ${zoneId}`);
  return zone;
}

const isReading = (id: string) => /^(measure|meter|alarm)_/.test(id);

/** The device's tile: a tap toggles onoff; readings share a sensor view; the rest get the control their type calls for. */
export function uiOf(capabilities: string[], entries: Record<string, DeviceCapability>): Device['ui'] {
  const components: Device['ui']['components'] = [];
  const sensors: string[] = [];
  for (const id of capabilities) {
    const entry = entries[id];
    if (!entry) continue;
    if (isReading(id) || !entry.setable) sensors.push(id);
    else if (id === 'target_temperature') components.push({ id: 'thermostat', capabilities: [id] });
    else if (entry.type === 'boolean') components.push({ id: 'toggle', capabilities: [id] });
    else if (entry.type === 'number') components.push({ id: 'slider', capabilities: [id] });
    else components.push({ id: 'picker', capabilities: [id] });
  }
  if (sensors.length) components.push({ id: 'sensor', capabilities: sensors });
  return { quickAction: capabilities.includes('onoff') ? 'onoff' : null, components };
}

/** The insights logs a device keeps: one per number or boolean capability. */
export function insightsOf(deviceId: string, capabilities: string[], entries: Record<string, DeviceCapability>, ownerUri?: string): Device['insights'] {
  return capabilities
    .map((id) => entries[id])
    .filter((entry): entry is DeviceCapability => entry !== undefined && (entry.type === 'number' || entry.type === 'boolean'))
    .map((entry) => ({
      uri: deviceUri({ id: deviceId }),
      id: entry.id,
      title: entry.title,
      ...(entry.type === 'boolean' ? stateTitles(entry.id, ownerUri) : { titleTrue: null, titleFalse: null }),
      units: entry.units,
      decimals: entry.decimals,
    }));
}

export interface NewDevice {
  driver: DriverDefinition;
  name: string;
  zone: string;
  /** The zone's name, which devices carry beside its id (older clients read it). */
  zoneName: string;
  data: Record<string, unknown>;
  store?: Record<string, unknown>;
  capabilities?: string[];
  capabilitiesOptions?: Record<string, CapabilityOptions>;
  class?: DeviceClass;
  icon?: string;
  iconOverride?: string | null;
  settings?: Record<string, string | number | boolean>;
  energy?: Energy;
  /** Values that differ from the driver's initial state (the demo home's). */
  values?: Record<string, CapabilityValue>;
}

/** A new device of a virtual driver, in its initial simulated state; its values stamped `now` (the hub's time, ISO). */
export function buildDevice(input: NewDevice, now: string): Device {
  const { driver } = input;
  const capabilities = input.capabilities ?? driver.capabilities;
  const unknown = capabilities.find((id) => !driver.capabilities.includes(id));
  if (unknown) throw badRequest(`Driver ${driver.id} has no capability ${unknown}`);
  const capabilitiesOptions = input.capabilitiesOptions ?? {};
  const stray = Object.keys(capabilitiesOptions).find((id) => !capabilities.includes(id));
  if (stray) throw badRequest(`capabilitiesOptions names ${stray}, which the device does not have`);
  const entries = Object.fromEntries(
    capabilities.map((id) => [
      id,
      capabilityEntry(id, [driver.options[id], capabilitiesOptions[id]], input.values?.[id] ?? driver.initial[id] ?? null, now, ownerOf(driver)),
    ]),
  );
  const defaults = Object.fromEntries(driver.settings.map((setting) => [setting.id, setting.value]));
  const id = randomUUID();
  const deviceClass = input.class ?? driver.class;
  return {
    id,
    name: input.name,
    note: null,
    zone: input.zone,
    zoneName: input.zoneName,
    driverId: driver.id,
    driverUri: ownerOf(driver),
    ownerUri: ownerOf(driver),
    class: deviceClass,
    virtualClass: null,
    data: input.data,
    ...(input.store ? { store: input.store } : {}),
    icon: input.icon ?? null,
    iconObj: null,
    iconOverride: input.iconOverride ?? null,
    settings: { ...defaults, ...checkSettings(driver.settings, input.settings ?? {}) },
    settingsObj: driver.settings.length > 0,
    capabilitiesOptions,
    energy: input.energy ?? driver.energy,
    ui: uiOf(capabilities, entries),
    uiIndicator: deviceClass === 'sensor' ? (capabilities[0] ?? null) : null,
    capabilities,
    capabilitiesObj: entries,
    flags: [],
    ready: true,
    available: true,
    unavailableMessage: null,
    repair: true,
    unpair: true,
    images: [],
    insights: insightsOf(id, capabilities, entries, ownerOf(driver)),
    color: driver.color,
  };
}

import type { HubCore } from '../core/context.js';
import type { CapabilityValue } from '../drivers/capabilities.js';
import { findDriver } from '../drivers/catalogue.js';
import { buildDevice } from './device.js';
import { createGroup } from './groups.js';

type DemoDevice = [name: string, driver: string, zone: string, values?: Record<string, CapabilityValue>, settings?: Record<string, number>];

const demoDevices: DemoDevice[] = [
  ['Ceiling light', 'light', 'Living room', { onoff: true, dim: 0.8, light_temperature: 0.6 }],
  ['Floor lamp', 'light', 'Living room', { onoff: true, dim: 0.5, light_temperature: 0.8 }],
  ['TV socket', 'socket', 'Living room', { onoff: true, measure_power: 85, meter_power: 132.4 }, { load_watts: 85 }],
  ['Living room motion', 'motion', 'Living room', { measure_battery: 87 }],
  ['Living room climate', 'temperature', 'Living room', { measure_temperature: 21.3, measure_humidity: 48, measure_battery: 92 }],
  ['Living room thermostat', 'thermostat', 'Living room', { target_temperature: 21, measure_temperature: 20.8 }],
  ['Living room blinds', 'blinds', 'Living room', { windowcoverings_set: 0.6 }],
  ['Kitchen spots', 'light', 'Kitchen', { onoff: false, dim: 1 }],
  ['Coffee machine', 'socket', 'Kitchen', { meter_power: 48.2 }, { load_watts: 1200 }],
  ['Fridge', 'socket', 'Kitchen', { onoff: true, measure_power: 150, meter_power: 310.75 }, { load_watts: 150 }],
  ['Kitchen smoke detector', 'smoke', 'Kitchen', { measure_battery: 78 }],
  ['Hallway light', 'light', 'Hallway', { onoff: false, dim: 0.7 }],
  ['Hallway motion', 'motion', 'Hallway', { measure_battery: 64 }],
  ['Front door lock', 'lock', 'Hallway', { locked: true, measure_battery: 71 }],
  ['Front door sensor', 'contact', 'Hallway', { measure_battery: 90 }],
  ['Landing light', 'light', 'First floor', { onoff: false, dim: 0.4 }],
  ['Landing smoke detector', 'smoke', 'First floor', { measure_battery: 95 }],
  ['Bedside lamp', 'light', 'Bedroom', { onoff: false, dim: 0.3, light_temperature: 0.9 }],
  ['Bedroom thermostat', 'thermostat', 'Bedroom', { target_temperature: 18, measure_temperature: 18.4 }],
  ['Bedroom blinds', 'blinds', 'Bedroom', { windowcoverings_set: 0 }],
  ['Bedroom climate', 'temperature', 'Bedroom', { measure_temperature: 18.6, measure_humidity: 52, measure_battery: 81 }],
  ['Bathroom light', 'light', 'Bathroom', { onoff: false, dim: 1, light_temperature: 0.2 }],
  ['Bathroom climate', 'temperature', 'Bathroom', { measure_temperature: 22.9, measure_humidity: 68, measure_battery: 74 }],
  ['Bathroom motion', 'motion', 'Bathroom', { measure_battery: 58 }],
  ['Garden lights', 'light', 'Garden', { onoff: false, dim: 1 }],
  ['Garden socket', 'socket', 'Garden', { meter_power: 12.9 }, { load_watts: 40 }],
  ['Shed door', 'contact', 'Garden', { measure_battery: 66 }],
];

/**
 * The demo home's virtual devices, spread over its zones (by name), plus a group of the living room's lights.
 * Each driver numbers its devices' data ids from 1, as its pairing search does.
 */
export function seedDemoDevices(hub: HubCore, zoneIds: ReadonlyMap<string, string>): void {
  const counts = new Map<string, number>();
  const ids = new Map<string, string>();
  const now = new Date(hub.now()).toISOString();
  for (const [name, driverName, zoneName, values, settings] of demoDevices) {
    const n = (counts.get(driverName) ?? 0) + 1;
    counts.set(driverName, n);
    const driver = findDriver(`homey:manager:vdevice:${driverName}`)!;
    const device = buildDevice({ driver, name, zone: zoneIds.get(zoneName)!, zoneName, data: { id: `${driverName}-${n}` }, values, settings }, now);
    hub.store.insert('device', device);
    ids.set(name, device.id);
  }
  createGroup(hub, { name: 'Living room lights', zone: zoneIds.get('Living room')!, class: 'light', devices: [ids.get('Ceiling light')!, ids.get('Floor lamp')!] });
}

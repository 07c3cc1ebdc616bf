import type { components as devices } from '../../../generated/hub/devices.js';
import type { DriverCapabilityOptions } from '../../common/app-package/manifest.js';
import type { components } from '../../../generated/hub/drivers.js';
import type { CapabilityValue } from './capabilities.js';

export type Driver = components['schemas']['Driver'];
export type PairView = components['schemas']['PairView'];
export type DeviceClass = devices['schemas']['DeviceClass'];
export type DeviceSetting = devices['schemas']['DeviceSetting'];
export type CapabilityOptions = devices['schemas']['DeviceCapabilityOptions'];
type Energy = devices['schemas']['DeviceEnergy'];
/** A driver's changes to a system capability; its virtual sensors are setable, which is how they sense. */

/** The owner of every virtual driver and device. */
export const VDEVICE_OWNER = 'homey:manager:vdevice';
export const GROUP_DRIVER_ID = `${VDEVICE_OWNER}:group`;

/** A virtual driver: what its devices are, what they can do and how a new one starts out. */
export interface DriverDefinition {
  id: string;
  name: string;
  class: DeviceClass;
  connectivity: string[];
  color: string;
  capabilities: string[];
  /** The driver's own bounds for system capabilities (a thermostat's 5..35 °C). */
  options: Record<string, DriverCapabilityOptions>;
  /** The simulated state of a newly paired device. */
  initial: Record<string, CapabilityValue>;
  /** Device settings; each `value` is the default. */
  settings: DeviceSetting[];
  energy: Energy | null;
  /** Z-Wave S2 inclusion: pairing asks for the device's 5-digit PIN. */
  asksPin: boolean;
  /** False for groups, which createGroup makes. */
  pairable: boolean;
  /** The images its devices own (a camera's picture), made by the images manager when one is added. */
  images?: ReadonlyArray<'camera' | 'media'>;
  /** Who provides the driver: VDEVICE_OWNER unless an app does (`homey:app:<appId>`). */
  ownerUri?: string;
  ownerName?: string;
  /** The owning app's icon; the hub's own drivers have none. */
  ownerIconObj?: Driver['ownerIconObj'];
  /** An app's driver's views as its app.json declares them; the hub's own drivers show the system templates. */
  views?: DriverViews;
}

export type DriverViews = Pick<Driver, 'pair' | 'repair' | 'unpair'>;

const setting = (id: string, type: DeviceSetting['type'], label: string, value: DeviceSetting['value'], more: Partial<DeviceSetting> = {}): DeviceSetting => ({
  id, type, label, value, hint: null, min: null, max: null, step: null, units: null, values: null, ...more,
});

const driver = (name: string, fields: Omit<DriverDefinition, 'id' | 'options' | 'energy' | 'asksPin' | 'pairable'> & Partial<DriverDefinition>): DriverDefinition => ({
  id: `${VDEVICE_OWNER}:${name}`, options: {}, energy: null, asksPin: false, pairable: true, ...fields,
});

const definitions: DriverDefinition[] = [
  driver('light', {
    name: 'Light', class: 'light', connectivity: ['zigbee'], color: '#f5b800',
    capabilities: ['onoff', 'dim', 'light_temperature'],
    initial: { onoff: false, dim: 1, light_temperature: 0.5 },
    settings: [
      setting('power_on_behaviour', 'dropdown', 'After a power cut', 'last', {
        values: [{ id: 'last', label: 'Restore the last state' }, { id: 'on', label: 'Turn on' }, { id: 'off', label: 'Stay off' }],
      }),
      setting('transition_time', 'number', 'Transition time', 0.5, { min: 0, max: 10, step: 0.1, units: 's' }),
    ],
    energy: { approximation: { usageOn: 9, usageOff: 0.4 } },
  }),
  driver('colorlight', {
    name: 'Colour light', class: 'light', connectivity: ['zigbee'], color: '#e056fd',
    capabilities: ['onoff', 'dim', 'light_hue', 'light_saturation', 'light_temperature', 'light_mode'],
    initial: { onoff: false, dim: 1, light_hue: 0.1, light_saturation: 0.8, light_temperature: 0.5, light_mode: 'temperature' },
    settings: [],
    energy: { approximation: { usageOn: 9.5, usageOff: 0.5 } },
  }),
  driver('socket', {
    name: 'Wall socket', class: 'socket', connectivity: ['zwave'], color: '#3cb371',
    capabilities: ['onoff', 'measure_power', 'meter_power'],
    initial: { onoff: false, measure_power: 0, meter_power: 0 },
    settings: [
      setting('load_watts', 'number', 'Connected load', 60, { hint: 'Power drawn by what is plugged in while switched on.', min: 0, max: 3680, step: 1, units: 'W' }),
      setting('child_lock', 'checkbox', 'Child lock', false),
    ],
  }),
  driver('motion', {
    name: 'Motion sensor', class: 'sensor', connectivity: ['zigbee'], color: '#4a90d9',
    capabilities: ['alarm_motion', 'measure_battery'],
    options: { alarm_motion: { setable: true } },
    initial: { alarm_motion: false, measure_battery: 100 },
    settings: [
      setting('sensitivity', 'dropdown', 'Sensitivity', 'medium', {
        values: [{ id: 'low', label: 'Low' }, { id: 'medium', label: 'Medium' }, { id: 'high', label: 'High' }],
      }),
    ],
    energy: { batteries: ['CR2032'] },
  }),
  driver('temperature', {
    name: 'Temperature sensor', class: 'sensor', connectivity: ['zigbee'], color: '#e8743b',
    capabilities: ['measure_temperature', 'measure_humidity', 'measure_battery'],
    options: { measure_temperature: { setable: true }, measure_humidity: { setable: true } },
    initial: { measure_temperature: 20.5, measure_humidity: 45, measure_battery: 100 },
    settings: [setting('temperature_offset', 'number', 'Temperature offset', 0, { min: -5, max: 5, step: 0.1, units: '°C' })],
    energy: { batteries: ['CR2450'] },
  }),
  driver('contact', {
    name: 'Door and window sensor', class: 'sensor', connectivity: ['zigbee'], color: '#8e44ad',
    capabilities: ['alarm_contact', 'measure_battery'],
    options: { alarm_contact: { setable: true } },
    initial: { alarm_contact: false, measure_battery: 100 },
    settings: [setting('invert', 'checkbox', 'Report open as closed', false, { hint: 'For a magnet mounted the other way round.' })],
    energy: { batteries: ['CR2032'] },
  }),
  driver('thermostat', {
    name: 'Thermostat', class: 'thermostat', connectivity: ['zwave'], color: '#d0021b',
    capabilities: ['target_temperature', 'measure_temperature', 'thermostat_mode'],
    options: { target_temperature: { min: 5, max: 35, step: 0.5 }, measure_temperature: { setable: true } },
    initial: { target_temperature: 20, measure_temperature: 19.5, thermostat_mode: 'heat' },
    settings: [setting('eco_temperature', 'number', 'Eco temperature', 16, { min: 5, max: 25, step: 0.5, units: '°C' })],
  }),
  driver('blinds', {
    name: 'Roller blinds', class: 'windowcoverings', connectivity: ['rf433'], color: '#7f8c8d',
    capabilities: ['windowcoverings_set'],
    initial: { windowcoverings_set: 1 },
    settings: [
      setting('travel_time', 'number', 'Travel time', 30, { min: 5, max: 120, step: 1, units: 's' }),
      setting('invert_direction', 'checkbox', 'Invert direction', false),
    ],
  }),
  driver('lock', {
    name: 'Door lock', class: 'lock', connectivity: ['zwave'], color: '#5c6b7a',
    capabilities: ['locked', 'measure_battery'],
    initial: { locked: true, measure_battery: 100 },
    settings: [
      setting('auto_lock', 'checkbox', 'Lock automatically', false),
      setting('auto_lock_delay', 'number', 'Lock after', 30, { min: 5, max: 600, step: 5, units: 's' }),
    ],
    energy: { batteries: ['AA', 'AA', 'AA', 'AA'] },
    asksPin: true,
  }),
  driver('smoke', {
    name: 'Smoke detector', class: 'sensor', connectivity: ['zigbee'], color: '#95a5a6',
    capabilities: ['alarm_smoke', 'measure_battery'],
    options: { alarm_smoke: { setable: true } },
    initial: { alarm_smoke: false, measure_battery: 100 },
    settings: [],
    energy: { batteries: ['CR123A'] },
  }),
  driver('ipcamera', {
    name: 'IP camera', class: 'camera', connectivity: ['lan'], color: '#34495e',
    capabilities: ['alarm_motion'],
    options: { alarm_motion: { setable: true } },
    initial: { alarm_motion: false },
    settings: [setting('picture_on_motion', 'checkbox', 'Take a picture on motion', true)],
    images: ['camera'],
  }),
  // A dongle on the smart meter's P1 port (energydongle/): it measures the whole home, so its energy is cumulative.
  driver('energydongle', {
    name: 'Energy dongle', class: 'sensor', connectivity: ['p1'], color: '#00a86b',
    capabilities: ['measure_power', 'meter_power'],
    initial: { measure_power: 0, meter_power: 0 },
    settings: [], energy: { cumulative: true },
  }),
  driver('button', {
    name: 'Virtual button', class: 'button', connectivity: ['virtual'], color: '#ff6f00',
    capabilities: ['button'], initial: { button: false }, settings: [],
  }),
  driver('dummysocket', {
    name: 'Dummy socket', class: 'socket', connectivity: ['virtual'], color: '#607d8b',
    capabilities: ['onoff'], initial: { onoff: false }, settings: [],
  }),
  // Made from a device of the cloud infrared library (rf/infrared-remotes.ts), which brings its codes: not paired.
  driver('infrared', {
    name: 'Infrared remote', class: 'tv', connectivity: ['infrared'], color: '#c0392b',
    capabilities: ['onoff', 'volume_up', 'volume_down', 'volume_mute', 'channel_up', 'channel_down'],
    initial: { onoff: false, volume_up: false, volume_down: false, volume_mute: false, channel_up: false, channel_down: false },
    settings: [], pairable: false,
  }),
  driver('group', {
    name: 'Device group', class: 'other', connectivity: [], color: '#9b9b9b',
    capabilities: [], initial: {}, settings: [], pairable: false,
  }),
];

const byId = new Map(definitions.map((definition) => [definition.id, definition]));
/**
 * Drivers of running apps, with how many hubs of this process run them: a driver is the same wherever its app
 * package runs, and the catalogue is per process.
 */
const appDrivers = new Map<string, { definition: DriverDefinition; count: number }>();

export const driverDefinitions = (): readonly DriverDefinition[] => [...definitions, ...[...appDrivers.values()].map((entry) => entry.definition)];
export const findDriver = (id: string): DriverDefinition | undefined => byId.get(id) ?? appDrivers.get(id)?.definition;
export const ownerOf = (definition: DriverDefinition): string => definition.ownerUri ?? VDEVICE_OWNER;

/** Adds an app's driver to the catalogue; returns its removal. */
export function registerAppDriver(definition: DriverDefinition): () => void {
  const entry = appDrivers.get(definition.id) ?? { definition, count: 0 };
  entry.definition = definition;
  entry.count += 1;
  appDrivers.set(definition.id, entry);
  let removed = false;
  return () => {
    if (removed) return;
    removed = true;
    if (--entry.count === 0) appDrivers.delete(definition.id);
  };
}

/** The hub's own views: system templates, each one's Next the one after it. */
const systemViews = (ids: string[]): PairView[] =>
  ids.map((id, index) => ({ id, template: id, navigation: { prev: null, next: ids[index + 1] ?? null }, options: {}, url: null }));

function viewsOf(definition: DriverDefinition): DriverViews {
  if (!definition.pairable) return { pair: [], repair: [], unpair: [] };
  if (definition.views) return definition.views;
  return {
    pair: systemViews(definition.asksPin ? ['list_devices', 'pincode', 'add_devices'] : ['list_devices', 'add_devices']),
    unpair: systemViews(['confirm']),
    repair: systemViews(['list_devices', 'done']),
  };
}

/** A driver as the API shows it. */
export function driverItem(definition: DriverDefinition): Driver {
  return {
    id: definition.id,
    name: definition.name,
    ownerUri: ownerOf(definition),
    ownerId: ownerOf(definition).split(':').slice(2).join(':'),
    ownerName: definition.ownerName ?? 'Virtual devices',
    ownerIconObj: definition.ownerIconObj ?? null,
    class: definition.class,
    connectivity: definition.connectivity,
    capabilities: definition.capabilities,
    icon: null,
    iconObj: null,
    color: definition.color,
    ready: true,
    deprecated: false,
    ...viewsOf(definition),
  };
}

import type { components } from '../../../generated/hub/devices.js';

export type Capability = components['schemas']['Capability'];
export type CapabilityValue = components['schemas']['CapabilityValue'];

/** The owner of the hub's own capability definitions (getCapability's `uri`). */
export const CAPABILITY_OWNER = 'homey:manager:devices';

export type CapabilityDefinition = Definition;

type Definition = Omit<Capability, 'id' | 'ownerUri' | 'desc' | 'chartType' | 'decimals' | 'min' | 'max' | 'step' | 'units' | 'values'> &
  Partial<Pick<Capability, 'desc' | 'chartType' | 'decimals' | 'min' | 'max' | 'step' | 'units' | 'values'>> & {
    /** Insights titles of a boolean's two states. */
    titleTrue?: string;
    titleFalse?: string;
  };

const boolean = (title: string, desc: string, setable: boolean, titleTrue: string, titleFalse: string): Definition => ({
  type: 'boolean', title, desc, getable: true, setable, chartType: 'stepLine', titleTrue, titleFalse,
});

const number = (title: string, desc: string, setable: boolean, bounds: Pick<Capability, 'min' | 'max' | 'step' | 'decimals' | 'units' | 'chartType'>): Definition => ({
  type: 'number', title, desc, getable: true, setable, ...bounds,
});

/** By capability id, which clients send: a Map, so that `__proto__` or `toString` is no capability. */
const definitions = new Map<string, Definition>(Object.entries({
  onoff: boolean('Turned on', 'Whether the device is switched on.', true, 'Turned on', 'Turned off'),
  dim: number('Dim level', 'Brightness, from 0 (off) to 1 (full).', true, { min: 0, max: 1, step: 0.01, decimals: 2, units: '%', chartType: 'stepLine' }),
  light_temperature: number('Color temperature', 'From 0 (cold) to 1 (warm).', true, { min: 0, max: 1, step: 0.01, decimals: 2, units: null, chartType: 'stepLine' }),
  measure_power: number('Power', 'The power drawn right now.', false, { min: 0, max: null, step: null, decimals: 2, units: 'W', chartType: 'line' }),
  meter_power: number('Energy', 'The energy used since the meter was reset.', false, { min: 0, max: null, step: null, decimals: 3, units: 'kWh', chartType: 'spline' }),
  measure_battery: number('Battery', 'Remaining battery charge.', false, { min: 0, max: 100, step: 1, decimals: 0, units: '%', chartType: 'spline' }),
  measure_temperature: number('Temperature', 'The measured temperature.', false, { min: -40, max: 80, step: null, decimals: 1, units: '°C', chartType: 'spline' }),
  measure_humidity: number('Humidity', 'The measured relative humidity.', false, { min: 0, max: 100, step: null, decimals: 0, units: '%', chartType: 'spline' }),
  target_temperature: number('Target temperature', 'The temperature to heat or cool to.', true, { min: 4, max: 35, step: 0.5, decimals: 1, units: '°C', chartType: 'stepLine' }),
  thermostat_mode: {
    type: 'enum', title: 'Thermostat mode', desc: 'How the thermostat works now.', getable: true, setable: true, chartType: 'stepLine',
    values: [{ id: 'auto', title: 'Automatic' }, { id: 'heat', title: 'Heat' }, { id: 'cool', title: 'Cool' }, { id: 'off', title: 'Off' }],
  },
  windowcoverings_set: number('Position', 'From 0 (closed) to 1 (open).', true, { min: 0, max: 1, step: 0.01, decimals: 2, units: '%', chartType: 'stepLine' }),
  locked: boolean('Locked', 'Whether the lock is locked.', true, 'Locked', 'Unlocked'),
  garagedoor_closed: boolean('Garage door closed', 'Whether the garage door is closed.', true, 'Closed', 'Opened'),
  alarm_motion: boolean('Motion alarm', 'Whether motion is detected.', false, 'Motion alarm on', 'Motion alarm off'),
  alarm_contact: boolean('Contact alarm', 'Whether the door or window is open.', false, 'Opened', 'Closed'),
  alarm_smoke: boolean('Smoke alarm', 'Whether smoke is detected.', false, 'Smoke alarm on', 'Smoke alarm off'),
  alarm_water: boolean('Water alarm', 'Whether a leak is detected.', false, 'Water alarm on', 'Water alarm off'),
  button: boolean('Button', 'Pressed by setting true; it springs back to false at once, so every press is heard.', true, 'Pressed', 'Released'),
  // A remote's keys: pressed by setting true, springing back as a button does (their drivers release them).
  volume_up: boolean('Volume up', 'Pressed by setting true: the volume goes one step up.', true, 'Pressed', 'Released'),
  volume_down: boolean('Volume down', 'Pressed by setting true: the volume goes one step down.', true, 'Pressed', 'Released'),
  volume_mute: boolean('Mute', 'Pressed by setting true: the sound goes off or on again.', true, 'Pressed', 'Released'),
  channel_up: boolean('Channel up', 'Pressed by setting true: the next channel.', true, 'Pressed', 'Released'),
  channel_down: boolean('Channel down', 'Pressed by setting true: the previous channel.', true, 'Pressed', 'Released'),
}));

/**
 * Capabilities an owner (an app: `homey:app:<id>`) defines for its own devices, by owner: each registration in turn
 * (hubs in one process may run the same app), the latest first.
 */
const ownDefinitions = new Map<string, Array<Map<string, Definition>>>();

/** Adds the capabilities an app defines (its app.json `capabilities`); returns their removal. */
export function registerOwnCapabilities(ownerUri: string, capabilities: Record<string, Definition>): () => void {
  const own = new Map(Object.entries(capabilities));
  ownDefinitions.set(ownerUri, [own, ...(ownDefinitions.get(ownerUri) ?? [])]);
  return () => {
    const left = (ownDefinitions.get(ownerUri) ?? []).filter((registered) => registered !== own);
    if (left.length) ownDefinitions.set(ownerUri, left);
    else ownDefinitions.delete(ownerUri);
  };
}

/** The hub's definition of a capability, or the one of the device's owner (an app) where it defines that id. */
const definitionOf = (id: string, ownerUri?: string): [Definition, string] | undefined => {
  const own = ownerUri === undefined ? undefined : ownDefinitions.get(ownerUri)?.[0]?.get(id);
  if (own && ownerUri) return [own, ownerUri];
  const definition = definitions.get(id);
  return definition && [definition, CAPABILITY_OWNER];
};

/** The full definition of a capability, as getCapability answers it: the hub's, or its owner's custom one. */
export function capabilityDefinition(id: string, ownerUri?: string): Capability | undefined {
  const found = definitionOf(id, ownerUri);
  if (!found) return undefined;
  const [{ titleTrue: _true, titleFalse: _false, ...fields }, owner] = found;
  return {
    id, ownerUri: owner, desc: null, chartType: null, decimals: null, min: null, max: null, step: null, units: null, values: null,
    ...fields,
  };
}

/** Insights titles of a capability's states (booleans only). */
export function stateTitles(id: string, ownerUri?: string): { titleTrue: string | null; titleFalse: string | null } {
  const definition = definitionOf(id, ownerUri)?.[0];
  return { titleTrue: definition?.titleTrue ?? null, titleFalse: definition?.titleFalse ?? null };
}

export const capabilityIds = (): string[] => [...definitions.keys()];

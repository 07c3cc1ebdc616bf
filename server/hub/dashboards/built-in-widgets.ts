import type { HubCore } from '../core/context.js';
import { bestMatches } from './matching.js';
import type { AutocompleteResult, WidgetDefinition } from './widget-definition.js';

/** The owner of the hub's own widgets. */
export const DASHBOARDS_OWNER = 'homey:manager:dashboards';
const owner = { ownerId: 'dashboards', ownerUri: DASHBOARDS_OWNER, ownerName: 'Homey' };

/** The id of the autocomplete choice stored in a setting (`{ id, name }`), if one is chosen. */
const chosenId = (choice: unknown): string | undefined => {
  const id = typeof choice === 'object' && choice !== null ? (choice as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : undefined;
};

function suggestDevices(hub: HubCore, query: string): AutocompleteResult[] {
  const zones = new Map(hub.store.values('zone').map((zone) => [zone.id, zone.name]));
  const devices = hub.store.values('device').map((device) => ({ id: device.id, name: device.name, description: zones.get(device.zone) ?? '' }));
  return bestMatches(devices, query);
}

/** The capabilities of the device chosen in the widget's `device` setting; none while no device is chosen. */
function suggestCapabilities(hub: HubCore, query: string, settings: Readonly<Record<string, unknown>>): AutocompleteResult[] {
  const deviceId = Object.hasOwn(settings, 'device') ? chosenId(settings.device) : undefined;
  const device = deviceId === undefined ? undefined : hub.store.get('device', deviceId);
  if (!device) return [];
  const capabilities = device.capabilities.flatMap((id) => {
    const entry = device.capabilitiesObj[id];
    return entry ? [{ id, name: entry.title, description: id }] : [];
  });
  return bestMatches(capabilities, query);
}

function suggestVariables(hub: HubCore, query: string): AutocompleteResult[] {
  const variables = hub.store.values('variable').map((variable) => ({ id: variable.id, name: variable.name, description: `${variable.type}: ${String(variable.value)}` }));
  return bestMatches(variables, query);
}

/** Time zones by name ("Europe/Amsterdam", found by "amster"), described by their UTC offset now. */
function suggestTimeZones(hub: HubCore, query: string): AutocompleteResult[] {
  const zones = Intl.supportedValuesOf('timeZone').map((id) => ({ id, name: id.replace(/_/g, ' ') }));
  const now = new Date(hub.now());
  return bestMatches(zones, query.replace(/_/g, ' ')).map((zone) => {
    const parts = new Intl.DateTimeFormat('en', { timeZone: zone.id, timeZoneName: 'longOffset' }).formatToParts(now);
    return { ...zone, description: parts.find((part) => part.type === 'timeZoneName')?.value.replace('GMT', 'UTC') || 'UTC' };
  });
}

/** The hub's own app widgets: a device's capabilities, a logic variable, a clock. */
export const builtInWidgets: WidgetDefinition[] = [
  {
    ...owner,
    id: `${DASHBOARDS_OWNER}:device`,
    name: 'Device',
    height: 160,
    settings: [
      { id: 'device', type: 'autocomplete', title: 'Device', value: null, suggest: suggestDevices },
      { id: 'capability', type: 'autocomplete', title: 'Capability shown large (none: all alike)', value: null, suggest: suggestCapabilities },
    ],
  },
  {
    ...owner,
    id: `${DASHBOARDS_OWNER}:variable`,
    name: 'Variable',
    height: 90,
    settings: [
      { id: 'variable', type: 'autocomplete', title: 'Variable', value: null, suggest: suggestVariables },
      { id: 'label', type: 'text', title: 'Label (empty: the variable\'s name)', value: '' },
      { id: 'decimals', type: 'number', title: 'Decimals of a number', value: 1, min: 0, max: 4 },
    ],
  },
  {
    ...owner,
    id: `${DASHBOARDS_OWNER}:clock`,
    name: 'Clock',
    height: 120,
    settings: [
      { id: 'timezone', type: 'autocomplete', title: 'Time zone (none: the hub\'s)', value: null, suggest: suggestTimeZones },
      { id: 'format', type: 'dropdown', title: 'Format', value: '24h', values: [{ id: '24h', title: '24-hour' }, { id: '12h', title: '12-hour' }] },
      { id: 'showSeconds', type: 'checkbox', title: 'Show seconds', value: false },
    ],
  },
];

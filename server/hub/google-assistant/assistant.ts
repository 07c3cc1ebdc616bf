import type { components } from '../../../generated/hub/google-assistant.js';
import { conflict } from '../../http/errors.js';
import type { HubCore } from '../core/context.js';

type SyncPayload = components['schemas']['GoogleAssistantSync'];
type LastSync = NonNullable<components['schemas']['GoogleAssistantState']['lastSync']>;

const keys = { enabled: 'google-assistant.enabled', pinCode: 'google-assistant.pinCode', lastSync: 'google-assistant.lastSync' };

export const isEnabled = (hub: HubCore): boolean => hub.settings.get<boolean>(keys.enabled) ?? false;
export const setEnabled = (hub: HubCore, value: boolean) => hub.settings.set(keys.enabled, value);
export const unsetEnabled = (hub: HubCore) => hub.settings.unset(keys.enabled);
export const pinCode = (hub: HubCore): string | null => hub.settings.get<string>(keys.pinCode) ?? null;
export const setPinCode = (hub: HubCore, value: string) => hub.settings.set(keys.pinCode, value);
export const unsetPinCode = (hub: HubCore) => hub.settings.unset(keys.pinCode);

export const assistantState = (hub: HubCore): components['schemas']['GoogleAssistantState'] => ({
  enabled: isEnabled(hub),
  pinCodeSet: pinCode(hub) !== null,
  lastSync: hub.settings.get<LastSync>(keys.lastSync) ?? null,
});

const deviceTypes = new Map([
  ['light', 'LIGHT'], ['socket', 'OUTLET'], ['thermostat', 'THERMOSTAT'], ['heater', 'HEATER'], ['windowcoverings', 'BLINDS'],
  ['blinds', 'BLINDS'], ['lock', 'LOCK'], ['sensor', 'SENSOR'], ['camera', 'CAMERA'], ['fan', 'FAN'], ['tv', 'TV'],
  ['speaker', 'SPEAKER'], ['doorbell', 'DOORBELL'], ['vacuumcleaner', 'VACUUM'], ['airconditioning', 'AC_UNIT'],
]);
const traitsOf = new Map([
  ['onoff', 'OnOff'], ['dim', 'Brightness'], ['light_hue', 'ColorSetting'], ['light_temperature', 'ColorSetting'],
  ['target_temperature', 'TemperatureSetting'], ['measure_temperature', 'TemperatureSetting'], ['locked', 'LockUnlock'],
  ['windowcoverings_set', 'OpenClose'], ['windowcoverings_state', 'OpenClose'], ['volume_set', 'Volume'],
]);

/** The SYNC payload: each device with at least one trait the assistant knows, typed by its class. */
export function buildSync(hub: HubCore): SyncPayload {
  const devices = hub.store.values('device').flatMap((device) => {
    const traits = [...new Set(device.capabilities.flatMap((id) => traitsOf.get(id) ?? []))];
    if (traits.length === 0) return [];
    const zone = device.zone ? hub.store.get('zone', device.zone) : undefined;
    return [{
      id: device.id,
      type: `action.devices.types.${deviceTypes.get(device.class) ?? 'SWITCH'}`,
      traits: traits.map((trait) => `action.devices.traits.${trait}`),
      name: { name: device.name },
      roomHint: zone?.name ?? null,
      willReportState: true,
    }];
  });
  return { agentUserId: hub.id, devices };
}

/** Builds the payload the assistant would receive and records the sync; 409 while the assistant is disabled. */
export function sync(hub: HubCore): SyncPayload {
  if (!isEnabled(hub)) throw conflict('Google Assistant is not enabled: set the enabled option first');
  const payload = buildSync(hub);
  hub.settings.set<LastSync>(keys.lastSync, { at: new Date(hub.now()).toISOString(), deviceCount: payload.devices.length });
  return payload;
}

import type { components } from '../../../generated/hub/devices.js';
import { badRequest } from '../../http/errors.js';
import { findDriver, type DeviceSetting } from '../drivers/catalogue.js';

type SettingValue = components['schemas']['DeviceSettingValue'];
type SettingsObj = components['schemas']['DeviceSettingsObj'];

const describe = (value: unknown) => JSON.stringify(value);

function checkSetting(definition: DeviceSetting, value: SettingValue): SettingValue {
  const what = `Setting ${definition.id}`;
  switch (definition.type) {
    case 'checkbox':
      if (typeof value !== 'boolean') throw badRequest(`${what} needs true or false, not ${describe(value)}`);
      return value;
    case 'text':
      if (typeof value !== 'string') throw badRequest(`${what} needs a text, not ${describe(value)}`);
      return value;
    case 'dropdown': {
      const choices = (definition.values ?? []).map((choice) => choice.id);
      if (typeof value !== 'string' || !choices.includes(value)) throw badRequest(`${what} must be one of ${choices.join(', ')}, not ${describe(value)}`);
      return value;
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) throw badRequest(`${what} needs a number, not ${describe(value)}`);
      const { min, max, units } = definition;
      if ((min !== null && value < min) || (max !== null && value > max)) {
        throw badRequest(`${what} must be between ${min ?? '-∞'} and ${max ?? '∞'}${units ? ` ${units}` : ''}, not ${value}`);
      }
      return value;
    }
  }
}

/** The given values, each checked against its definition; an unknown key or a misfit value is a 400. */
export function checkSettings(definitions: readonly DeviceSetting[], values: Record<string, SettingValue>): Record<string, SettingValue> {
  return Object.fromEntries(
    Object.entries(values).map(([id, value]) => {
      const definition = definitions.find((candidate) => candidate.id === id);
      if (!definition) {
        const known = definitions.map((candidate) => candidate.id);
        throw badRequest(`Unknown setting: ${id}${known.length ? ` (the device has ${known.join(', ')})` : ' (the device has no settings)'}`);
      }
      return [id, checkSetting(definition, value)];
    }),
  );
}

export const settingDefinitions = (driverId: string): readonly DeviceSetting[] => findDriver(driverId)?.settings ?? [];

/** Each setting of the device's driver with the device's current value. */
export function settingsObj(device: { driverId: string; settings: Record<string, SettingValue> }): SettingsObj {
  return Object.fromEntries(
    settingDefinitions(device.driverId).map((definition) => [definition.id, { ...definition, value: device.settings[definition.id] ?? definition.value }]),
  );
}

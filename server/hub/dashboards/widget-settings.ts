import type { components } from '../../../generated/hub/dashboards.js';
import { badRequest } from '../../http/errors.js';
import type { WidgetDefinition, WidgetSettingDefinition } from './widget-definition.js';

type WidgetSettings = components['schemas']['WidgetSettings'];
type WidgetSettingValue = components['schemas']['WidgetSettingValue'];

const isChoice = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string' && typeof (value as { name?: unknown }).name === 'string';

/** What is wrong with a value of this setting, or undefined when it fits. */
function problem(setting: WidgetSettingDefinition, value: unknown): string | undefined {
  switch (setting.type) {
    case 'text':
    case 'textarea':
      return typeof value === 'string' ? undefined : 'needs a text';
    case 'checkbox':
      return typeof value === 'boolean' ? undefined : 'needs true or false';
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'needs a number';
      const { min, max } = setting;
      return (min !== undefined && value < min) || (max !== undefined && value > max) ? `must be between ${min ?? '-∞'} and ${max ?? '∞'}` : undefined;
    }
    case 'dropdown': {
      const ids = (setting.values ?? []).map((choice) => choice.id);
      return typeof value === 'string' && ids.includes(value) ? undefined : `must be one of ${ids.join(', ')}`;
    }
    case 'autocomplete':
      return value === null || isChoice(value) ? undefined : 'needs one of its suggestions (an object with id and name) or null';
  }
}

/** A placed widget's settings, checked against its app widget's definitions; settings left out take their default. */
export function checkWidgetSettings(widget: WidgetDefinition, given: WidgetSettings): WidgetSettings {
  const known = new Set(widget.settings.map((setting) => setting.id));
  const stray = Object.keys(given).find((id) => !known.has(id));
  if (stray !== undefined) throw badRequest(`The ${widget.name} widget has no setting ${stray} (it has ${[...known].join(', ')})`);
  return Object.fromEntries(
    widget.settings.map((setting): [string, WidgetSettingValue] => {
      const value = Object.hasOwn(given, setting.id) ? given[setting.id] : setting.value;
      const wrong = problem(setting, value);
      if (wrong) throw badRequest(`The ${widget.name} widget's setting ${setting.id} ${wrong}, not ${JSON.stringify(value)}`);
      return [setting.id, value as WidgetSettingValue];
    }),
  );
}

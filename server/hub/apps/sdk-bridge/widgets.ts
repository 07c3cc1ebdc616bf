import { badRequest } from '../../../http/errors.js';
import type { Hub } from '../../core/context.js';
import type { AutocompleteResult, WidgetDefinition, WidgetSettingDefinition } from '../../dashboards/widget-definition.js';
import { appUri } from '../app-record.js';
import type { SdkRequests } from './requests.js';

const DEFAULT_HEIGHT = 150;
const SETTING_TYPES = new Set(['text', 'textarea', 'number', 'checkbox', 'dropdown', 'autocomplete']);

/** A text of app.json: a string, or per language (English taken). */
const textOf = (value: unknown, fallback: string): string =>
  typeof value === 'string' ? value : typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>).en === 'string' ? (value as Record<string, string>).en! : fallback;

/** What the app's autocomplete listener answered, as the widgets API answers it: each match an id and a name. */
function results(answer: unknown): AutocompleteResult[] {
  if (!Array.isArray(answer)) throw badRequest('A widget setting\'s autocomplete listener answers a list');
  return answer.map((item: Record<string, unknown>) => ({
    ...item,
    id: typeof item?.id === 'string' ? item.id : textOf(item?.name, ''),
    name: textOf(item?.name, ''),
    ...(typeof item?.description === 'string' ? { description: item.description } : {}),
  }));
}

function settingOf(appId: string, widgetId: string, setting: Record<string, unknown>): WidgetSettingDefinition {
  const id = String(setting.id ?? '');
  const type = String(setting.type ?? '');
  if (!id || !SETTING_TYPES.has(type)) throw badRequest(`Widget ${widgetId}: setting ${id || '(no id)'} is of a type widgets do not have (${type})`);
  const values = Array.isArray(setting.values) ? setting.values.map((choice: Record<string, unknown>) => ({ id: String(choice.id), title: textOf(choice.title ?? choice.label, String(choice.id)) })) : undefined;
  return {
    id, type: type as WidgetSettingDefinition['type'], title: textOf(setting.title ?? setting.label, id), value: (setting.value ?? null) as WidgetSettingDefinition['value'],
    ...(typeof setting.min === 'number' ? { min: setting.min } : {}),
    ...(typeof setting.max === 'number' ? { max: setting.max } : {}),
    ...(values ? { values } : {}),
    ...(type === 'autocomplete'
      ? { suggest: (hub: Pick<Hub, 'apps'>, query: string, settings: Readonly<Record<string, unknown>>) =>
          hub.apps.worker(appId).call({ type: 'widget.autocomplete', widgetId, settingId: id, query, settings }).then(results) }
      : {}),
  };
}

/** The app's widgets of app.json `widgets`, offered on the dashboards while it runs. */
function registerWidgets(hub: Hub, appId: string, { widgets }: Record<string, unknown>): void {
  if (!widgets || typeof widgets !== 'object') return;
  const ownerName = hub.store.get('app', appId)?.name ?? appId;
  for (const [widgetId, widget] of Object.entries(widgets as Record<string, Record<string, unknown>>)) {
    const height = typeof widget.height === 'number' && widget.height >= 40 ? Math.round(widget.height) : DEFAULT_HEIGHT;
    const settings = Array.isArray(widget.settings) ? widget.settings.map((setting: Record<string, unknown>) => settingOf(appId, widgetId, setting)) : [];
    const definition: WidgetDefinition = { id: `${appUri(appId)}:${widgetId}`, ownerId: appId, ownerUri: appUri(appId), ownerName, name: textOf(widget.name, widgetId), settings, height };
    hub.widgets.register(definition);
  }
}

/** Takes the widgets of an app that stopped off the dashboards' offer. */
export function unregisterWidgets(hub: Hub, appId: string): void {
  for (const id of Object.keys(hub.widgets.list())) if (id.startsWith(`${appUri(appId)}:`)) hub.widgets.unregister(id);
}

export const widgetRequests: SdkRequests = {
  'dashboards.register': registerWidgets,
};

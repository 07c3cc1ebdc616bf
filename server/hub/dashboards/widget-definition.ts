import type { components } from '../../../generated/hub/dashboards.js';
import type { Hub, HubCore } from '../core/context.js';

export type AppWidget = components['schemas']['AppWidget'];
type AppWidgetSetting = components['schemas']['AppWidgetSetting'];
export type AutocompleteResult = components['schemas']['AutocompleteResult'];

/** What widgets read of the hub: the core, and the apps whose widgets' suggestions come from their workers. */
export type WidgetHub = HubCore & Pick<Hub, 'apps'>;

/** Suggestions for an autocomplete setting, from what the user typed and the widget's other settings so far (an app's come from its worker). */
export type Suggest = (hub: WidgetHub, query: string, settings: Readonly<Record<string, unknown>>) => AutocompleteResult[] | Promise<AutocompleteResult[]>;

export interface WidgetSettingDefinition extends AppWidgetSetting {
  /** Required for an autocomplete setting. */
  suggest?: Suggest;
}

/** An app widget as its owner registers it: the API's AppWidget plus how its autocomplete settings suggest. */
export interface WidgetDefinition extends Omit<AppWidget, 'settings'> {
  settings: WidgetSettingDefinition[];
}

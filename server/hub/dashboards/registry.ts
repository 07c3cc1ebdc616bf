import { ApiError, badRequest, notFound } from '../../http/errors.js';
import type { Hub } from '../core/context.js';
import { builtInWidgets } from './built-in-widgets.js';
import type { AppWidget, AutocompleteResult, WidgetDefinition, WidgetHub } from './widget-definition.js';
import type { HubService, Nothing } from '../core/service.js';

const publicView = (definition: WidgetDefinition): AppWidget => ({
  ...definition,
  settings: definition.settings.map(({ suggest: _suggest, ...setting }) => setting),
});

/**
 * The app widgets a hub offers: its own, and those apps register while they run. In memory: apps register their
 * widgets again when they start. Subscribers of `homey:manager:dashboards` hear `appwidget.create|update|delete`.
 */
export class WidgetRegistry {
  private readonly widgets = new Map<string, WidgetDefinition>();

  constructor(private readonly hub: WidgetHub, initial: WidgetDefinition[]) {
    for (const definition of initial) this.widgets.set(definition.id, WidgetRegistry.checked(definition));
  }

  private static checked(definition: WidgetDefinition): WidgetDefinition {
    if (!definition.id.startsWith(`${definition.ownerUri}:`)) throw new Error(`App widget ${definition.id} must be named <ownerUri>:<id>`);
    const mute = definition.settings.find((setting) => setting.type === 'autocomplete' && !setting.suggest);
    if (mute) throw new Error(`App widget ${definition.id}: autocomplete setting ${mute.id} needs a suggest function`);
    return definition;
  }

  /** Adds or replaces an app widget (an app starting), telling subscribers. */
  register(definition: WidgetDefinition): AppWidget {
    const change = this.widgets.has(definition.id) ? 'update' : 'create';
    this.widgets.set(definition.id, WidgetRegistry.checked(definition));
    const widget = publicView(definition);
    this.hub.bus.publish('homey:manager:dashboards', `appwidget.${change}`, widget);
    if (change === 'update') this.hub.bus.publish(`homey:appwidget:${widget.id}`, 'update', widget);
    return widget;
  }

  /** Removes an app widget (its app uninstalled). Dashboards that place it keep their widgets. */
  unregister(id: string): boolean {
    if (!this.widgets.delete(id)) return false;
    this.hub.bus.publish('homey:manager:dashboards', 'appwidget.delete', { id });
    this.hub.bus.publish(`homey:appwidget:${id}`, 'delete', { id });
    return true;
  }

  count(): number {
    return this.widgets.size;
  }

  list(): Record<string, AppWidget> {
    return Object.fromEntries([...this.widgets.values()].map((definition) => [definition.id, publicView(definition)]));
  }

  find(id: string): WidgetDefinition | undefined {
    return this.widgets.get(id);
  }

  get(id: string): AppWidget {
    const definition = this.widgets.get(id);
    if (!definition) throw notFound('App widget');
    return publicView(definition);
  }

  /** getAppWidgetAutocomplete: 404 for an unknown widget or setting, 400 for a setting that is not autocomplete. */
  suggest(id: string, settingId: string, query: string, settings: Readonly<Record<string, unknown>>): AutocompleteResult[] | Promise<AutocompleteResult[]> {
    const definition = this.widgets.get(id);
    if (!definition) throw notFound('App widget');
    const setting = definition.settings.find((candidate) => candidate.id === settingId);
    if (!setting) throw new ApiError(404, 'not_found', `${definition.name} has no setting ${settingId}`);
    if (!setting.suggest) throw badRequest(`${settingId} is a ${setting.type} setting, not an autocomplete one`);
    return setting.suggest(this.hub, query, settings);
  }
}

declare module '../core/context.js' {
  interface Hub {
    /** The dashboards' app widgets: the hub's own and those apps register. */
    widgets: WidgetRegistry;
  }
}

/** The hub's widget registry, with the hub's own widgets from the start; apps register theirs. */
export const widgetRegistry: HubService<Nothing, Pick<Hub, 'widgets'>, 'apps'> = {
  name: 'widgets',
  later: { apps: true },
  start: (hub) => ({ gives: { widgets: new WidgetRegistry(hub, builtInWidgets) } }),
};

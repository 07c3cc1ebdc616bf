import { randomUUID } from 'node:crypto';
import type { components } from '../../../generated/hub/dashboards.js';
import { badRequest, conflict } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { syncWidgetStores } from './widget-stores.js';
import { checkWidgetSettings } from './widget-settings.js';

/** What the dashboards' functions read of the hub: the core and the widgets that may be placed. */
type DashboardsHub = HubCore & Pick<Hub, 'widgets'>;

export type Dashboard = components['schemas']['Dashboard'];
type DashboardCreate = components['schemas']['DashboardCreate'];
type DashboardUpdate = components['schemas']['DashboardUpdate'];
type ColumnInput = components['schemas']['DashboardColumnInput'];

export const requireDashboard = (hub: DashboardsHub, id: string): Dashboard => hub.store.require('dashboard', id, 'Dashboard');

/**
 * The columns as stored: ids given or new (each once in the dashboard; a widget id also not on another
 * dashboard), every widget an app widget that exists, with settings it accepts.
 */
function buildColumns(hub: DashboardsHub, dashboardId: string, columns: ColumnInput[]): Dashboard['columns'] {
  const registry = hub.widgets;
  const seen = new Set<string>();
  const once = (id: string | undefined, what: string): string => {
    const unique = id ?? randomUUID();
    if (seen.has(unique)) throw badRequest(`${what} id ${unique} appears twice in the dashboard`);
    seen.add(unique);
    return unique;
  };
  return columns.map((column) => ({
    id: once(column.id, 'Column'),
    widgets: column.widgets.map((widget) => {
      const definition = registry.find(widget.widgetId);
      if (!definition) throw badRequest(`App widget not found: ${widget.widgetId}`);
      const id = once(widget.id, 'Widget');
      const store = hub.store.get('widgetstore', id);
      if (store && store.dashboardId !== dashboardId) throw conflict(`Widget ${id} is on another dashboard`);
      return { id, widgetId: widget.widgetId, settings: checkWidgetSettings(definition, widget.settings ?? {}), height: widget.height ?? null };
    }),
  }));
}

/** createDashboard: the dashboard, then a widget store per placed widget, in one transaction. */
export function createDashboard(hub: DashboardsHub, input: DashboardCreate): Dashboard {
  const id = randomUUID();
  const dashboard: Dashboard = { id, name: input.name, columns: buildColumns(hub, id, input.columns ?? []) };
  return hub.store.transaction(() => {
    hub.store.insert('dashboard', dashboard);
    syncWidgetStores(hub, dashboard);
    return dashboard;
  });
}

export function updateDashboard(hub: DashboardsHub, current: Dashboard, patch: DashboardUpdate): Dashboard {
  const { id: _ignored, ...changes } = patch;
  const columns = changes.columns === undefined ? current.columns : buildColumns(hub, current.id, changes.columns);
  const dashboard: Dashboard = { ...current, ...changes, columns };
  return hub.store.transaction(() => {
    hub.store.save('dashboard', dashboard);
    syncWidgetStores(hub, dashboard);
    return dashboard;
  });
}

export function deleteDashboard(hub: DashboardsHub, dashboard: Dashboard): void {
  hub.store.transaction(() => {
    syncWidgetStores(hub, { ...dashboard, columns: [] });
    hub.store.remove('dashboard', dashboard.id);
  });
}

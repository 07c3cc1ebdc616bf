import * as manifest from '../../../generated/hub/dashboards.operations.js';
import type { operations } from '../../../generated/hub/dashboards.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { createDashboard, deleteDashboard, requireDashboard, updateDashboard } from './dashboards.js';
import { requireWidgetStore, setWidgetStoreState } from './widget-stores.js';

export const dashboards = defineApi<operations, typeof manifest.operations, HubContextOf<'widgets'>>(manifest, {
  getState: (_args, { hub }) => ({
    dashboardCount: hub.store.count('dashboard'),
    appWidgetCount: hub.widgets.count(),
    widgetStoreCount: hub.store.count('widgetstore'),
  }),
  createDashboard: ({ dashboard }, { hub }) => createDashboard(hub, dashboard),
  updateDashboard: ({ id, dashboard }, { hub }) => updateDashboard(hub, requireDashboard(hub, id), dashboard),
  deleteDashboard: ({ id }, { hub }) => deleteDashboard(hub, requireDashboard(hub, id)),
  getAppWidgets: (_args, { hub }) => hub.widgets.list(),
  getAppWidget: ({ id }, { hub }) => hub.widgets.get(id),
  getAppWidgetAutocomplete: ({ id, settingId, query, settings = {} }, { hub }) => hub.widgets.suggest(id, settingId, query, settings),
  getWidgetStoreState: ({ id }, { hub }) => requireWidgetStore(hub, id).state,
  setWidgetStoreState: ({ id, state, replace }, { hub }) => setWidgetStoreState(hub, requireWidgetStore(hub, id), state, replace),
});

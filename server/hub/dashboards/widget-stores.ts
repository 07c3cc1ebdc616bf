import type { components } from '../../../generated/hub/dashboards.js';
import { badRequest } from '../../http/errors.js';
import type { HubCore } from '../core/context.js';

export type WidgetStore = components['schemas']['WidgetStore'];
type WidgetStoreState = components['schemas']['WidgetStoreState'];
type Placed = Pick<components['schemas']['Dashboard'], 'id' | 'columns'>;

const MAX_STATE_KEYS = 100;
const MAX_STATE_BYTES = 64 * 1024;

export const requireWidgetStore = (hub: HubCore, id: string): WidgetStore => hub.store.require('widgetstore', id, 'WidgetStore');

/**
 * One store per placed widget, with the widget's id: new widgets get an empty one, removed widgets lose theirs,
 * and a widget that now shows another app widget starts afresh.
 */
export function syncWidgetStores(hub: HubCore, dashboard: Placed): void {
  const placed = new Map(dashboard.columns.flatMap((column) => column.widgets).map((widget) => [widget.id, widget.widgetId]));
  for (const store of hub.store.values('widgetstore')) {
    if (store.dashboardId === dashboard.id && !placed.has(store.id)) hub.store.remove('widgetstore', store.id);
  }
  for (const [id, widgetId] of placed) {
    const store = hub.store.get('widgetstore', id);
    if (!store) hub.store.insert('widgetstore', { id, dashboardId: dashboard.id, widgetId, state: {} } satisfies WidgetStore);
    else if (store.widgetId !== widgetId) hub.store.save('widgetstore', { ...store, widgetId, state: {} });
  }
}

/** setWidgetStoreState: merges top-level keys, or replaces the whole state; answers the state as it now is. */
export function setWidgetStoreState(hub: HubCore, store: WidgetStore, state: WidgetStoreState, replace = false): WidgetStoreState {
  // Spread, not Object.assign: an own `__proto__` key stays an ordinary key.
  const next = replace ? { ...state } : { ...store.state, ...state };
  if (Object.keys(next).length > MAX_STATE_KEYS) throw badRequest(`A widget store holds at most ${MAX_STATE_KEYS} keys`);
  if (Buffer.byteLength(JSON.stringify(next)) > MAX_STATE_BYTES) throw badRequest('A widget store holds at most 64 KiB of JSON');
  return hub.store.save('widgetstore', { ...store, state: next }).state;
}

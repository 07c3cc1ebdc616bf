import type { components } from '../../../generated/hub/dashboards.js';
import type { Hub, HubCore } from '../core/context.js';
import { DASHBOARDS_OWNER } from './built-in-widgets.js';
import { createDashboard } from './dashboards.js';

/** The demo home's dashboard, over the demo devices and variables (seeded before it): one of each built-in widget. */
export function seedDemoDashboard(hub: HubCore & Pick<Hub, 'widgets'>): void {
  const device = (name: string) => {
    const found = hub.store.values('device').find((candidate) => candidate.name === name)!;
    return { id: found.id, name: found.name };
  };
  const guests = hub.store.values('variable').find((variable) => variable.name === 'Guests')!;
  const widget = (name: string, settings: components['schemas']['WidgetSettings'] = {}) => ({ widgetId: `${DASHBOARDS_OWNER}:${name}`, settings });
  createDashboard(hub, {
    name: 'Home',
    columns: [
      { widgets: [widget('clock'), widget('device', { device: device('Ceiling light') })] },
      {
        widgets: [
          widget('device', { device: device('Living room thermostat'), capability: { id: 'target_temperature', name: 'Target temperature' } }),
          widget('variable', { variable: { id: guests.id, name: guests.name }, decimals: 0 }),
        ],
      },
    ],
  });
}

import { startTestHub, type TestHub } from '../testing/test-hub.js';
import { connectRealtime, type ClientVersion } from '../testing/realtime-client.js';
import { DASHBOARDS_OWNER } from './built-in-widgets.js';
import type { Dashboard } from './dashboards.js';
import { type WidgetDefinition } from './widget-definition.js';

const CLOCK = `${DASHBOARDS_OWNER}:clock`;

describe.each<ClientVersion>(['v2', 'v4'])('dashboards over realtime with a socket.io %s client', (version) => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when a dashboard is created, updated and deleted over the api event, then subscribers get dashboard and widgetstore .create, .update and .delete', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    const call = (operation: string, args: Record<string, unknown>) => client.request('api', { uri: 'homey:manager:dashboards', operation, args });
    const next = (event: string) => client.next('homey:manager:dashboards', (name) => name === event);
    try {
      expect((await client.request('subscribe', 'homey:manager:dashboards'))[0]).toBeNull();
      const created = next('dashboard.create');
      const storeCreated = next('widgetstore.create');
      const [createError, dashboard] = await call('createDashboard', { dashboard: { name: 'Hall', columns: [{ widgets: [{ widgetId: CLOCK }] }] }, $validate: true });
      expect(createError).toBeNull();
      expect((await created).data).toEqual(dashboard);
      const { id, columns } = dashboard as Dashboard;
      const widgetId = columns[0]!.widgets[0]!.id;
      expect((await storeCreated).data).toEqual({ id: widgetId, dashboardId: id, widgetId: CLOCK, state: {} });

      const storeUpdated = next('widgetstore.update');
      const [stateError, state] = await call('setWidgetStoreState', { id: widgetId, state: { ticks: 3 } });
      expect(stateError).toBeNull();
      expect(state).toEqual({ ticks: 3 });
      expect((await storeUpdated).data).toEqual({ id: widgetId, dashboardId: id, widgetId: CLOCK, state: { ticks: 3 } });

      const updated = next('dashboard.update');
      const [updateError, renamed] = await call('updateDashboard', { id, dashboard: { name: 'Hallway' } });
      expect(updateError).toBeNull();
      expect((await updated).data).toEqual(renamed);
      expect(renamed).toMatchObject({ id, name: 'Hallway', columns });

      const deleted = next('dashboard.delete');
      const storeDeleted = next('widgetstore.delete');
      expect((await call('deleteDashboard', { id }))[0]).toBeNull();
      expect((await storeDeleted).data).toMatchObject({ id: widgetId });
      expect((await deleted).data).toMatchObject({ id });
    } finally {
      client.close();
    }
  });

  it('when an app registers, re-registers and removes a widget, then subscribers get appwidget.create, .update and .delete', async () => {
    const client = await connectRealtime(hub.url, hub.tokenWith(['homey.dashboard.readonly']), hub.hub.id, version);
    const next = (event: string) => client.next('homey:manager:dashboards', (name) => name === event);
    const weather: WidgetDefinition = {
      id: `homey:app:com.example.weather:forecast-${version}`,
      ownerId: 'com.example.weather',
      ownerUri: 'homey:app:com.example.weather',
      ownerName: 'Weather',
      name: 'Forecast',
      height: 150,
      settings: [{ id: 'city', type: 'autocomplete', title: 'City', value: null, suggest: () => [{ id: 'ams', name: 'Amsterdam' }] }],
    };
    const shown = { ...weather, settings: [{ id: 'city', type: 'autocomplete', title: 'City', value: null }] };
    try {
      await client.request('subscribe', 'homey:manager:dashboards');
      const created = next('appwidget.create');
      hub.hub.widgets.register(weather);
      expect((await created).data).toEqual(shown);
      const [, listed] = await client.request('api', { uri: 'homey:manager:dashboards', operation: 'getAppWidget', args: { id: weather.id } });
      expect(listed).toEqual(shown);
      const [, suggested] = await client.request('api', { uri: 'homey:manager:dashboards', operation: 'getAppWidgetAutocomplete', args: { id: weather.id, settingId: 'city', query: '' } });
      expect(suggested).toEqual([{ id: 'ams', name: 'Amsterdam' }]);

      const updated = next('appwidget.update');
      hub.hub.widgets.register({ ...weather, height: 200 });
      expect((await updated).data).toEqual({ ...shown, height: 200 });

      const deleted = next('appwidget.delete');
      expect(hub.hub.widgets.unregister(weather.id)).toBe(true);
      expect((await deleted).data).toEqual({ id: weather.id });
      const [gone] = await client.request('api', { uri: 'homey:manager:dashboards', operation: 'getAppWidget', args: { id: weather.id } });
      expect(gone).toMatchObject({ error: 'not_found', statusCode: 404 });
      const [denied] = await client.request('api', { uri: 'homey:manager:dashboards', operation: 'deleteDashboard', args: { id: 'x' } });
      expect(denied).toMatchObject({ error: 'insufficient_scope', statusCode: 403 });
    } finally {
      client.close();
    }
  });
});

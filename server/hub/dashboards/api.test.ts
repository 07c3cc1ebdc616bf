import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import type { Dashboard } from './dashboards.js';

const CLOCK = 'homey:manager:dashboards:clock';
const DEVICE = 'homey:manager:dashboards:device';
const VARIABLE = 'homey:manager:dashboards:variable';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('dashboards manager: dashboards', () => {
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  const create = (dashboard: Record<string, unknown>) => hub.http().post('/api/manager/dashboards/dashboard').set(auth()).send(dashboard);
  const storesOf = (dashboardId: string) => hub.hub.store.values('widgetstore').filter((store) => store.dashboardId === dashboardId);
  const choice = (name: string) => {
    const device = hub.hub.store.values('device').find((candidate) => candidate.name === name)!;
    return { id: device.id, name: device.name };
  };

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when listing dashboards of the demo home, then one uses every built-in widget, each with its widget store, and the state counts them', async () => {
    const { body } = await hub.http().get('/api/manager/dashboards/dashboard').set(auth()).expect(200).expect('Content-Type', /application\/json/);
    const entries = Object.entries<Dashboard>(body);
    expect(entries).toHaveLength(1);
    const [id, home] = entries[0]!;
    expect(home.id).toBe(id);
    expect(home.name).toBe('Home');
    const placed = home.columns.flatMap((column) => column.widgets);
    expect(new Set(placed.map((widget) => widget.widgetId))).toEqual(new Set([CLOCK, DEVICE, VARIABLE]));
    expect(placed.find((widget) => widget.widgetId === CLOCK)).toEqual({ id: expect.stringMatching(uuid), widgetId: CLOCK, settings: { timezone: null, format: '24h', showSeconds: false }, height: null });
    expect(storesOf(home.id).map((store) => store.id).sort()).toEqual(placed.map((widget) => widget.id).sort());
    const state = await hub.http().get('/api/manager/dashboards/state').set(auth()).expect(200);
    expect(state.body).toEqual({ dashboardCount: 1, appWidgetCount: 3, widgetStoreCount: placed.length });
  });

  it('when creating, reading, updating and deleting a dashboard, then ids are given, settings take defaults, and widget stores follow the widgets', async () => {
    const created = await create({
      name: 'Kitchen',
      columns: [{ widgets: [{ widgetId: DEVICE, settings: { device: choice('Fridge') } }, { widgetId: CLOCK, height: 200, settings: { format: '12h' } }] }],
    }).expect(200);
    const [column] = created.body.columns as Dashboard['columns'];
    const [fridge, clock] = column!.widgets;
    expect(created.body).toEqual({
      id: expect.stringMatching(uuid),
      name: 'Kitchen',
      columns: [{
        id: expect.stringMatching(uuid),
        widgets: [
          { id: expect.stringMatching(uuid), widgetId: DEVICE, settings: { device: choice('Fridge'), capability: null }, height: null },
          { id: expect.stringMatching(uuid), widgetId: CLOCK, settings: { timezone: null, format: '12h', showSeconds: false }, height: 200 },
        ],
      }],
    });
    const path = `/api/manager/dashboards/dashboard/${created.body.id}`;
    await hub.http().get(path).set(auth()).expect(200, created.body);
    expect(storesOf(created.body.id)).toEqual(
      expect.arrayContaining([
        { id: fridge!.id, dashboardId: created.body.id, widgetId: DEVICE, state: {} },
        { id: clock!.id, dashboardId: created.body.id, widgetId: CLOCK, state: {} },
      ]),
    );
    hub.hub.store.save('widgetstore', { ...hub.hub.store.get('widgetstore', clock!.id)!, state: { alarms: 1 } });

    const renamed = await hub.http().put(path).set(auth()).send({ ...created.body, name: 'Cooking' }).expect(200);
    expect(renamed.body).toEqual({ ...created.body, name: 'Cooking' });
    expect(hub.hub.store.get('widgetstore', clock!.id)!.state).toEqual({ alarms: 1 });

    const rearranged = await hub.http().put(path).set(auth()).send({
      columns: [{ id: column!.id, widgets: [{ id: clock!.id, widgetId: CLOCK }] }, { widgets: [{ widgetId: VARIABLE, settings: { label: 'Guests' } }] }],
    }).expect(200);
    const variable = rearranged.body.columns[1].widgets[0];
    expect(rearranged.body.columns[0]).toEqual({ id: column!.id, widgets: [{ id: clock!.id, widgetId: CLOCK, settings: { timezone: null, format: '24h', showSeconds: false }, height: null }] });
    expect(variable).toEqual({ id: expect.stringMatching(uuid), widgetId: VARIABLE, settings: { variable: null, label: 'Guests', decimals: 1 }, height: null });
    expect(storesOf(created.body.id).map((store) => [store.id, store.state]).sort()).toEqual([[clock!.id, { alarms: 1 }], [variable.id, {}]].sort());

    await hub.http().put(path).set(auth()).send({ columns: [{ widgets: [{ id: clock!.id, widgetId: DEVICE }] }] }).expect(200);
    expect(hub.hub.store.get('widgetstore', clock!.id)).toMatchObject({ widgetId: DEVICE, state: {} });

    await hub.http().delete(path).set(auth()).expect(204);
    await hub.http().get(path).set(auth()).expect(404);
    expect(storesOf(created.body.id)).toEqual([]);
  });

  it('when a placed widget names no app widget or has settings its definition refuses, then 400 says which', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ widgetId: 'homey:app:com.example:nope' }, /^App widget not found: homey:app:com.example:nope$/],
      [{ widgetId: CLOCK, settings: { color: 'red' } }, /^The Clock widget has no setting color \(it has timezone, format, showSeconds\)$/],
      [{ widgetId: CLOCK, settings: { format: '36h' } }, /^The Clock widget's setting format must be one of 24h, 12h, not "36h"$/],
      [{ widgetId: CLOCK, settings: { showSeconds: 'yes' } }, /^The Clock widget's setting showSeconds needs true or false/],
      [{ widgetId: CLOCK, settings: { timezone: 'Europe/Amsterdam' } }, /^The Clock widget's setting timezone needs one of its suggestions/],
      [{ widgetId: VARIABLE, settings: { decimals: 9 } }, /^The Variable widget's setting decimals must be between 0 and 4, not 9$/],
      [{ widgetId: VARIABLE, settings: { label: 3 } }, /^The Variable widget's setting label needs a text/],
      [{ widgetId: CLOCK, height: 10 }, /height/],
      [{ widgetId: CLOCK, id: 'not-a-uuid' }, /id/],
      [{ settings: {} }, /widgetId/],
    ];
    for (const [widget, message] of cases) {
      const { body } = await create({ name: 'Broken', columns: [{ widgets: [widget] }] });
      expect([JSON.stringify(widget), body.statusCode]).toEqual([JSON.stringify(widget), 400]);
      expect(body.error_description).toMatch(message);
    }
    const noName = await create({ columns: [] }).expect(400);
    expect(noName.body.error_description).toMatch(/name/);
    const twice = '0b8e7f2a-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
    const duplicate = await create({ name: 'Twice', columns: [{ widgets: [{ id: twice, widgetId: CLOCK }, { id: twice, widgetId: CLOCK }] }] }).expect(400);
    expect(duplicate.body.error_description).toBe(`Widget id ${twice} appears twice in the dashboard`);
    expect(hub.hub.store.values('dashboard').map((dashboard) => dashboard.name)).toEqual(['Home']);
  });

  it('when a widget id is already on another dashboard, then 409 on create and update, and nothing changes', async () => {
    const home = hub.hub.store.values('dashboard').find((dashboard) => dashboard.name === 'Home')!;
    const taken = home.columns[0]!.widgets[0]!;
    const res = await create({ name: 'Thief', columns: [{ widgets: [{ id: taken.id, widgetId: CLOCK }] }] }).expect(409);
    expect(res.body).toMatchObject({ error: 'conflict', error_description: `Widget ${taken.id} is on another dashboard` });
    expect(hub.hub.store.get('widgetstore', taken.id)!.dashboardId).toBe(home.id);
    const other = await create({ name: 'Other' }).expect(200);
    const path = `/api/manager/dashboards/dashboard/${other.body.id}`;
    const moved = await hub.http().put(path).set(auth()).send({ columns: [{ widgets: [{ id: taken.id, widgetId: CLOCK }] }] }).expect(409);
    expect(moved.body.error_description).toBe(`Widget ${taken.id} is on another dashboard`);
    const unknown = await hub.http().put(path).set(auth()).send({ columns: [{ widgets: [{ widgetId: 'homey:app:com.example:nope' }] }] }).expect(400);
    expect(unknown.body.error_description).toBe('App widget not found: homey:app:com.example:nope');
    await hub.http().get(path).set(auth()).expect(200, other.body);
    await hub.http().delete(path).set(auth()).expect(204);
  });

  it('when the id is unknown, then 404 for get, update and delete', async () => {
    await hub.http().get('/api/manager/dashboards/dashboard/nope').set(auth()).expect(404);
    await hub.http().put('/api/manager/dashboards/dashboard/nope').set(auth()).send({ name: 'X' }).expect(404);
    const res = await hub.http().delete('/api/manager/dashboards/dashboard/nope').set(auth()).expect(404);
    expect(res.body).toMatchObject({ error: 'not_found', error_description: 'Dashboard not found', statusCode: 404 });
  });

  it('when the token lacks the scope, then 403; a readonly token reads but cannot write', async () => {
    const home = hub.hub.store.values('dashboard')[0]!;
    const readonly = bearer(hub.tokenWith(['homey.dashboard.readonly']));
    await hub.http().get('/api/manager/dashboards/dashboard').set(readonly).expect(200);
    await hub.http().get(`/api/manager/dashboards/dashboard/${home.id}`).set(readonly).expect(200);
    const denied = await hub.http().post('/api/manager/dashboards/dashboard').set(readonly).send({ name: 'A' }).expect(403);
    expect(denied.body).toMatchObject({ error: 'insufficient_scope', error_description: 'Missing scope: homey.dashboard' });
    await hub.http().put(`/api/manager/dashboards/dashboard/${home.id}`).set(readonly).send({ name: 'A' }).expect(403);
    await hub.http().delete(`/api/manager/dashboards/dashboard/${home.id}`).set(readonly).expect(403);
    const other = bearer(hub.tokenWith(['homey.mood']));
    await hub.http().get('/api/manager/dashboards/dashboard').set(other).expect(403);
    await hub.http().get(`/api/manager/dashboards/dashboard/${home.id}`).set(other).expect(403);
    await hub.http().get('/api/manager/dashboards/state').set(readonly).expect(403);
  });
});

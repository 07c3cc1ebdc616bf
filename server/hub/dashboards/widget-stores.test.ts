import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import type { WidgetStore } from './widget-stores.js';

describe('dashboards manager: widget stores', () => {
  let hub: TestHub;
  let store: WidgetStore;
  const auth = () => bearer(hub.token);
  const statePath = () => `/api/manager/dashboards/widgetstore/${store.id}/state`;
  const setState = (body: Record<string, unknown>, token = hub.token) => hub.http().post(statePath()).set(bearer(token)).send(body);

  beforeAll(async () => {
    hub = await startTestHub();
    store = hub.hub.store.values('widgetstore').find((candidate) => candidate.widgetId === 'homey:manager:dashboards:clock')!;
  });
  afterAll(() => hub.stop());

  it('when listing widget stores, then each placed widget of the demo dashboard has one, keyed by its id, with an empty state', async () => {
    const { body } = await hub.http().get('/api/manager/dashboards/widgetstore').set(auth()).expect(200);
    expect(Object.keys(body)).toHaveLength(4);
    for (const [id, item] of Object.entries<WidgetStore>(body)) expect(item).toMatchObject({ id, state: {} });
    await hub.http().get(`/api/manager/dashboards/widgetstore/${store.id}`).set(auth()).expect(200, store);
    await hub.http().get(statePath()).set(auth()).expect(200, {});
  });

  it('when state is set, then top-level keys merge, and with replace the whole state is replaced', async () => {
    const merged = await setState({ state: { collapsed: true, view: { zoom: 2 } } }).expect(200);
    expect(merged.body).toEqual({ collapsed: true, view: { zoom: 2 } });
    const again = await setState({ state: { view: { pan: 1 }, note: 'hi' }, replace: false }).expect(200);
    expect(again.body).toEqual({ collapsed: true, view: { pan: 1 }, note: 'hi' });
    await hub.http().get(statePath()).set(auth()).expect(200, again.body);
    const replaced = await setState({ state: { only: 1 }, replace: true }).expect(200);
    expect(replaced.body).toEqual({ only: 1 });
    const item = await hub.http().get(`/api/manager/dashboards/widgetstore/${store.id}`).set(auth()).expect(200);
    expect(item.body).toEqual({ ...store, state: { only: 1 } });
  });

  it('when a token has only the readonly scope, then it may still keep its widget\'s state', async () => {
    const readonly = hub.tokenWith(['homey.dashboard.readonly']);
    const { body } = await setState({ state: { seenBy: 'wall tablet' } }, readonly).expect(200);
    expect(body).toMatchObject({ seenBy: 'wall tablet' });
    const denied = await setState({ state: {} }, hub.tokenWith(['homey.device'])).expect(403);
    expect(denied.body.error_description).toBe('Missing scope: homey.dashboard.readonly');
    const other = bearer(hub.tokenWith(['homey.device']));
    await hub.http().get('/api/manager/dashboards/widgetstore').set(other).expect(403);
    await hub.http().get(`/api/manager/dashboards/widgetstore/${store.id}`).set(other).expect(403);
    await hub.http().get(statePath()).set(other).expect(403);
  });

  it('when the state is missing, not an object, or too big, then 400 and the state is unchanged', async () => {
    const before = (await hub.http().get(statePath()).set(auth()).expect(200)).body;
    expect((await setState({}).expect(400)).body.error_description).toBe('Missing argument: state');
    expect((await setState({ state: [1] }).expect(400)).body.error_description).toMatch(/state/);
    expect((await setState({ state: { a: 1 }, replace: 'yes' }).expect(400)).body.error_description).toMatch(/replace/);
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`key${index}`, index]));
    await setState({ state: many, replace: true }).expect(200);
    const more = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`more${index}`, index]));
    expect((await setState({ state: more }).expect(400)).body.error_description).toBe('A widget store holds at most 100 keys');
    expect((await setState({ state: { big: 'x'.repeat(70_000) } }).expect(400)).body.error_description).toBe('A widget store holds at most 64 KiB of JSON');
    await setState({ state: before, replace: true }).expect(200);
    await hub.http().get(statePath()).set(auth()).expect(200, before);
  });

  it('when the hub restarts, then a widget store keeps its state', async () => {
    const own = await startTestHub();
    const kept = own.hub.store.values('widgetstore')[0]!;
    await own.http().post(`/api/manager/dashboards/widgetstore/${kept.id}/state`).set(bearer(own.token)).send({ state: { lastSeen: 42 } }).expect(200);
    await own.stop({ keepData: true });
    const restarted = await startTestHub({ dataDir: own.dataDir });
    try {
      await restarted.http().get(`/api/manager/dashboards/widgetstore/${kept.id}/state`).set(bearer(restarted.token)).expect(200, { lastSeen: 42 });
    } finally {
      await restarted.stop();
    }
  });

  it('when the widget store is unknown, then 404 for get, get state and set state', async () => {
    const res = await hub.http().get('/api/manager/dashboards/widgetstore/nope').set(auth()).expect(404);
    expect(res.body).toMatchObject({ error: 'not_found', error_description: 'WidgetStore not found' });
    const state = await hub.http().get('/api/manager/dashboards/widgetstore/nope/state').set(auth()).expect(404);
    expect(state.body.error_description).toBe('WidgetStore not found');
    await hub.http().post('/api/manager/dashboards/widgetstore/nope/state').set(auth()).send({ state: {} }).expect(404);
  });
});

import type { Device } from '../devices/device.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { PROGRAMMATIC_TRIGGER } from './flows.js';

const BASE = '/api/manager/flow';

describe('flow manager: flows, advanced flows and folders', () => {
  let hub: TestHub;
  let light: Device;
  const auth = (token = hub.token) => bearer(token);
  const get = (path: string, token?: string) => hub.http().get(`${BASE}${path}`).set(auth(token));
  const post = (path: string, body: object, token?: string) => hub.http().post(`${BASE}${path}`).set(auth(token)).send(body);
  const put = (path: string, body: object, token?: string) => hub.http().put(`${BASE}${path}`).set(auth(token)).send(body);
  const del = (path: string, token?: string) => hub.http().delete(`${BASE}${path}`).set(auth(token));
  const card = (local: string, device = light) => ({ uri: `homey:device:${device.id}`, id: `homey:device:${device.id}:${local}` });
  const manual = { uri: 'homey:manager:flow', id: PROGRAMMATIC_TRIGGER };

  beforeAll(async () => {
    hub = await startTestHub();
    light = hub.hub.store.values('device').find((device) => device.name === 'Ceiling light')!;
  });
  afterAll(() => hub.stop());

  it('when a flow is created, read, listed, updated and deleted, then each answer has the defaults and the computed flags', async () => {
    const created = await post('/flow', { name: 'Lights off', trigger: manual, actions: [card('off')] }).expect(200);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Lights off', enabled: true, folder: null, order: 0, broken: false, triggerable: true,
      trigger: { ...manual, droptoken: null, args: {} },
      conditions: [],
      actions: [{ ...card('off'), droptoken: null, args: {}, group: 'then', duration: null, delay: null }],
    });
    const { id } = created.body;
    await get(`/flow/${id}`).expect(200, created.body);
    const list = await get('/flow').expect(200);
    expect(list.body[id]).toEqual(created.body);
    // Clients send the whole flow back, computed fields included: they are ignored.
    const updated = await put(`/flow/${id}`, { ...created.body, name: 'All lights off', broken: true, conditions: [{ ...card('onoff_is'), inverted: true }] }).expect(200);
    expect(updated.body).toMatchObject({ id, name: 'All lights off', broken: false, conditions: [{ ...card('onoff_is'), group: 'group1', inverted: true }] });
    const state = await get('/state').expect(200);
    expect(state.body).toMatchObject({ flowCount: Object.keys(list.body).length, triggerCount: expect.any(Number) });
    await del(`/flow/${id}`).expect(204);
    await get(`/flow/${id}`).expect(404);
  });

  it('when a flow names a card that does not exist, misses a required arg or breaks the schema, then it is a 400 naming the problem', async () => {
    const unknown = await post('/flow', { name: 'X', trigger: { uri: 'homey:manager:flow', id: 'homey:manager:flow:nope' } }).expect(400);
    expect(unknown.body.error_description).toBe('No trigger card homey:manager:flow:nope');
    const mismatched = await post('/flow', { name: 'X', trigger: { uri: 'homey:manager:logic', id: PROGRAMMATIC_TRIGGER } }).expect(400);
    expect(mismatched.body.error_description).toMatch(/does not belong to homey:manager:logic/);
    const missingArg = await post('/flow', { name: 'X', trigger: manual, actions: [card('dim_set')] }).expect(400);
    expect(missingArg.body.error_description).toBe(`Argument value of card ${card('dim_set').id} is required`);
    const wrongType = await post('/flow', { name: 'X', trigger: card('onoff_true') , conditions: [card('on')] }).expect(400);
    expect(wrongType.body.error_description).toBe(`No condition card ${card('on').id}`);
    await post('/flow', { name: '', trigger: manual }).expect(400);
    await post('/flow', { name: 'X' }).expect(400);
    await post('/flow', { name: 'X', trigger: manual, conditions: [{ ...card('onoff_is'), group: 'group4' }] }).expect(400);
    await post('/flow', { name: 'X', trigger: manual, actions: [{ ...card('on'), duration: { multiplier: 5, number: '1' } }] }).expect(400);
    await post('/flow', { name: 'X', trigger: manual, folder: '00000000-0000-4000-8000-000000000000' }).expect(404);
    await put('/flow/nope', { name: 'Y' }).expect(404);
    await del('/flow/nope').expect(404);
  });

  it('when the caller lacks homey.flow, then writes are 403 and reads with homey.flow.readonly work', async () => {
    const readonly = hub.tokenWith(['homey.flow.readonly']);
    await get('/flow', readonly).expect(200);
    await post('/flow', { name: 'X', trigger: manual }, readonly).expect(403);
    await put('/flow/any', { name: 'X' }, readonly).expect(403);
    await del('/flow/any', readonly).expect(403);
    await post('/flowfolder', { name: 'X' }, readonly).expect(403);
    await post('/advancedflow', { name: 'X' }, readonly).expect(403);
    await post('/flow/any/trigger', {}, readonly).expect(403);
    await post('/flow/test', { sessionId: 's', tokens: {}, flow: {} }, readonly).expect(403);
    await post(`/flowcardcondition/${card('onoff_is').uri}/${card('onoff_is').id}/run`, {}, readonly).expect(403);
    await post(`/flowcardaction/${card('on').uri}/${card('on').id}/run`, {}, readonly).expect(403);
    await get('/state', readonly).expect(403);
    await get('/state', hub.tokenWith(['homey.system.readonly'])).expect(200);
    await get('/flow', hub.tokenWith(['homey.device'])).expect(403);
    await get('/flowfolder', hub.tokenWith(['homey.device'])).expect(403);
    await get('/advancedflow', hub.tokenWith(['homey.device'])).expect(403);
    await post('/flow/any/share', {}, hub.tokenWith(['homey.device'])).expect(403);
  });

  it('when an id names nothing, then reads and writes of every item type are 404', async () => {
    for (const type of ['flow', 'advancedflow', 'flowfolder']) {
      await get(`/${type}/nope`).expect(404);
      await put(`/${type}/nope`, { name: 'X' }).expect(404);
      await del(`/${type}/nope`).expect(404);
    }
    for (const type of ['flowcardtrigger', 'flowcardcondition', 'flowcardaction']) await get(`/${type}/homey:manager:flow/homey:manager:flow:nope`).expect(404);
  });

  it('when a manual flow is triggered, then it runs; one that starts otherwise, a disabled or an unknown one is refused', async () => {
    const flow = (await post('/flow', { name: 'Light on', trigger: manual, actions: [card('on')] }).expect(200)).body;
    const off = (await post('/flow', { name: 'Turned on', trigger: card('onoff_true') }).expect(200)).body;
    hub.hub.store.save('device', { ...light, capabilitiesObj: { ...light.capabilitiesObj, onoff: { ...light.capabilitiesObj.onoff!, value: false } } });
    await post(`/flow/${off.id}/trigger`, {}).expect(409);
    await post(`/flow/${flow.id}/trigger`, {}, hub.tokenWith(['homey.flow.start'])).expect(204);
    await new Promise((resolve) => setImmediate(resolve));
    expect(hub.hub.store.get('device', light.id)!.capabilitiesObj.onoff!.value).toBe(true);
    await put(`/flow/${flow.id}`, { enabled: false }).expect(200);
    const disabled = await post(`/flow/${flow.id}/trigger`, {}).expect(409);
    expect(disabled.body.error_description).toMatch(/disabled/);
    await post('/flow/nope/trigger', {}).expect(404);
  });

  it('when a flow is shared, then the answer is a self-contained document that createFlow accepts', async () => {
    const flow = (await post('/flow', { name: 'Share me', trigger: manual, actions: [card('off')] }).expect(200)).body;
    const { body } = await post(`/flow/${flow.id}/share`, {}, hub.tokenWith(['homey.flow.readonly'])).expect(200);
    expect(body).toMatchObject({
      format: 'flow', version: 1, hubId: hub.hub.id, flow: { name: 'Share me', enabled: true, trigger: { id: PROGRAMMATIC_TRIGGER } },
      cards: { [PROGRAMMATIC_TRIGGER]: { type: 'trigger', title: 'This flow is started', ownerUri: 'homey:manager:flow' }, [card('off').id]: { type: 'action', title: 'Turn off' } },
      owners: { [`homey:device:${light.id}`]: { kind: 'device', id: light.id, name: 'Ceiling light' } },
    });
    const copy = await post('/flow', body.flow).expect(200);
    expect(copy.body).toMatchObject({ name: 'Share me', actions: flow.actions });
    await post('/flow/nope/share', {}).expect(404);
  });

  it('when a flow is tested, then the answer tells what each condition and action did, without saving anything', async () => {
    const before = hub.hub.store.count('flow');
    const { body } = await post('/flow/test', {
      sessionId: 'editor-1', tokens: {},
      flow: { name: 'Test', conditions: [{ ...card('onoff_is'), inverted: true }], actions: [card('on'), { ...card('off'), group: 'else' }] },
    }).expect(200);
    expect(body.sessionId).toBe('editor-1');
    expect(body.conditions).toEqual([{ index: 0, cardId: card('onoff_is').id, result: expect.any(Boolean), error: null }]);
    expect(body.actions).toHaveLength(1);
    expect(body.actions[0]).toMatchObject({ result: true, error: null, index: body.conditions[0].result ? 0 : 1 });
    expect(hub.hub.store.count('flow')).toBe(before);
    await post('/flow/test', { sessionId: 'x', flow: {} }).expect(400);
  });

  it('when folders nest, then a folder cannot move below itself, and deleting one moves its flows and sub-folders up', async () => {
    const top = (await post('/flowfolder', { name: 'Lights' }).expect(200)).body;
    expect(top).toEqual({ id: expect.any(String), name: 'Lights', order: 0, parent: null });
    const middle = (await post('/flowfolder', { name: 'Indoor', parent: top.id }).expect(200)).body;
    const inner = (await post('/flowfolder', { name: 'Living room', parent: middle.id }).expect(200)).body;
    const flow = (await post('/flow', { name: 'In a folder', trigger: manual, folder: middle.id }).expect(200)).body;
    const advanced = (await post('/advancedflow', { name: 'Advanced in a folder', folder: middle.id }).expect(200)).body;
    const cycle = await put(`/flowfolder/${top.id}`, { parent: inner.id }).expect(400);
    expect(cycle.body.error_description).toMatch(/cannot move into itself/);
    await put(`/flowfolder/${top.id}`, { parent: top.id }).expect(400);
    await put(`/flowfolder/${top.id}`, { parent: '00000000-0000-4000-8000-000000000000' }).expect(404);
    await post('/flowfolder', { name: 'Orphan', parent: '00000000-0000-4000-8000-000000000000' }).expect(404);
    await post('/flowfolder', {}).expect(400);
    expect((await put(`/flowfolder/${top.id}`, { name: 'All lights' }).expect(200)).body.name).toBe('All lights');

    await del(`/flowfolder/${middle.id}`).expect(204);
    await get(`/flowfolder/${middle.id}`).expect(404);
    expect((await get(`/flowfolder/${inner.id}`).expect(200)).body.parent).toBe(top.id);
    expect((await get(`/flow/${flow.id}`).expect(200)).body.folder).toBe(top.id);
    expect((await get(`/advancedflow/${advanced.id}`).expect(200)).body.folder).toBe(top.id);
    expect(Object.keys((await get('/flowfolder').expect(200)).body)).toEqual(expect.arrayContaining([top.id, inner.id]));
    await del(`/flowfolder/${middle.id}`).expect(404);
  });

  it('when an advanced flow is created, updated and deleted, then its cards are checked and its flags computed', async () => {
    const [t, c, a, s] = ['3f1e2d4c-5b6a-4798-8a1b-2c3d4e5f6a70', '4a2f3e5d-6c7b-48a9-9b2c-3d4e5f6a7b81', '5b3a4f6e-7d8c-49ba-8c3d-4e5f6a7b8c92', '6c4b5a7f-8e9d-4acb-9d4e-5f6a7b8c9da3'];
    const cards = {
      [t]: { type: 'trigger', id: card('onoff_true').id, x: 0, y: 0, outputSuccess: [c] },
      [c]: { type: 'condition', id: card('onoff_is').id, x: 100, y: 0, outputTrue: [a] },
      [a]: { type: 'action', id: card('off').id, x: 200, y: 0 },
    };
    const created = await post('/advancedflow', { name: 'Canvas', cards }).expect(200);
    expect(created.body).toEqual({ id: expect.any(String), name: 'Canvas', enabled: true, folder: null, order: 0, cards, broken: false, triggerable: false });
    const { id } = created.body;
    const started = await put(`/advancedflow/${id}`, { cards: { ...cards, [s]: { type: 'start', x: 0, y: 100, outputSuccess: [a] } } }).expect(200);
    expect(started.body.triggerable).toBe(true);
    await get(`/advancedflow/${id}`).expect(200, started.body);
    expect((await get('/advancedflow').expect(200)).body[id]).toEqual(started.body);

    const dangling = await put(`/advancedflow/${id}`, { cards: { [a]: { type: 'action', id: card('off').id, x: 0, y: 0, outputSuccess: [c] } } }).expect(400);
    expect(dangling.body.error_description).toBe(`Outputs name cards the flow does not have: ${c}`);
    const noId = await post('/advancedflow', { name: 'X', cards: { [a]: { type: 'action', x: 0, y: 0 } } }).expect(400);
    expect(noId.body.error_description).toMatch(/needs the id of a flow card/);
    await post('/advancedflow', { name: 'X', cards: { [a]: { type: 'action', id: 'homey:manager:flow:nope', x: 0, y: 0 } } }).expect(400);
    await post('/advancedflow', { name: 'X', cards: { 'not-a-uuid': { type: 'note', x: 0, y: 0 } } }).expect(400);
    await post('/advancedflow', { name: 'X', cards: { [a]: { type: 'teleport', x: 0, y: 0 } } }).expect(400);
    await put('/advancedflow/nope', { name: 'Y' }).expect(404);

    await post(`/advancedflow/${id}/trigger`, {}).expect(204);
    await post('/advancedflow/nope/trigger', {}).expect(404);
    await put(`/advancedflow/${id}`, { cards }).expect(200);
    await post(`/advancedflow/${id}/trigger`, {}).expect(409);
    await del(`/advancedflow/${id}`).expect(204);
    await get(`/advancedflow/${id}`).expect(404);
  });
});

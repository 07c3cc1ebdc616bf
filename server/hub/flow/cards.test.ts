import { FakeClock } from '../../http/clock.js';
import { applyValues } from '../devices/control.js';
import type { Device } from '../devices/device.js';
import type { Variable } from '../logic/api.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { watchMetrics } from '../../http/metrics.js';
import { deviceCards, deviceCardsBuilt } from './device-cards.js';

const BASE = '/api/manager/flow';
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('flow cards: listing, running and autocompleting them', () => {
  // 23:30 local time, so that the time cards have a known "now".
  const clock = new FakeClock(new Date(2026, 10, 23, 23, 30, 0).getTime());
  let hub: TestHub;
  let light: Device;
  let guests: Variable;
  const auth = (token = hub.token) => bearer(token);
  const get = (path: string, token?: string) => hub.http().get(`${BASE}${path}`).set(auth(token));
  const post = (path: string, body: object, token?: string) => hub.http().post(`${BASE}${path}`).set(auth(token)).send(body);
  const owner = () => `homey:device:${light.id}`;
  const device = (name: string) => hub.hub.store.values('device').find((item) => item.name === name)!;
  const valueOf = (id: string, capability: string) => hub.hub.store.get('device', id)!.capabilitiesObj[capability]!.value;
  const runAction = (uri: string, id: string, body: object, token?: string) => post(`/flowcardaction/${uri}/${id}/run`, body, token);
  const runCondition = (uri: string, id: string, body: object) => post(`/flowcardcondition/${uri}/${id}/run`, body);

  beforeAll(async () => {
    hub = await startTestHub({ demoApps: true, clock });
    light = device('Ceiling light');
    guests = hub.hub.store.values('variable').find((variable) => variable.name === 'Guests')!;
  });
  afterAll(() => hub.stop());

  it('when cards are listed and read by owner and id (raw colons in the path), then they are items without a uri, with their owner', async () => {
    const { body } = await get('/flowcardtrigger').expect(200);
    const id = `${owner()}:onoff_true`;
    expect(body[id]).toEqual({
      id, ownerUri: owner(), ownerId: light.id, ownerName: 'Ceiling light', color: light.color, iconObj: null,
      uriObj: { kind: 'device', id: light.id, name: 'Ceiling light' }, title: 'Turned on', titleFormatted: 'Turned on', hint: '',
      args: [], tokens: [{ id: 'value', title: 'Turned on', type: 'boolean' }], duration: false, droptoken: false, deprecated: false, advanced: false, highlight: false,
    });
    for (const item of Object.values<object>(body)) expect(item).not.toHaveProperty('uri');
    await get(`/flowcardtrigger/${owner()}/${id}`).expect(200, body[id]);
    await get(`/flowcardtrigger/homey:manager:logic/${id}`).expect(404);
    await get(`/flowcardcondition/${owner()}/${id}`).expect(404);
    const conditions = await get('/flowcardcondition').expect(200);
    expect(conditions.body['homey:manager:cron:time_between']).toMatchObject({
      ownerUri: 'homey:manager:cron', ownerId: 'cron', ownerName: 'Date & time', color: '#888888', iconObj: null, uriObj: { kind: 'manager', name: 'Date & time' },
    });
    const sun = 'com.example.suntimes';
    expect(body[`homey:app:${sun}:sunset`]).toMatchObject({
      ownerUri: `homey:app:${sun}`, ownerId: sun, ownerName: 'Sun times', color: '#f39c12', iconObj: { id: sun, url: `/app/${sun}/assets/icon.svg` },
      uriObj: { kind: 'app', id: sun, name: 'Sun times' },
    });
    const actions = await get('/flowcardaction').expect(200);
    expect(actions.body[`${owner()}:dim_set`].args).toEqual([{ name: 'value', type: 'number', title: 'Value (%)', min: 0, max: 1, required: true }]);
    await get(`/flowcardaction/${owner()}/${owner()}:on`).expect(200);
    await get('/flowcardaction', hub.tokenWith(['homey.device'])).expect(403);
  });

  it("when a device's cards are asked for by id, then each is the device's own card, built from its capability alone", () => {
    const built = watchMetrics({ cards: deviceCardsBuilt });
    try {
      const all = deviceCards(light);
      expect(light.capabilities.length).toBeGreaterThan(1);
      for (const card of all) {
        const before = built.total('cards');
        // Its data (functions aside) as the device's whole list has it.
        expect(hub.hub.cards.get(card.id)).toMatchObject(JSON.parse(JSON.stringify(card)));
        expect(built.total('cards') - before).toBeLessThan(all.length);
      }
      expect(hub.hub.cards.get(`${owner()}:no_such_card`)).toBeUndefined();
    } finally {
      built.stop();
    }
  });

  it('when a device action runs, then the device changes through the devices domain, and with a duration it goes back', async () => {
    applyValues(hub.hub, hub.hub.store.get('device', light.id)!, { onoff: false }, 'setup');
    const events: string[] = [];
    const stop = hub.hub.bus.subscribe(({ uri, event }) => uri === owner() && events.push(event));
    await runAction(owner(), `${owner()}:on`, { duration: 60_000 }).expect(200, {});
    stop();
    expect(valueOf(light.id, 'onoff')).toBe(true);
    expect(events).toContain('capability');
    clock.advance(60_000);
    await settle();
    expect(valueOf(light.id, 'onoff')).toBe(false);

    await runAction(owner(), `${owner()}:toggle`, {}).expect(200);
    expect(valueOf(light.id, 'onoff')).toBe(true);
    await runAction(owner(), `${owner()}:toggle`, {}).expect(200);
    expect(valueOf(light.id, 'onoff')).toBe(false);
    await runAction(owner(), `${owner()}:dim_set`, { args: { value: '[[level]]' }, tokens: { level: 0.5 } }).expect(200);
    expect(valueOf(light.id, 'dim')).toBe(0.5);
    const outOfRange = await runAction(owner(), `${owner()}:dim_set`, { args: { value: 5 } }).expect(400);
    expect(outOfRange.body.error_description).toBe('Argument value must be between 0 and 1, not 5');
    const missing = await runAction(owner(), `${owner()}:dim_set`, {}).expect(400);
    expect(missing.body.error_description).toBe('Argument value is required');
    await runAction(owner(), `${owner()}:dim_set`, { args: { value: 0.2 }, duration: 1000 }).expect(400);
    await runAction(owner(), `${owner()}:nope`, {}).expect(404);
    await runAction(owner(), `${owner()}:on`, {}, hub.tokenWith(['homey.flow.readonly'])).expect(403);
  });

  it('when device conditions run, then they answer from the device as it is now, tokens filled in', async () => {
    applyValues(hub.hub, hub.hub.store.get('device', light.id)!, { onoff: true, dim: 0.8 }, 'setup');
    await runCondition(owner(), `${owner()}:onoff_is`, {}).expect(200, { result: true });
    await runCondition(owner(), `${owner()}:dim_greater_than`, { args: { value: 0.5 } }).expect(200, { result: true });
    await runCondition(owner(), `${owner()}:dim_less_than`, { args: { value: '[[x]]' }, tokens: { x: 0.5 } }).expect(200, { result: false });
    const wrong = await runCondition(owner(), `${owner()}:dim_less_than`, { args: { value: 'bright' } }).expect(400);
    expect(wrong.body.error_description).toBe('Argument value needs a number, not "bright"');
    await runCondition(owner(), `${owner()}:on`, {}).expect(404);
  });

  it('when logic cards run, then variables are set and compared by their type', async () => {
    const variable = { id: guests.id, name: guests.name };
    const logic = 'homey:manager:logic';
    await runAction(logic, `${logic}:variable_set`, { args: { variable, value: '[[n]]' }, tokens: { n: 3 } }).expect(200);
    expect(hub.hub.store.get('variable', guests.id)!.value).toBe(3);
    const notNumber = await runAction(logic, `${logic}:variable_set`, { args: { variable, value: 'many' } }).expect(400);
    expect(notNumber.body.error_description).toBe('The variable "Guests" needs a number, not "many"');
    await runAction(logic, `${logic}:variable_set`, { args: { variable: { id: 'gone', name: 'Gone' }, value: '1' } }).expect(404);
    await runCondition(logic, `${logic}:variable_greater_than`, { args: { variable, value: 2 } }).expect(200, { result: true });
    await runCondition(logic, `${logic}:variable_equals`, { args: { variable, value: '3' } }).expect(200, { result: true });
    const away = hub.hub.store.values('variable').find((item) => item.type === 'boolean')!;
    const mismatch = await runCondition(logic, `${logic}:variable_greater_than`, { args: { variable: { id: away.id, name: away.name }, value: 1 } }).expect(400);
    expect(mismatch.body.error_description).toMatch(/is a boolean, not a number/);
    await runCondition(logic, `${logic}:variable_is_true`, { args: { variable: 'Away mode' } }).expect(400);
  });

  it('when a variable changes through the logic API, then flows on "a variable changed" for that variable run with its value', async () => {
    const logic = 'homey:manager:logic';
    const away = hub.hub.store.values('variable').find((item) => item.type === 'boolean')!;
    const log = hub.hub.store.insert('variable', { id: 'c0ffee00-0000-4000-8000-000000000003', name: 'Log', type: 'string', value: '' });
    const trigger = (variable: Variable) => ({ uri: logic, id: `${logic}:variable_changed`, args: { variable: { id: variable.id, name: variable.name } } });
    const writeLog = (value: string) => ({ uri: logic, id: `${logic}:variable_set`, args: { variable: { id: log.id, name: log.name }, value } });
    await post('/flow', { name: 'Away changed', trigger: trigger(away), actions: [writeLog('away is [[value]]')] }).expect(200);
    await post('/flow', { name: 'Guests changed', trigger: trigger(guests), actions: [writeLog('guests changed')] }).expect(200);
    await hub.http().put(`/api/manager/logic/variable/${away.id}`).set(auth()).send({ value: !away.value }).expect(200);
    await settle();
    expect(hub.hub.store.get('variable', log.id)!.value).toBe(`away is ${!away.value}`);
    // The same value again is no change: nothing runs.
    await hub.http().put(`/api/manager/logic/variable/${log.id}`).set(auth()).send({ value: '' }).expect(200);
    await hub.http().put(`/api/manager/logic/variable/${away.id}`).set(auth()).send({ value: !away.value }).expect(200);
    await settle();
    expect(hub.hub.store.get('variable', log.id)!.value).toBe('');
  });

  it('when an autocomplete arg is asked for, then real matches by name come back', async () => {
    const logic = 'homey:manager:logic';
    const { body } = await get(`/flowcardaction/${logic}/${logic}:variable_set/autocomplete?name=variable&query=gue`, hub.tokenWith([])).expect(200);
    expect(body).toEqual([{ id: guests.id, name: 'Guests', description: 'number' }]);
    const numbers = await get(`/flowcardcondition/${logic}/${logic}:variable_greater_than/autocomplete?name=variable&query=`).expect(200);
    expect(numbers.body.map((item: { name: string }) => item.name)).not.toContain('Away mode');
    const users = await get('/flowcardtrigger/homey:manager:presence/homey:manager:presence:user_came_home/autocomplete?name=user&query=').expect(200);
    expect(users.body.length).toBeGreaterThan(0);
    await get(`/flowcardaction/${logic}/${logic}:variable_set/autocomplete?name=value&query=x`).expect(400);
    await get(`/flowcardaction/${logic}/${logic}:nope/autocomplete?name=variable&query=x`).expect(404);
    await get(`/flowcardrocket/${logic}/${logic}:variable_set/autocomplete?name=variable&query=x`).expect(400);
    await get(`/flowcardaction/${logic}/${logic}:variable_set/autocomplete?name=variable&query=x`).set('Authorization', '').expect(401);
  });

  it("when an autocomplete is asked for with the card's other args, then the card's listener gets them", async () => {
    const owner = 'homey:manager:autocompletetest';
    const heard: Array<Record<string, unknown>> = [];
    hub.hub.cards.add({
      cards: () => [{
        type: 'action', id: `${owner}:pick`, ownerUri: owner, title: 'Pick', args: [{ name: 'room', type: 'dropdown', title: 'Room' }, { name: 'thing', type: 'autocomplete', title: 'Thing' }],
        run: () => ({}),
        autocomplete: (_name, _query, _hub, args) => (heard.push(args), [{ id: 'lamp', name: 'Lamp' }]),
      }],
    });
    await get(`/flowcardaction/${owner}/${owner}:pick/autocomplete?name=thing&query=&args[room]=kitchen`).expect(200, [{ id: 'lamp', name: 'Lamp' }]);
    await get(`/flowcardaction/${owner}/${owner}:pick/autocomplete?name=thing&query=`).expect(200);
    expect(heard).toEqual([{ room: 'kitchen' }, {}]);
  });

  it('when the time is 23:30, then "between 22:00 and 06:30" holds across midnight and "between 07:00 and 22:00" does not', async () => {
    const cron = 'homey:manager:cron';
    await runCondition(cron, `${cron}:time_between`, { args: { from: '22:00', to: '06:30' } }).expect(200, { result: true });
    await runCondition(cron, `${cron}:time_between`, { args: { from: '07:00', to: '22:00' } }).expect(200, { result: false });
    await runCondition(cron, `${cron}:time_between`, { args: { from: '23:00', to: '23:45' } }).expect(200, { result: true });
    const bad = await runCondition(cron, `${cron}:time_between`, { args: { from: '25:00', to: '06:30' } }).expect(400);
    expect(bad.body.error_description).toBe('Argument from needs a time as HH:MM, not "25:00"');
  });

  it('when triggers fire (a time of day, a capability, a webhook), then the flows that start with them run', async () => {
    const logic = 'homey:manager:logic';
    const note = hub.hub.store.insert('variable', { id: 'c0ffee00-0000-4000-8000-000000000001', name: 'Note', type: 'string', value: '' });
    const noteArg = { id: note.id, name: note.name };
    const write = (value: string) => ({ uri: logic, id: `${logic}:variable_set`, args: { variable: noteArg, value } });
    const motion = device('Hallway motion');
    const flows: Array<[string, object, string]> = [
      ['At midnight', { uri: 'homey:manager:cron', id: 'homey:manager:cron:time_at', args: { time: '00:00' } }, 'time'],
      ['Motion', { uri: `homey:device:${motion.id}`, id: `homey:device:${motion.id}:alarm_motion_true` }, 'value'],
      ['Doorbell', { uri: logic, id: `${logic}:webhook`, args: { event: 'doorbell' } }, 'tag'],
    ];
    for (const [name, trigger, token] of flows) await post('/flow', { name, trigger, actions: [write(`${name} [[${token}]]`)] }).expect(200);
    const noteNow = () => hub.hub.store.get('variable', note.id)!.value;

    clock.set(new Date(2026, 10, 24, 0, 0, 0).getTime());
    await settle();
    expect(noteNow()).toBe('At midnight 00:00');
    applyValues(hub.hub, motion, { alarm_motion: true }, 'test');
    await settle();
    expect(noteNow()).toBe('Motion true');
    await hub.http().get('/api/manager/logic/webhook/doorbell?tag=front').expect(204);
    await settle();
    expect(noteNow()).toBe('Doorbell front');
  });

  it('when a device is deleted, then its cards are gone and the flows using them are broken', async () => {
    const flow = (await post('/flow', { name: 'Uses the lamp', trigger: { uri: 'homey:manager:flow', id: 'homey:manager:flow:programmatic_trigger' }, actions: [{ uri: owner(), id: `${owner()}:on` }] }).expect(200)).body;
    const canvas = { 'a1b2c3d4-0000-4000-8000-000000000001': { type: 'action', id: `${owner()}:on`, x: 0, y: 0 } };
    const advanced = (await post('/advancedflow', { name: 'Canvas with the lamp', cards: canvas }).expect(200)).body;
    expect([flow.broken, advanced.broken]).toEqual([false, false]);
    await hub.http().delete(`/api/manager/devices/device/${light.id}`).set(auth()).expect(204);
    await get(`/flowcardaction/${owner()}/${owner()}:on`).expect(404);
    expect((await get(`/flow/${flow.id}`).expect(200)).body.broken).toBe(true);
    expect((await get(`/advancedflow/${advanced.id}`).expect(200)).body.broken).toBe(true);
    const refused = await post(`/flow/${flow.id}/trigger`, {}).expect(409);
    expect(refused.body.error_description).toMatch(/broken/);
    // A broken flow can still be renamed: only new cards are checked.
    expect((await hub.http().put(`${BASE}/flow/${flow.id}`).set(auth()).send({ ...flow, name: 'Renamed' }).expect(200)).body).toMatchObject({ name: 'Renamed', broken: true });
  });
});

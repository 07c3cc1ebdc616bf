import { FakeClock } from '../../http/clock.js';
import type { Variable } from '../logic/api.js';
import { setPresence } from '../presence/presence.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { PROGRAMMATIC_TRIGGER } from './flows.js';

const BASE = '/api/manager/flow';
const LOGIC = 'homey:manager:logic';
const FLOW = 'homey:manager:flow';
const settle = () => new Promise((resolve) => setImmediate(resolve));
const never = { monday: false, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: false };

describe('alarm, presence and flow cards', () => {
  const clock = new FakeClock(new Date(2026, 10, 23, 6, 0).getTime());
  let hub: TestHub;
  let note: Variable;
  const post = (path: string, body: object) => hub.http().post(path.startsWith('/api') ? path : `${BASE}${path}`).set(bearer(hub.token)).send(body);
  /** An action that writes `text` (tokens filled in) into the Note variable, so a test sees which flow ran. */
  const write = (text: string) => ({ uri: LOGIC, id: `${LOGIC}:variable_set`, args: { variable: { id: note.id, name: note.name }, value: text } });
  const noteNow = () => hub.hub.store.get('variable', note.id)!.value;
  const createFlow = async (flow: object) => (await post('/flow', flow).expect(200)).body;

  beforeAll(async () => {
    hub = await startTestHub({ clock });
    note = hub.hub.store.insert('variable', { id: 'c0ffee00-0000-4000-8000-000000000002', name: 'Note', type: 'string', value: '' });
  });
  afterAll(() => hub.stop());

  it('when an alarm goes off, then the flows whose trigger names that alarm run with its name, and others do not', async () => {
    const wake = (await post('/api/manager/alarms/alarm', { name: 'Early rise', time: '06:30', repetition: never }).expect(200)).body;
    const other = (await post('/api/manager/alarms/alarm', { name: 'Other', time: '07:00', repetition: never }).expect(200)).body;
    const trigger = (alarm: { id: string; name: string }) => ({ uri: 'homey:manager:alarms', id: 'homey:manager:alarms:alarm_fired', args: { alarm: { id: alarm.id, name: alarm.name } } });
    await createFlow({ name: 'Morning', trigger: trigger(wake), actions: [write('alarm [[name]]')] });
    await createFlow({ name: 'Other', trigger: trigger(other), actions: [write('wrong alarm')] });
    const { body } = await hub.http().get(`${BASE}/flowcardtrigger/homey:manager:alarms/homey:manager:alarms:alarm_fired/autocomplete?name=alarm&query=early`).set(bearer(hub.token)).expect(200);
    expect(body).toEqual([{ id: wake.id, name: 'Early rise', description: '06:30' }]);

    clock.set(new Date(2026, 10, 23, 6, 30).getTime());
    await settle();
    expect(noteNow()).toBe('alarm Early rise');
  });

  it('when someone comes home, leaves, sleeps or wakes, then the matching presence flows run, and the presence conditions answer', async () => {
    const userId = hub.hub.sessions.authenticate(hub.token)!.user.id;
    const user = { id: userId, name: 'Owner' };
    for (const local of ['user_came_home', 'user_left', 'user_asleep', 'user_awake']) {
      await createFlow({ name: local, trigger: { uri: 'homey:manager:presence', id: `homey:manager:presence:${local}`, args: { user } }, actions: [write(`${local} [[name]]`)] });
    }
    const name = hub.hub.sessions.authenticate(hub.token)!.user.name;
    const presence = 'homey:manager:presence';
    setPresence(hub.hub, userId, 'present', true, true);
    await settle();
    expect(noteNow()).toBe(`user_came_home ${name}`);
    await post(`/flowcardcondition/${presence}/${presence}:user_is_home/run`, { args: { user } }).expect(200, { result: true });
    setPresence(hub.hub, userId, 'asleep', true);
    await settle();
    expect(noteNow()).toBe(`user_asleep ${name}`);
    await post(`/flowcardcondition/${presence}/${presence}:user_is_asleep/run`, { args: { user } }).expect(200, { result: true });
    setPresence(hub.hub, userId, 'asleep', false);
    await settle();
    expect(noteNow()).toBe(`user_awake ${name}`);
    setPresence(hub.hub, userId, 'present', false);
    await settle();
    expect(noteNow()).toBe(`user_left ${name}`);
    await post(`/flowcardcondition/${presence}/${presence}:user_is_home/run`, { args: { user: { id: 'nobody', name: 'Nobody' } } }).expect(404);
  });

  it('when the flow cards run, then they start, disable and enable other flows', async () => {
    const target = await createFlow({ name: 'Target', trigger: { uri: FLOW, id: PROGRAMMATIC_TRIGGER }, actions: [write('target ran')] });
    const motion = await createFlow({ name: 'Not manual', trigger: { uri: 'homey:manager:logic', id: `${LOGIC}:webhook`, args: { event: 'x' } } });
    const arg = (flow: { id: string; name: string }) => ({ flow: { id: flow.id, name: flow.name } });
    await post(`/flowcardaction/${FLOW}/${FLOW}:start_flow/run`, { args: arg(target) }).expect(200, {});
    await settle();
    expect(noteNow()).toBe('target ran');
    const refused = await post(`/flowcardaction/${FLOW}/${FLOW}:start_flow/run`, { args: arg(motion) }).expect(409);
    expect(refused.body.error_description).toMatch(/cannot be started by hand/);

    await post(`/flowcardaction/${FLOW}/${FLOW}:disable_flow/run`, { args: arg(target) }).expect(200);
    expect(hub.hub.store.get('flow', target.id)!.enabled).toBe(false);
    await post(`/flowcardaction/${FLOW}/${FLOW}:enable_flow/run`, { args: arg(target) }).expect(200);
    expect(hub.hub.store.get('flow', target.id)!.enabled).toBe(true);
    await post(`/flowcardaction/${FLOW}/${FLOW}:enable_flow/run`, { args: { flow: { id: 'gone', name: 'Gone' } } }).expect(404);

    const { body } = await hub.http().get(`${BASE}/flowcardaction/${FLOW}/${FLOW}:start_flow/autocomplete?name=flow&query=`).set(bearer(hub.token)).expect(200);
    expect(body.map((item: { name: string }) => item.name)).toContain('Target');
    expect(body.map((item: { name: string }) => item.name)).not.toContain('Not manual');
  });
});

import { FakeClock } from '../../http/clock.js';
import type { Variable } from '../logic/api.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const BASE = '/api/manager/flow';
const GEO = 'homey:manager:geolocation';
const LOGIC = 'homey:manager:logic';
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the sun flow cards', () => {
  // Every fake minute the clock passes runs the hub's per-minute work (the energy flush among it): the clock starts
  // just before sunrise and moves no further than the checks need.
  const clock = new FakeClock(Date.parse('2026-06-21T03:00:00Z'));
  let hub: TestHub;
  let note: Variable;
  const post = (path: string, body: object) => hub.http().post(`${BASE}${path}`).set(bearer(hub.token)).send(body);
  const noteNow = () => hub.hub.store.get<Variable>('variable', note.id)!.value;

  beforeAll(async () => {
    hub = await startTestHub({ clock });
    note = hub.hub.store.insert<Variable>('variable', { id: 'c0ffee00-0000-4000-8000-0000000000a1', name: 'Note', type: 'string', value: '' });
    // The sun cards need no device: without the demo's, the energy flush of each fake minute has nothing to record.
    const { body: devices } = await hub.http().get('/api/manager/devices/device').set(bearer(hub.token)).expect(200);
    for (const id of Object.keys(devices)) {
      // A group goes with its last member.
      if (hub.hub.store.get('device', id)) await hub.http().delete(`/api/manager/devices/device/${id}`).set(bearer(hub.token)).expect(204);
    }
  });
  afterAll(() => hub.stop());

  it('when the sun rises and sets at the home, then the flows with those triggers run with the time', async () => {
    for (const kind of ['sunrise', 'sunset']) {
      await post('/flow', {
        name: `At ${kind}`, trigger: { uri: GEO, id: `${GEO}:${kind}` },
        actions: [{ uri: LOGIC, id: `${LOGIC}:variable_set`, args: { variable: { id: note.id, name: note.name }, value: `${kind} [[time]]` } }],
      }).expect(200);
    }
    clock.set(Date.parse('2026-06-21T03:30:00Z'));
    await settle();
    expect(noteNow()).toMatch(/^sunrise 2026-06-21T03:19:\d\d\.\d{3}Z$/);
    clock.set(Date.parse('2026-06-21T20:30:00Z'));
    await settle();
    expect(noteNow()).toMatch(/^sunset 2026-06-21T20:07:\d\d\.\d{3}Z$/);
  });

  it('when "the sun is up" runs, then it answers by the hub clock; without a location it fails with a 409', async () => {
    clock.set(Date.parse('2026-06-21T23:00:00Z'));
    await post(`/flowcardcondition/${GEO}/${GEO}:sun_is_up/run`, {}).expect(200, { result: false });
    clock.set(Date.parse('2026-06-22T07:00:00Z'));
    await post(`/flowcardcondition/${GEO}/${GEO}:sun_is_up/run`, {}).expect(200, { result: true });
    await hub.http().delete('/api/manager/geolocation/option/location').set(bearer(hub.token)).expect(204);
    await post(`/flowcardcondition/${GEO}/${GEO}:sun_is_up/run`, {}).expect(409);
  });

  it('when the cards are listed, then the four sun triggers and the condition are the geolocation manager\'s', async () => {
    const { body: triggers } = await hub.http().get(`${BASE}/flowcardtrigger`).set(bearer(hub.token)).expect(200);
    const ids = Object.values<{ id: string }>(triggers).map(({ id }) => id).filter((id) => id.startsWith(GEO));
    expect(ids.sort()).toEqual([`${GEO}:dawn`, `${GEO}:dusk`, `${GEO}:sunrise`, `${GEO}:sunset`]);
    await hub.http().get(`${BASE}/flowcardcondition/${GEO}/${GEO}:sun_is_up`).set(bearer(hub.token)).expect(200);
  });
});

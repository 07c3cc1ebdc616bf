import { FakeClock } from '../../http/clock.js';
import type { Variable } from '../logic/api.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const BASE = '/api/manager/flow';
const GEO = 'homey:manager:geolocation';
const LOGIC = 'homey:manager:logic';
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the sun flow cards', () => {
  // Every fake minute the clock passes runs the hub's per-minute work: the clock starts just before sunrise and moves
  // no further than the checks need, in an empty home (the demo's devices would give each minute's energy flush
  // something to record), placed in Amsterdam.
  const clock = new FakeClock(Date.parse('2026-06-21T03:00:00Z'));
  let hub: TestHub;
  let note: Variable;
  let owner: ReturnType<typeof bearer>;
  const post = (path: string, body: object) => hub.http().post(`${BASE}${path}`).set(owner).send(body);
  const noteNow = () => hub.hub.store.get('variable', note.id)!.value;

  beforeAll(async () => {
    hub = await startTestHub({ clock, demoHome: false });
    owner = bearer(hub.tokenWith(['homey']));
    await hub.http().put('/api/manager/geolocation/option/location').set(owner).send({ value: { latitude: 52.3676, longitude: 4.9041 } }).expect(204);
    note = hub.hub.store.insert('variable', { id: 'c0ffee00-0000-4000-8000-0000000000a1', name: 'Note', type: 'string', value: '' });
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
    await hub.http().delete('/api/manager/geolocation/option/location').set(owner).expect(204);
    await post(`/flowcardcondition/${GEO}/${GEO}:sun_is_up/run`, {}).expect(409);
  });

  it('when the cards are listed, then the four sun triggers and the condition are the geolocation manager\'s', async () => {
    const { body: triggers } = await hub.http().get(`${BASE}/flowcardtrigger`).set(owner).expect(200);
    const ids = Object.values<{ id: string }>(triggers).map(({ id }) => id).filter((id) => id.startsWith(GEO));
    expect(ids.sort()).toEqual([`${GEO}:dawn`, `${GEO}:dusk`, `${GEO}:sunrise`, `${GEO}:sunset`]);
    await hub.http().get(`${BASE}/flowcardcondition/${GEO}/${GEO}:sun_is_up`).set(owner).expect(200);
  });
});

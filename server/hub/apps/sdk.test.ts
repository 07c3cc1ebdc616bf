import { FakeClock } from '../../http/clock.js';
import type { TriggerFiring } from '../flow/cards.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { eventually } from './testing/eventually.js';

const SUN = 'com.example.suntimes';

describe('the demo Sun times app (an SDK v3 app) on the hub clock', () => {
  // Half a second before the default sunset: the app's timer for it is due as soon as it starts.
  const clock = new FakeClock(Date.parse('2026-06-21T19:44:59.500Z'));
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  const uri = `homey:app:${SUN}`;
  const firings: TriggerFiring[] = [];

  beforeAll(async () => {
    hub = await startTestHub({ demoApps: true, clock });
    hub.hub.cards.onFiring((firing) => firing.cardId.startsWith(uri) && firings.push(firing));
    await eventually(() => expect(hub.hub.store.get('app', SUN)).toMatchObject({ state: 'running' }));
  });
  afterAll(() => hub.stop());

  it("when the sunset comes, then the app, whose Date reads the hub clock, fires its trigger with its tokens", async () => {
    expect(hub.hub.apps.logOf(SUN)).toContainEqual({ stream: 'stdout', line: expect.stringMatching(/Next sunset at 2026-06-21T19:45:00.000Z$/) });
    await eventually(() => expect(firings).toEqual([{ cardId: `${uri}:sunset`, tokens: { time: '19:45' }, state: {} }]));
    await eventually(() => expect(hub.hub.apps.logOf(SUN)).toContainEqual({ stream: 'stdout', line: expect.stringMatching(/Sunset at 19:45$/) }));
  });

  it('when a setting changes, then the app hears it: the next sunset and its flow token follow the new time', async () => {
    await hub.http().put(`/api/manager/apps/app/${SUN}/setting/sunset`).set(auth()).send({ value: '20:00' }).expect(204);
    await eventually(() => expect(hub.hub.apps.logOf(SUN)).toContainEqual({ stream: 'stdout', line: expect.stringMatching(/Next sunset at 2026-06-21T20:00:00.000Z$/) }));
    await eventually(async () => {
      const { body } = await hub.http().get('/api/manager/flowtoken/flowtoken').set(auth()).expect(200);
      expect(body[`${uri}:next_sunset`]).toMatchObject({ uri, title: 'Next sunset', type: 'string', value: '2026-06-21T20:00:00.000Z' });
    });
  });

  it('when the app stops, then its flow token goes, and comes back when it starts', async () => {
    await hub.http().put(`/api/manager/apps/app/${SUN}/disable`).set(auth()).send({}).expect(204);
    const { body } = await hub.http().get('/api/manager/flowtoken/flowtoken').set(auth()).expect(200);
    expect(Object.keys(body)).not.toContain(`${uri}:next_sunset`);
    await hub.http().put(`/api/manager/apps/app/${SUN}/enable`).set(auth()).send({}).expect(204);
    await eventually(async () => {
      await hub.http().get(`/api/manager/flowtoken/flowtoken/${uri}:next_sunset`).set(auth()).expect(200);
    });
  });

  it('when its condition card runs, then the app answers it from the hub clock', async () => {
    clock.set(Date.parse('2026-06-21T20:00:30Z'));
    const run = () => hub.http().post(`/api/manager/flow/flowcardcondition/${uri}/${uri}:is_daytime/run`).set(auth()).send({}).expect(200);
    expect((await run()).body).toMatchObject({ result: false });
    await hub.http().put(`/api/manager/apps/app/${SUN}/setting/sunset`).set(auth()).send({ value: '23:00' }).expect(204);
    await eventually(async () => expect((await run()).body).toMatchObject({ result: true }));
  });

  it('when its action card is filled in, then the autocomplete offers the sun events and the run sets the chosen one', async () => {
    const card = `/api/manager/flow/flowcardaction/${uri}/${uri}:set_time`;
    const { body: offered } = await hub.http().get(`${card}/autocomplete`).query({ name: 'event', query: 'rise' }).set(auth()).expect(200);
    expect(offered).toEqual([expect.objectContaining({ id: 'sunrise', name: 'Sunrise' })]);
    await hub.http().post(`${card}/run`).set(auth()).send({ args: { event: offered[0], time: '06:15' } }).expect(200);
    await hub.http().get(`/api/manager/apps/app/${SUN}/setting/sunrise`).set(auth()).expect(200, '"06:15"');
  });
});

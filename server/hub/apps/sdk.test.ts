import { FakeClock } from '../../http/clock.js';
import type { TriggerFiring } from '../flow/cards.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { eventually } from './testing/eventually.js';

const SUN = 'com.example.suntimes';

describe('the app SDK', () => {
  const clock = new FakeClock(Date.parse('2026-06-21T19:40:00Z'));
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  const uri = `homey:app:${SUN}`;

  beforeAll(async () => {
    hub = await startTestHub({ clock });
    await eventually(() => expect(hub.hub.store.get('app', SUN)).toMatchObject({ state: 'running' }));
  });
  afterAll(() => hub.stop());

  it('when the sunset comes on the hub clock, then the app fires its trigger with its tokens and writes its log', async () => {
    const firings: TriggerFiring[] = [];
    const stop = hub.hub.cards.onFiring((firing) => firing.cardId.startsWith(uri) && firings.push(firing));
    try {
      clock.advance(4 * 60_000);
      expect(firings).toEqual([]);
      clock.advance(2 * 60_000);
      await eventually(() => expect(firings).toEqual([{ cardId: `${uri}:sunset`, tokens: { time: '19:45' }, state: {} }]));
      await eventually(() => expect(hub.hub.apps.logOf(SUN)).toContainEqual({ stream: 'stdout', line: 'Sunset at 19:45' }));
    } finally {
      stop();
    }
  });

  it('when a setting changes, then the app hears it: the next sunset follows the new time', async () => {
    const firings: TriggerFiring[] = [];
    const stop = hub.hub.cards.onFiring((firing) => firing.cardId.startsWith(uri) && firings.push(firing));
    try {
      await hub.http().put(`/api/manager/apps/app/${SUN}/setting/sunset`).set(auth()).send({ value: '20:00' }).expect(204);
      await eventually(() => expect(hub.hub.apps.logOf(SUN)).toContainEqual({ stream: 'stdout', line: 'Next sunset at 2026-06-21T20:00:00.000Z' }));
      clock.set(Date.parse('2026-06-21T20:00:30Z'));
      await eventually(() => expect(firings).toEqual([{ cardId: `${uri}:sunset`, tokens: { time: '20:00' }, state: {} }]));
    } finally {
      stop();
    }
  });

  it('when the app keeps a flow token, then it is listed with the next sunset, goes when the app stops and comes back when it starts', async () => {
    const tokenPath = `/api/manager/flowtoken/flowtoken/${uri}:next_sunset`;
    await eventually(async () => {
      const { body } = await hub.http().get('/api/manager/flowtoken/flowtoken').set(auth()).expect(200);
      expect(body[`${uri}:next_sunset`]).toMatchObject({ uri, title: 'Next sunset', type: 'string', value: '2026-06-22T20:00:00.000Z' });
    });
    await hub.http().put(`/api/manager/apps/app/${SUN}/disable`).set(auth()).send({}).expect(204);
    const { body } = await hub.http().get('/api/manager/flowtoken/flowtoken').set(auth()).expect(200);
    expect(Object.keys(body)).not.toContain(`${uri}:next_sunset`);
    await hub.http().put(`/api/manager/apps/app/${SUN}/enable`).set(auth()).send({}).expect(204);
    await eventually(async () => {
      await hub.http().get(tokenPath).set(auth()).expect(200);
    });
  });

  it('when a condition card of an app runs, then the app answers it from the hub clock', async () => {
    const run = () => hub.http().post(`/api/manager/flow/flowcardcondition/${uri}/${uri}:is_daytime/run`).set(auth()).send({}).expect(200);
    expect((await run()).body).toMatchObject({ result: false });
    await hub.http().put(`/api/manager/apps/app/${SUN}/setting/sunset`).set(auth()).send({ value: '23:00' }).expect(204);
    await eventually(async () => expect((await run()).body).toMatchObject({ result: true }));
  });
});

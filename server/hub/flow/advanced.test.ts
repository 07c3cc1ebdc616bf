import { randomUUID } from 'node:crypto';
import { FakeClock } from '../../http/clock.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { addTestCards, card, settle, storeAdvancedFlow, type TestCards } from './engine-test-cards.js';

describe('the flow engine on advanced flows', () => {
  let hub: TestHub;
  let clock: FakeClock;
  let cards: TestCards;

  beforeEach(async () => {
    clock = new FakeClock(Date.UTC(2026, 10, 23, 12));
    hub = await startTestHub({ clock });
    cards = addTestCards(hub.hub);
  });
  afterEach(() => hub.stop());

  const texts = () => cards.calls.map((call) => call.args.text);
  const action = (text: string, more: object = {}) => ({ type: 'action', id: card('record'), args: { text }, ...more });

  it('when its trigger fires, then the walk follows outputTrue or outputFalse of each condition and outputSuccess of actions', async () => {
    storeAdvancedFlow(hub.hub, {
      trigger: { type: 'trigger', id: card('fired'), outputSuccess: ['yes', 'no'] },
      yes: { type: 'condition', id: card('is'), args: { value: '[[answer]]' }, outputTrue: ['a'], outputFalse: ['b'] },
      no: { type: 'condition', id: card('is'), args: { value: false }, inverted: true, outputTrue: ['c'], outputFalse: ['never'] },
      a: action('[[answer]] was yes', { outputSuccess: ['after'] }),
      b: action('was not yes'),
      c: action('inverted'),
      after: action('after [[count]] actions'),
      note: { type: 'note', args: { text: 'a note on the canvas' } },
    });
    cards.fire({}, { answer: 'yes' });
    await settle();
    // `after` has the tokens its action answered: how many actions had run by then.
    const a = texts().indexOf('yes was yes') + 1;
    expect(texts().sort()).toEqual([`after ${a} actions`, 'inverted', 'yes was yes']);
  });

  it('when an action fails, then the walk follows its outputError and not its outputSuccess', async () => {
    storeAdvancedFlow(hub.hub, {
      trigger: { type: 'trigger', id: card('fired'), outputSuccess: ['fails'] },
      fails: { type: 'action', id: card('fails'), outputSuccess: ['ok'], outputError: ['handled'] },
      ok: action('ok'),
      handled: action('handled'),
    });
    cards.fire();
    await settle();
    expect(texts()).toEqual(['handled']);
  });

  it('when the walk reaches a delay card, then the cards after it run once the delay has passed on the hub clock', async () => {
    storeAdvancedFlow(hub.hub, {
      trigger: { type: 'trigger', id: card('fired'), outputSuccess: ['wait', 'now'] },
      wait: { type: 'delay', duration: { multiplier: 60, number: '2' }, outputSuccess: ['later'] },
      now: action('now'),
      later: action('later'),
    });
    cards.fire();
    await settle();
    expect(texts()).toEqual(['now']);
    clock.advance(119_999);
    await settle();
    expect(texts()).toEqual(['now']);
    clock.advance(1);
    await settle();
    expect(texts()).toEqual(['now', 'later']);
  });

  it("when its wires loop, then the run stops after 1000 cards and says so in the hub's log", async () => {
    storeAdvancedFlow(hub.hub, {
      trigger: { type: 'trigger', id: card('fired'), outputSuccess: ['a'] },
      a: action('loop', { outputSuccess: ['any'] }),
      any: { type: 'any', outputSuccess: ['a'] },
    }, { name: 'Loop' });
    cards.fire();
    for (let n = 0; n < 5; n++) await settle();
    expect(cards.calls).toHaveLength(500);
    expect(hub.hub.system.log.recent().join('\n')).toMatch(/advancedflow "Loop" .*stopped after 1000 cards: its wires loop/);
  });

  it('when a disabled advanced flow or one of another trigger is about, then a firing leaves it alone', async () => {
    storeAdvancedFlow(hub.hub, { t: { type: 'trigger', id: card('fired'), outputSuccess: ['a'] }, a: action('disabled') }, { enabled: false });
    storeAdvancedFlow(hub.hub, { t: { type: 'trigger', id: card('other'), outputSuccess: ['a'] }, a: action('other') });
    storeAdvancedFlow(hub.hub, { t: { type: 'trigger', id: card('fired'), args: { color: 'red' }, outputSuccess: ['a'] }, a: action('red') });
    cards.fire({ color: 'green' });
    await settle();
    expect(texts()).toEqual([]);
    cards.fire({ color: 'red' });
    await settle();
    expect(texts()).toEqual(['red']);
  });

  it('when advanced flows are added, changed and disabled through the API between firings, then each firing runs exactly the enabled flows its trigger starts then', async () => {
    const api = (method: 'post' | 'put', path: string, body: object) =>
      hub.http()[method](`/api/manager/flow/advancedflow${path}`).set(bearer(hub.token)).send(body).expect(200);
    const [t, a] = [randomUUID(), randomUUID()];
    const canvas = (trigger: string, text: string) => ({
      [t]: { type: 'trigger', id: card(trigger), x: 0, y: 0, outputSuccess: [a] },
      [a]: { ...action(text), x: 200, y: 0 },
    });
    const fire = async () => {
      cards.calls.length = 0;
      cards.fire();
      await settle();
      return texts().sort();
    };
    // A firing before any advanced flow exists: the trigger's flows are looked up (and indexed) with none.
    expect(await fire()).toEqual([]);
    const first = (await api('post', '', { name: 'First', cards: canvas('fired', 'first') })).body as { id: string };
    expect(await fire()).toEqual(['first']);
    const second = (await api('post', '', { name: 'Second', cards: canvas('other', 'second') })).body as { id: string };
    expect(await fire()).toEqual(['first']);
    await api('put', `/${second.id}`, { cards: canvas('fired', 'second') });
    expect(await fire()).toEqual(['first', 'second']);
    await api('put', `/${first.id}`, { cards: canvas('other', 'first') });
    expect(await fire()).toEqual(['second']);
    await api('put', `/${second.id}`, { enabled: false });
    expect(await fire()).toEqual([]);
    await api('put', `/${second.id}`, { enabled: true });
    expect(await fire()).toEqual(['second']);
  });

  it('when an advanced flow is started by hand, then it runs from its start cards with the given tokens; without one it is a 409', async () => {
    const flow = storeAdvancedFlow(hub.hub, {
      t: { type: 'trigger', id: card('fired'), outputSuccess: ['a'] },
      s: { type: 'start', outputSuccess: ['b'] },
      a: action('from the trigger'),
      b: action('from start, [[who]]'),
      loose: action('not wired'),
    });
    hub.hub.flowEngine.start('advancedflow', flow.id, { tokens: { who: 'me' }, state: {} });
    await settle();
    expect(texts()).toEqual(['from start, me']);
    const { s: _start, ...withoutStart } = flow.cards;
    hub.hub.store.save('advancedflow', { ...flow, cards: withoutStart });
    expect(() => hub.hub.flowEngine.start('advancedflow', flow.id, {})).toThrow(expect.objectContaining({ statusCode: 409, message: expect.stringMatching(/no start card/) }));
    hub.hub.store.save('advancedflow', { ...flow, enabled: false });
    expect(() => hub.hub.flowEngine.start('advancedflow', flow.id, {})).toThrow(expect.objectContaining({ statusCode: 409, message: expect.stringMatching(/disabled/) }));
  });

  it('when wires meet in an all card, then it goes on once every card wired into it is reached, and not when one is not', async () => {
    storeAdvancedFlow(hub.hub, {
      t: { type: 'trigger', id: card('fired'), outputSuccess: ['x', 'z', 'check', 'nope'] },
      x: action('x', { outputSuccess: ['all'] }),
      z: action('z', { outputSuccess: ['all'] }),
      all: { type: 'all', outputSuccess: ['both'] },
      both: action('both'),
      check: { type: 'condition', id: card('is'), args: { value: '[[go]]' }, outputTrue: ['all2'] },
      nope: { type: 'condition', id: card('is'), args: { value: false }, outputTrue: ['all2'] },
      all2: { type: 'all', outputSuccess: ['never'] },
      never: action('never'),
    });
    cards.fire({}, { go: 'yes' });
    await settle();
    expect(texts().sort()).toEqual(['both', 'x', 'z']);
  });

  it('when one wire into an all card waits on a delay, then the all card goes on once the delayed wire reaches it too', async () => {
    storeAdvancedFlow(hub.hub, {
      t: { type: 'trigger', id: card('fired'), outputSuccess: ['x', 'wait'] },
      x: action('x', { outputSuccess: ['all'] }),
      wait: { type: 'delay', duration: { multiplier: 1, number: '5' }, outputSuccess: ['z'] },
      z: action('z', { outputSuccess: ['all'] }),
      all: { type: 'all', outputSuccess: ['both'] },
      both: action('both'),
    });
    cards.fire();
    await settle();
    expect(texts()).toEqual(['x']);
    clock.advance(5_000);
    await settle();
    expect(texts()).toEqual(['x', 'z', 'both']);
  });

  it('when a condition fails with an error, then the walk follows its outputError', async () => {
    storeAdvancedFlow(hub.hub, {
      t: { type: 'trigger', id: card('fired'), outputSuccess: ['c'] },
      c: { type: 'condition', id: card('throws'), outputTrue: ['yes'], outputFalse: ['no'], outputError: ['error'] },
      yes: action('yes'),
      no: action('no'),
      error: action('error'),
    });
    cards.fire();
    await settle();
    expect(texts()).toEqual(['error']);
  });
});

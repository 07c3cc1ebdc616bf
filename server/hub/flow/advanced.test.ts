import { FakeClock } from '../../http/clock.js';
import { startTestHub, type TestHub } from '../testing/test-hub.js';
import { flowEngine } from './engine.js';
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
      wait: { type: 'delay', args: { delay: { multiplier: 60, number: '2' } }, outputSuccess: ['later'] },
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

  it('when an advanced flow is started by hand, then it runs from its trigger and start cards with the given tokens and state', async () => {
    const flow = storeAdvancedFlow(hub.hub, {
      t: { type: 'trigger', id: card('other'), outputSuccess: ['a'] },
      s: { type: 'start', outputSuccess: ['b'] },
      a: action('from the trigger'),
      b: action('from start, [[who]]'),
      loose: action('not wired'),
    });
    flowEngine(hub.hub).start('advancedflow', flow.id, { tokens: { who: 'me' }, state: {} });
    await settle();
    expect(texts().sort()).toEqual(['from start, me', 'from the trigger']);
    hub.hub.store.save('advancedflow', { ...flow, enabled: false });
    expect(() => flowEngine(hub.hub).start('advancedflow', flow.id, {})).toThrow(expect.objectContaining({ statusCode: 409 }));
  });
});

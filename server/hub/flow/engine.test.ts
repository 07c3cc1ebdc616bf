import { FakeClock } from '../../http/clock.js';
import type { RealtimeEvent } from '../../http/events.js';
import { startTestHub, type TestHub } from '../testing/test-hub.js';
import { MAX_CHAIN } from './engine.js';
import { PROGRAMMATIC_TRIGGER } from './flows.js';
import { addTestCards, card, record, settle, storeFlow, type TestCards } from './engine-test-cards.js';

describe('the flow engine', () => {
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
  const is = (value: unknown, more: object = {}) => ({ id: card('is'), args: { value }, ...more });

  it('when a trigger fires, then the enabled flows starting with it run, not the disabled ones nor those of other triggers', async () => {
    storeFlow(hub.hub, { actions: [record('one')] });
    storeFlow(hub.hub, { actions: [record('disabled')], enabled: false });
    storeFlow(hub.hub, { actions: [record('other')], trigger: { id: card('other') } });
    cards.fire();
    await settle();
    expect(texts()).toEqual(['one']);
  });

  it("when a trigger fires with a state its card does not match for a flow's args, then that flow does not run", async () => {
    storeFlow(hub.hub, { trigger: { id: card('fired'), args: { color: 'red' } }, actions: [record('red')] });
    storeFlow(hub.hub, { trigger: { id: card('fired'), args: { color: 'blue' } }, actions: [record('blue')] });
    cards.fire({ color: 'blue' });
    await settle();
    expect(texts()).toEqual(['blue']);
  });

  it('when a trigger card fails to match, then that flow does not run, the others do, and the firing caller sees no error', async () => {
    storeFlow(hub.hub, { name: 'Picky', trigger: { id: card('fired'), args: { color: 'red' } }, actions: [record('picky')] });
    storeFlow(hub.hub, { trigger: { id: card('other') }, actions: [record('other')] });
    expect(() => cards.fire({ explode: true })).not.toThrow();
    hub.hub.cards.fire({ cardId: card('other'), tokens: {}, state: {} });
    await settle();
    expect(texts()).toEqual(['other']);
    expect(hub.hub.system.log.recent().join('\n')).toMatch(/flow "Picky" .*trigger homey:manager:enginetest:fired failed to match: the trigger broke/);
  });

  it('when a flow is disabled, enabled or deleted after the first firing, then the next firings follow the change', async () => {
    const flow = storeFlow(hub.hub, { actions: [record('x')] });
    cards.fire();
    hub.hub.store.save('flow', { ...flow, enabled: false });
    cards.fire();
    hub.hub.store.save('flow', { ...flow, enabled: true });
    cards.fire();
    hub.hub.store.remove('flow', flow.id);
    cards.fire();
    await settle();
    expect(texts()).toEqual(['x', 'x']);
  });

  it('when conditions are in groups, then the flow goes on if every condition of some group passes; inverted negates', async () => {
    const cases: Array<[object[], string]> = [
      [[], 'then'],
      [[is(true), is(false)], 'else'],
      [[is(true), is(false), is(true, { group: 'group2' })], 'then'],
      [[is(false, { inverted: true }), is('yes')], 'then'],
      [[is(true, { inverted: true }), is(false, { group: 'group3' })], 'else'],
    ];
    cases.forEach(([conditions], n) => {
      const flow = storeFlow(hub.hub, { conditions: conditions as never, actions: [record(`${n} then`), record(`${n} else`, { group: 'else' })] });
      hub.hub.flowEngine.start('flow', flow.id, {});
    });
    await settle();
    // Runs go on side by side: each flow's answer, in the order of the cases.
    expect(texts().sort()).toEqual(cases.map(([, expected], n) => `${n} ${expected}`));
  });

  it('when a condition throws or its card is missing, then it counts as false, the else actions run and the failure is logged', async () => {
    storeFlow(hub.hub, { name: 'Broken condition', conditions: [{ id: card('throws') }], actions: [record('else', { group: 'else' })] });
    storeFlow(hub.hub, { conditions: [{ id: card('gone') }, is(true, { group: 'group2' })], actions: [record('group2')] });
    expect(() => cards.fire()).not.toThrow();
    await settle();
    expect(texts()).toEqual(['else', 'group2']);
    expect(hub.hub.system.log.recent().join('\n')).toMatch(/flow "Broken condition" \(.+\): condition homey:manager:enginetest:throws failed: the condition broke/);
  });

  it('when an action fails, then it is logged and the actions after it still run', async () => {
    storeFlow(hub.hub, { name: 'Failing', actions: [{ id: card('fails') }, record('after')] });
    cards.fire();
    await settle();
    expect(texts()).toEqual(['after']);
    expect(hub.hub.system.log.recent().join('\n')).toMatch(/flow "Failing" .*action homey:manager:enginetest:fails failed: the action broke/);
  });

  it("when cards refer to tokens, then the trigger's and earlier actions' tokens are filled in, a whole reference keeping its type", async () => {
    const lamp = Object.values(hub.hub.store.list('device')).find((device) => device.name === 'Ceiling light')!;
    const guests = hub.hub.store.values('variable').find((variable) => variable.name === 'Guests')!;
    storeFlow(hub.hub, {
      actions: [
        record('Hello [[name]], [[unknown]]'),
        { id: card('record'), args: { text: 'after [[count]] action', number: '[[count]]', dim: `[[homey:device:${lamp.id}|dim]]`, guests: `[[homey:manager:logic|${guests.id}]] guests` } },
        { id: card('record'), args: { text: 'dropped' }, droptoken: 'name' },
      ],
    });
    cards.fire({}, { name: 'Ann' });
    await settle();
    expect(cards.calls.map((call) => call.args)).toEqual([
      { text: 'Hello Ann, [[unknown]]' },
      { text: 'after 1 action', number: 1, dim: 0.8, guests: '0 guests' },
      { text: 'dropped', droptoken: 'Ann' },
    ]);
    expect(cards.calls[1]!.tokens).toEqual({ name: 'Ann', count: 1 });
  });

  it('when actions have delays, then each waits on the hub clock after the one before it, and a duration undoes its action', async () => {
    const start = clock.now();
    storeFlow(hub.hub, {
      actions: [
        record('now', { duration: { multiplier: 60, number: '1' } }),
        record('after 10 s', { delay: { multiplier: 1, number: '10' } }),
        record('after 2 min more', { delay: { multiplier: 60, number: '2' } }),
      ],
    });
    cards.fire();
    await settle();
    expect(texts()).toEqual(['now']);
    expect(cards.calls[0]!.duration).toBe(60_000);
    clock.advance(9_999);
    await settle();
    expect(texts()).toEqual(['now']);
    clock.advance(1);
    await settle();
    expect(cards.calls.map((call) => [call.args.text, call.time - start])).toEqual([['now', 0], ['after 10 s', 10_000]]);
    clock.advance(50_000);
    await settle();
    expect(cards.undone).toEqual([{ args: { text: 'now' }, time: start + 60_000 }]);
    clock.advance(70_000);
    await settle();
    expect(cards.calls.map((call) => call.time - start)).toEqual([0, 10_000, 130_000]);
  });

  it('when a flow waiting on a delay is disabled, then the rest of its run is dropped', async () => {
    const flow = storeFlow(hub.hub, { actions: [record('later', { delay: { multiplier: 1, number: '5' } })] });
    cards.fire();
    await settle();
    hub.hub.store.save('flow', { ...flow, enabled: false });
    clock.advance(5_000);
    await settle();
    expect(texts()).toEqual([]);
    expect(hub.hub.system.log.recent().join('\n')).toMatch(/the rest of a run was dropped: the flow is disabled/);
  });

  it('when a flow is started by hand, then it runs from its conditions with the given tokens; unknown is 404, disabled 409', async () => {
    const flow = storeFlow(hub.hub, { conditions: [is('[[answer]]')], actions: [record('[[answer]]')], trigger: { id: card('other') } });
    hub.hub.flowEngine.start('flow', flow.id, { tokens: { answer: 'yes' }, state: {} });
    await settle();
    expect(texts()).toEqual(['yes']);
    expect(() => hub.hub.flowEngine.start('flow', 'nope', {})).toThrow(expect.objectContaining({ statusCode: 404 }));
    expect(() => hub.hub.flowEngine.start('advancedflow', flow.id, {})).toThrow(expect.objectContaining({ statusCode: 404 }));
    hub.hub.store.save('flow', { ...flow, enabled: false });
    expect(() => hub.hub.flowEngine.start('flow', flow.id, {})).toThrow(expect.objectContaining({ statusCode: 409, message: expect.stringMatching(/disabled/) }));
  });

  it('when an unsaved flow is tested, then each card and the end are told as flow.test events of its session', async () => {
    const events: RealtimeEvent[] = [];
    hub.hub.bus.subscribe((event) => {
      if (event.uri === 'homey:manager:flow') events.push(event);
    });
    const flow = { trigger: { id: card('fired') }, conditions: [is(true)], actions: [{ id: card('fails') }, record('[[who]]', { delay: { multiplier: 1, number: '1' } })] };
    const answer = await hub.hub.flowEngine.test(flow, { who: 'tester' }, 'session-1');
    expect(answer).toEqual({
      sessionId: 'session-1',
      conditions: [{ index: 0, cardId: card('is'), result: true, error: null }],
      actions: [{ index: 0, cardId: card('fails'), result: false, tokens: {}, error: 'the action broke' }],
    });
    clock.advance(1_000);
    await settle();
    expect(texts()).toEqual(['tester']);
    expect(events.map(({ event, data }) => [event, data])).toEqual([
      ['flow.test', { sessionId: 'session-1', cardId: card('is'), cardType: 'condition', index: 0, result: true }],
      ['flow.test', { sessionId: 'session-1', cardId: card('fails'), cardType: 'action', index: 0, result: false, error: 'the action broke' }],
      ['flow.test', { sessionId: 'session-1', cardId: card('record'), cardType: 'action', index: 1, result: true, tokens: { who: 'tester', count: 1 } }],
      ['flow.test.end', { sessionId: 'session-1' }],
    ]);
  });

  it('when 100 enabled flows have other triggers, then a firing runs only the flow it starts', async () => {
    for (let n = 0; n < 100; n++) storeFlow(hub.hub, { trigger: { id: card(`other-${n}`) }, actions: [record(`other ${n}`)] });
    storeFlow(hub.hub, { actions: [record('mine')] });
    cards.fire();
    await settle();
    expect(texts()).toEqual(['mine']);
  });

  it('when a flow\'s action fires its own trigger, then the loop stops after a chain of MAX_CHAIN runs and says so in the log', async () => {
    const spots = hub.hub.store.values('device').find((device) => device.name === 'Kitchen spots')!;
    const uri = `homey:device:${spots.id}`;
    storeFlow(hub.hub, { name: 'Toggle forever', trigger: { id: `${uri}:onoff_changed` }, actions: [{ id: `${uri}:toggle` }] });
    let changes = 0;
    hub.hub.bus.subscribe(({ uri: eventUri, event, data }) => {
      if (eventUri === uri && event === 'capability' && (data as { capabilityId: string }).capabilityId === 'onoff') changes++;
    });
    await hub.http().put(`/api/manager/devices/device/${spots.id}/capability/onoff`).set({ Authorization: `Bearer ${hub.token}` }).send({ value: true }).expect(204);
    await settle();
    expect(changes).toBe(1 + MAX_CHAIN);
    expect(hub.hub.system.log.recent().join('\n')).toMatch(/flow "Toggle forever" .*not started: 10 flows in a row started one another/);
  });

  it('when a flow starts itself with the "Start a flow" card, then it stops after a chain of MAX_CHAIN runs', async () => {
    const flow = storeFlow(hub.hub, { name: 'Again', trigger: { id: PROGRAMMATIC_TRIGGER }, actions: [record('again')] });
    hub.hub.store.save('flow', { ...flow, actions: [...flow.actions, { uri: 'homey:manager:flow', id: 'homey:manager:flow:start_flow', args: { flow: { id: flow.id, name: 'Again' } }, group: 'then', droptoken: null, delay: null, duration: null }] });
    hub.hub.flowEngine.start('flow', flow.id, {});
    for (let n = 0; n < MAX_CHAIN; n++) await settle();
    expect(texts()).toHaveLength(MAX_CHAIN);
  });
});

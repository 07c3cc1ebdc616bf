import { FakeClock } from '../../http/clock.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { addTestCards, record, settle, storeAdvancedFlow, storeFlow } from './engine-test-cards.js';

describe('flow runs waiting on a delay across a restart', () => {
  const start = Date.UTC(2026, 10, 23, 12);
  let hub: TestHub | undefined;

  afterEach(() => hub?.stop());

  it('when the hub restarts on the same data while runs wait, then they go on at their time with their tokens, in order', async () => {
    const first = await startTestHub({ clock: new FakeClock(start) });
    let cards = addTestCards(first.hub);
    storeFlow(first.hub, {
      actions: [record('at once'), record('[[who]] after 1 min', { delay: { multiplier: 60, number: '1' } }), record('[[count]] then 10 s', { delay: { multiplier: 1, number: '10' } })],
    });
    storeAdvancedFlow(first.hub, {
      t: { type: 'trigger', id: 'homey:manager:enginetest:fired', outputSuccess: ['d'] },
      d: { type: 'delay', duration: { multiplier: 1, number: '30' }, outputSuccess: ['a'] },
      a: { type: 'action', id: 'homey:manager:enginetest:record', args: { text: 'advanced [[who]] after 30 s' } },
    });
    cards.fire({}, { who: 'Ann' });
    await settle();
    expect(cards.calls.map((call) => call.args.text)).toEqual(['at once']);
    await first.stop({ keepData: true });

    // The next start's clock is where the first stopped; the cards come back with their provider.
    const clock = new FakeClock(start);
    hub = await startTestHub({ dataDir: first.dataDir, clock });
    cards = addTestCards(hub.hub);
    clock.advance(30_000);
    await settle();
    expect(cards.calls.map((call) => call.args.text)).toEqual(['advanced Ann after 30 s']);
    clock.advance(30_000);
    await settle();
    clock.advance(10_000);
    await settle();
    expect(cards.calls.map((call) => [call.args.text, call.time - start])).toEqual([
      ['advanced Ann after 30 s', 30_000],
      ['Ann after 1 min', 60_000],
      ['2 then 10 s', 70_000],
    ]);
  });

  it('when runs waited while the hub was off past their time, then they run as soon as it starts again', async () => {
    const first = await startTestHub({ clock: new FakeClock(start) });
    const cards = addTestCards(first.hub);
    storeFlow(first.hub, { actions: [record('late', { delay: { multiplier: 60, number: '5' } })] });
    cards.fire();
    await settle();
    await first.stop({ keepData: true });

    // Overdue steps run once the start is over: the provider, added at once after it, is there for them.
    const clock = new FakeClock(start + 3_600_000);
    hub = await startTestHub({ dataDir: first.dataDir, clock, demoHome: false });
    const again = addTestCards(hub.hub);
    await settle();
    expect(again.calls.map((call) => [call.args.text, call.time - start])).toEqual([['late', 3_600_000]]);
    expect(hub.hub.db.prepare('SELECT COUNT(*) AS n FROM flow_pending').get()).toEqual({ n: 0 });
  });

  it('when the demo home restarts after "Good night" began waiting and a light was on for a duration, then the delayed action runs and the undo is reported cancelled', async () => {
    const first = await startTestHub({ clock: new FakeClock(start) });
    const named = (test: TestHub, name: string) => test.hub.store.values('device').find((device) => device.name === name)!;
    const put = (test: TestHub, name: string, capability: string, value: unknown) =>
      test.http().put(`/api/manager/devices/device/${named(test, name).id}/capability/${capability}`).set(bearer(test.token)).send({ value }).expect(204);
    await put(first, 'Bedside lamp', 'onoff', true);
    const flows = Object.values<{ id: string; name: string }>((await first.http().get('/api/manager/flow/flow').set(bearer(first.token)).expect(200)).body);
    await first.http().post(`/api/manager/flow/flow/${flows.find((flow) => flow.name === 'Good night')!.id}/trigger`).set(bearer(first.token)).send({}).expect(204);
    await put(first, 'Hallway motion', 'alarm_motion', true);
    await settle();
    expect(named(first, 'Hallway light').capabilitiesObj.onoff!.value).toBe(true);
    await first.stop({ keepData: true });

    // Back 20 minutes later: the bedside lamp was due after 15; the hallway light's 1 minute undo is gone.
    hub = await startTestHub({ dataDir: first.dataDir, clock: new FakeClock(start + 20 * 60_000) });
    await settle();
    expect(named(hub, 'Bedside lamp').capabilitiesObj.onoff!.value).toBe(false);
    expect(named(hub, 'Hallway light').capabilitiesObj.onoff!.value).toBe(true);
    const hallwayLightOn = `homey:device:${named(hub, 'Hallway light').id}:on`;
    expect(hub.hub.system.log.recent().join('\n')).toContain(`flow "Hallway light on motion" (`);
    expect(hub.hub.system.log.recent().join('\n')).toMatch(new RegExp(`the hub restarted before ${hallwayLightOn} was undone after its duration: cancelled`));
    expect(hub.hub.db.prepare('SELECT COUNT(*) AS n FROM flow_pending').get()).toEqual({ n: 0 });
  });
});

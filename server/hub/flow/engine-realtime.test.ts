import { FakeClock } from '../../http/clock.js';
import { connectRealtime, type ClientVersion, type RealtimeClient } from '../testing/realtime-client.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const FLOW = 'homey:manager:flow';

describe.each<ClientVersion>(['v4', 'v2'])('a flow test told over realtime (socket.io %s client)', (version) => {
  let hub: TestHub;
  let clock: FakeClock;
  let client: RealtimeClient;

  beforeEach(async () => {
    clock = new FakeClock(new Date(2026, 10, 23, 20).getTime());
    hub = await startTestHub({ clock });
    client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    const [error] = await client.request('subscribe', FLOW);
    expect(error).toBeNull();
  });
  afterEach(async () => {
    client.close();
    await hub.stop();
  });

  it('when the editor tests a flow with a delayed action, then the answer has what ran at once and flow.test events follow until flow.test.end', async () => {
    const spots = hub.hub.store.values('device').find((device) => device.name === 'Kitchen spots')!;
    const uri = `homey:device:${spots.id}`;
    const events: Array<[string, unknown]> = [];
    client.api.on(FLOW, (event: string, data: { sessionId?: string }) => {
      if (event.startsWith('flow.test') && data.sessionId === 'editor-7') events.push([event, data]);
    });
    const ended = client.next(FLOW, (event, data) => event === 'flow.test.end' && data.sessionId === 'editor-7');
    const flow = {
      conditions: [{ uri: 'homey:manager:cron', id: 'homey:manager:cron:time_between', args: { from: '18:00', to: '23:00' } }],
      actions: [
        { uri, id: `${uri}:on` },
        { uri, id: `${uri}:off`, delay: { multiplier: 1, number: '5' } },
      ],
    };
    const { body } = await hub.http().post('/api/manager/flow/flow/test').set(bearer(hub.token)).send({ sessionId: 'editor-7', tokens: {}, flow }).expect(200);
    expect(body).toEqual({
      sessionId: 'editor-7',
      conditions: [{ index: 0, cardId: 'homey:manager:cron:time_between', result: true, error: null }],
      actions: [{ index: 0, cardId: `${uri}:on`, result: true, tokens: {}, error: null }],
    });
    expect(hub.hub.store.get('device', spots.id)!.capabilitiesObj.onoff!.value).toBe(true);

    clock.advance(5_000);
    await ended;
    expect(hub.hub.store.get('device', spots.id)!.capabilitiesObj.onoff!.value).toBe(false);
    expect(events).toEqual([
      ['flow.test', { sessionId: 'editor-7', cardId: 'homey:manager:cron:time_between', cardType: 'condition', index: 0, result: true }],
      ['flow.test', { sessionId: 'editor-7', cardId: `${uri}:on`, cardType: 'action', index: 0, result: true, tokens: {} }],
      ['flow.test', { sessionId: 'editor-7', cardId: `${uri}:off`, cardType: 'action', index: 1, result: true, tokens: {} }],
      ['flow.test.end', { sessionId: 'editor-7' }],
    ]);
  });
});

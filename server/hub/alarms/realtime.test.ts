import { startTestHub, type TestHub } from '../testing/test-hub.js';
import { connectRealtime, type ClientVersion } from '../testing/realtime-client.js';

const uri = 'homey:manager:alarms';
const weekdays = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: false, sunday: false };

describe.each<ClientVersion>(['v2', 'v4'])('alarms over realtime with a socket.io %s client', (version) => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when an alarm is created, updated and deleted over the api event, then subscribers get alarm.create, alarm.update and alarm.delete', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    try {
      const [subscribeError] = await client.request('subscribe', uri);
      expect(subscribeError).toBeNull();

      const created = client.next(uri, (event) => event === 'alarm.create');
      const [createError, alarm] = await client.request('api', {
        uri,
        operation: 'createAlarm',
        args: { alarm: { name: 'School run', time: '07:45', enabled: true, repetition: weekdays }, $validate: true },
      });
      expect(createError).toBeNull();
      expect(alarm).toMatchObject({ name: 'School run', time: '07:45', nextOccurance: expect.any(String) });
      expect((await created).data).toEqual(alarm);
      const { id } = alarm as { id: string };

      const updated = client.next(uri, (event) => event === 'alarm.update');
      const [updateError, disabled] = await client.request('api', { uri, operation: 'updateAlarm', args: { id, alarm: { enabled: false } } });
      expect(updateError).toBeNull();
      expect(disabled).toMatchObject({ id, enabled: false, nextOccurance: null });
      expect((await updated).data).toEqual(disabled);

      const deleted = client.next(uri, (event) => event === 'alarm.delete');
      const [deleteError] = await client.request('api', { uri, operation: 'deleteAlarm', args: { id } });
      expect(deleteError).toBeNull();
      expect((await deleted).data).toEqual({ id });
    } finally {
      client.close();
    }
  });

  it('when the arguments are invalid, the scope is missing or the alarm unknown, then the ack carries the error body', async () => {
    const client = await connectRealtime(hub.url, hub.tokenWith(['homey.alarm.readonly']), hub.hub.id, version);
    try {
      const [forbidden] = await client.request('api', { uri, operation: 'createAlarm', args: { alarm: { name: 'A', time: '07:00', repetition: weekdays } } });
      expect(forbidden).toMatchObject({ error: 'insufficient_scope', statusCode: 403 });
      const [unknown] = await client.request('api', { uri, operation: 'getAlarm', args: { id: 'nope' } });
      expect(unknown).toMatchObject({ error: 'not_found', statusCode: 404 });
      const [subscribeError] = await client.request('subscribe', uri);
      expect(subscribeError).toBeNull();
    } finally {
      client.close();
    }
    const writer = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    try {
      const [invalid] = await writer.request('api', { uri, operation: 'createAlarm', args: { alarm: { name: 'A', time: '25:00', repetition: weekdays } } });
      expect(invalid).toMatchObject({ error: 'invalid_request', statusCode: 400 });
    } finally {
      writer.close();
    }
  });
});

import { createNotification } from '../notifications/notify.js';
import { onPresenceChanged, type PresenceEvent } from '../presence/presence.js';
import type { UserItem } from '../access/sessions.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const week = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };

describe('mobile manager', () => {
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  const summary = async (header = auth()) => (await hub.http().get('/api/manager/mobile/summary').set(header).expect(200)).body;
  const count = async (path: string) => Object.keys((await hub.http().get(path).set(auth()).expect(200)).body).length;

  beforeAll(async () => {
    hub = await startTestHub({ cloudSharedSecret: 'the-secret' });
  });
  afterAll(() => hub.stop());

  it('when the mobile app asks for the summary, then it counts what the home holds', async () => {
    const body = await summary();
    expect(body.name).toBe((await hub.http().get('/api/manager/system/').set(auth()).expect(200)).body.name);
    expect(body.devices.count).toBe(await count('/api/manager/devices/device'));
    expect(body.zoneCount).toBe(await count('/api/manager/zones/zone'));
    expect(body.flowCount).toBe((await count('/api/manager/flow/flow')) + (await count('/api/manager/flow/advancedflow')));
    expect(body.users.count).toBe(await count('/api/manager/users/user'));
    expect(body.alarms.count).toBe(await count('/api/manager/alarms/alarm'));
  });

  it('when an alarm is added and a notification posted and read, then the next alarm and the unread count follow', async () => {
    const before = await summary();
    const alarm = await hub.http().post('/api/manager/alarms/alarm').set(auth()).send({ name: 'Soon', time: '00:00', repetition: week }).expect(200);
    const notification = createNotification(hub.hub, { ownerUri: 'homey:manager:flow', excerpt: 'Door open' })!;
    const after = await summary();
    expect(after.alarms).toMatchObject({ count: before.alarms.count + 1, enabled: before.alarms.enabled + 1 });
    expect(Date.parse(after.alarms.next.at)).toBeLessThanOrEqual(Date.parse(alarm.body.nextOccurance));
    expect(after.notifications.unread).toBe(before.notifications.unread + 1);
    await hub.http().post(`/api/manager/notifications/notification/${notification.id}/read`).set(auth()).send({}).expect(200);
    expect((await summary()).notifications.unread).toBe(before.notifications.unread);
  });

  it('when a phone reports geofence events with the shared secret, then the user is present or away and the state counts them', async () => {
    const member = hub.member('user');
    const heard: PresenceEvent[] = [];
    const stop = onPresenceChanged(hub.hub, (event) => heard.push(event));
    const event = (name: string) => ({ secret: 'the-secret', userId: member.id, deviceId: 'phone-1', event: name, data: {}, timestamp: '2026-11-23T17:00:00.000Z' });
    await hub.http().post('/api/manager/mobile/event').send(event('geofence.enter')).expect(204);
    await hub.http().post('/api/manager/mobile/event').send(event('geofence.leave')).expect(204);
    await hub.http().post('/api/manager/mobile/event').send(event('app.opened')).expect(204);
    stop();
    expect(heard.map(({ userId, kind, value }) => [userId, kind, value])).toEqual([[member.id, 'present', true], [member.id, 'present', false]]);
    const { body } = await hub.http().get('/api/manager/mobile/state').set(auth()).expect(200);
    expect(body).toEqual({ eventCount: 3, lastEvent: { userId: member.id, deviceId: 'phone-1', event: 'app.opened', receivedAt: expect.any(String) } });
  });

  it('when the secret is wrong, then 401; for an unknown user 404; a malformed event 400', async () => {
    const valid = { secret: 'the-secret', userId: hub.member('user').id, deviceId: 'phone-1', event: 'geofence.enter', timestamp: '2026-11-23T17:00:00.000Z' };
    const wrong = await hub.http().post('/api/manager/mobile/event').send({ ...valid, secret: 'guess' }).expect(401);
    expect(wrong.body).toMatchObject({ error: 'invalid_secret', statusCode: 401 });
    await hub.http().post('/api/manager/mobile/event').send({ ...valid, userId: 'nobody' }).expect(404);
    await hub.http().post('/api/manager/mobile/event').send({ ...valid, userId: '__proto__' }).expect(404);
    const { secret: _secret, ...noSecret } = valid;
    await hub.http().post('/api/manager/mobile/event').send(noSecret).expect(400);
    await hub.http().post('/api/manager/mobile/event').send({ ...valid, timestamp: 'yesterday' }).expect(400);
    await hub.http().post('/api/manager/mobile/event').send({ ...valid, event: 'Geofence Enter' }).expect(400);
  });

  it('when the hub was given no shared secret, then every mobile event and answer to a push is 403', async () => {
    const bare = await startTestHub();
    try {
      const userId = bare.member('user').id;
      const { body } = await bare.http().post('/api/manager/mobile/event')
        .send({ secret: 'anything', userId, deviceId: 'p', event: 'geofence.enter', timestamp: '2026-11-23T17:00:00.000Z' }).expect(403);
      expect(body.error_description).toMatch(/no cloud shared secret/);
      const notification = createNotification(bare.hub, { ownerUri: 'homey:manager:flow', excerpt: 'Hi' })!;
      const answer = await bare.http().post(`/api/manager/notifications/notification/${notification.id}/confirm`)
        .send({ secret: 'anything', athomId: 'a', choice: 'read' }).expect(403);
      expect(answer.body.error_description).toMatch(/no cloud shared secret/);
    } finally {
      await bare.stop();
    }
  });

  it('when the caller lacks homey.system.readonly, then the summary and the state are 403', async () => {
    const other = bearer(hub.tokenWith(['homey.zone.readonly']));
    await hub.http().get('/api/manager/mobile/summary').set(other).expect(403);
    await hub.http().get('/api/manager/mobile/state').set(other).expect(403);
  });

  describe('relayed for a cloud account', () => {
    let anna: UserItem;
    const bindAccount = (id: string, athomId: string) => hub.hub.store.save('user', { ...hub.hub.store.get('user', id)!, athomId });
    const confirm = (id: string, body: object) => hub.http().post(`/api/manager/notifications/notification/${id}/confirm`).send(body);

    beforeAll(() => {
      anna = bindAccount(hub.member('user').id, 'account-anna');
      bindAccount(hub.member('guest').id, 'account-gus');
    });

    it("when a mobile event names the account, then only that account's user is accepted (403 for another's)", async () => {
      const event = { secret: 'the-secret', userId: anna.id, deviceId: 'phone-1', event: 'geofence.enter', timestamp: '2026-11-23T17:00:00.000Z' };
      await hub.http().post('/api/manager/mobile/event').send({ ...event, athomId: 'account-anna' }).expect(204);
      const other = await hub.http().post('/api/manager/mobile/event').send({ ...event, athomId: 'account-gus' }).expect(403);
      expect(other.body).toMatchObject({ error: 'forbidden', statusCode: 403 });
    });

    it('when a user answers a push with read, then it is read by them; with delete, then it is gone', async () => {
      const first = createNotification(hub.hub, { ownerUri: 'homey:manager:flow', excerpt: 'Door open' })!;
      await confirm(first.id, { secret: 'the-secret', athomId: 'account-anna', choice: 'read' }).expect(204);
      expect(hub.hub.store.get('notification', first.id)!.readBy).toEqual([anna.id]);
      await confirm(first.id, { secret: 'the-secret', athomId: 'account-anna', choice: 'delete' }).expect(204);
      expect(hub.hub.store.get('notification', first.id)).toBeUndefined();
    });

    it('when the secret is wrong 401, the account or notification unknown or not for the role 404, the choice unknown 400', async () => {
      const managers = createNotification(hub.hub, { ownerUri: 'homey:manager:flow', excerpt: 'For managers', roles: ['manager'] })!;
      const valid = { secret: 'the-secret', athomId: 'account-anna', choice: 'read' };
      expect((await confirm(managers.id, { ...valid, secret: 'guess' }).expect(401)).body).toMatchObject({ error: 'invalid_secret' });
      await confirm(managers.id, { ...valid, athomId: 'account-nobody' }).expect(404);
      await confirm(managers.id, valid).expect(404);
      await confirm('no-such-notification', valid).expect(404);
      await confirm(managers.id, { ...valid, choice: 'yes' }).expect(400);
      await confirm(managers.id, { athomId: 'account-anna', choice: 'read' }).expect(400);
    });
  });
});

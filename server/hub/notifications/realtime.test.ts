import { connectRealtime, type ClientVersion } from '../testing/realtime-client.js';
import { startTestHub, type TestHub } from '../testing/test-hub.js';
import { createNotification } from './notify.js';

describe.each<ClientVersion>(['v2', 'v4'])('notifications over realtime with a socket.io %s client', (version) => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when a notification is posted, read and deleted, then subscribers get notification.create, .update and .delete', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    const call = (operation: string, args: Record<string, unknown>) => client.request('api', { uri: 'homey:manager:notifications', operation, args });
    const next = (event: string) => client.next('homey:manager:notifications', (name) => name === event);
    try {
      expect((await client.request('subscribe', 'homey:manager:notifications'))[0]).toBeNull();
      const created = next('notification.create');
      const notification = createNotification(hub.hub, { ownerUri: 'homey:manager:flow', excerpt: 'The **garage** is open' })!;
      expect((await created).data).toEqual(notification);

      const updated = next('notification.update');
      const [readError, read] = await call('markNotificationAsRead', { id: notification.id });
      expect(readError).toBeNull();
      const ownerId = hub.hub.sessions.authenticate(hub.token)!.user.id;
      expect(read).toEqual({ ...notification, readBy: [ownerId] });
      expect((await updated).data).toEqual(read);

      const deleted = next('notification.delete');
      const [deleteError] = await call('deleteNotification', { id: notification.id });
      expect(deleteError).toBeNull();
      expect((await deleted).data).toEqual({ id: notification.id });
    } finally {
      client.close();
    }
  });

  it('when a notification is meant for managers, then a subscribed user hears neither its create nor its update', async () => {
    const user = await connectRealtime(hub.url, hub.member('user').token, hub.hub.id, version);
    const manager = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    const heard: string[] = [];
    user.api.on('homey:manager:notifications', (event: string, data: { excerpt?: string; id: string }) => heard.push(`${event} ${data.excerpt ?? data.id}`));
    try {
      for (const client of [user, manager]) expect((await client.request('subscribe', 'homey:manager:notifications'))[0]).toBeNull();
      const managerHears = manager.next('homey:manager:notifications', (event, data) => event === 'notification.update' && data.excerpt === 'For managers');
      const userHears = user.next('homey:manager:notifications', (_event, data) => data.excerpt === 'For everyone');
      const secret = createNotification(hub.hub, { ownerUri: 'homey:manager:users', excerpt: 'For managers', roles: ['manager'] })!;
      await manager.request('api', { uri: 'homey:manager:notifications', operation: 'markNotificationAsRead', args: { id: secret.id } });
      await managerHears;
      createNotification(hub.hub, { ownerUri: 'homey:manager:users', excerpt: 'For everyone' });
      await userHears;
      expect(heard).toEqual(['notification.create For everyone']);
    } finally {
      user.close();
      manager.close();
    }
  });

  it('when a call is refused, then the ack carries the error body: 400, 403, 404', async () => {
    const reader = await connectRealtime(hub.url, hub.tokenWith(['homey.notifications.readonly']), hub.hub.id, version);
    const owner = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    const call = (client: typeof owner, operation: string, args: Record<string, unknown>) =>
      client.request('api', { uri: 'homey:manager:notifications', operation, args });
    try {
      createNotification(hub.hub, { ownerUri: 'homey:manager:flow', excerpt: 'Hi' });
      const [bad] = await call(owner, 'setOwnerEnabled', { uri: 'homey:manager:flow', enabled: 'no' });
      expect(bad).toMatchObject({ error: 'invalid_request', statusCode: 400 });
      const [denied] = await call(reader, 'setOwnerPush', { uri: 'homey:manager:flow', push: false });
      expect(denied).toMatchObject({ error: 'insufficient_scope', statusCode: 403 });
      const [missing] = await call(reader, 'getNotification', { id: 'nope' });
      expect(missing).toMatchObject({ error: 'not_found', statusCode: 404 });
      const [owners, list] = await call(reader, 'getOwners', {});
      expect(owners).toBeNull();
      expect(list).toMatchObject({ 'homey:manager:flow': { enabled: true, push: true } });
    } finally {
      reader.close();
      owner.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { buildDevice } from '../devices/device.js';
import { findDriver } from '../drivers/catalogue.js';
import { connectRealtime, type ClientVersion } from '../testing/realtime-client.js';
import { startTestHub, type TestHub } from '../testing/test-hub.js';

describe.each<ClientVersion>(['v2', 'v4'])('images over realtime with a socket.io %s client', (version) => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when a camera is added, refreshed and removed, then subscribers get image.create, .update and .delete', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    const call = (uri: string, operation: string, args: Record<string, unknown>) => client.request('api', { uri, operation, args });
    const next = (event: string) => client.next('homey:manager:images', (name) => name === event);
    try {
      expect((await client.request('subscribe', 'homey:manager:images'))[0]).toBeNull();
      const created = next('image.create');
      const zone = hub.hub.store.values('zone')[0]!;
      const driver = findDriver('homey:manager:vdevice:ipcamera')!;
      const camera = hub.hub.store.insert('device', buildDevice({ driver, name: 'Gate camera', zone: zone.id, zoneName: zone.name, data: { id: randomUUID() } }, new Date(hub.hub.now()).toISOString()));
      const image = (await created).data;
      expect(image).toEqual({ id: expect.any(String), ownerUri: `homey:device:${camera.id}`, url: `/api/manager/images/image/${image.id}/image`, lastUpdated: expect.any(String) });
      expect(hub.hub.store.get('device', camera.id)!.images).toEqual([{ type: 'camera', id: image.id, imageObj: { id: image.id, url: image.url } }]);

      expect((await client.request('subscribe', `homey:image:${image.id}`))[0]).toBeNull();
      const updated = next('image.update');
      const own = client.next(`homey:image:${image.id}`, (name) => name === 'update');
      const [refreshError, refreshed] = await call('homey:manager:images', 'refreshImage', { id: image.id });
      expect(refreshError).toBeNull();
      expect((await updated).data).toEqual(refreshed);
      expect((await own).data).toEqual(refreshed);

      const [pictureError, picture] = await call('homey:manager:images', 'getImageContent', { id: image.id });
      expect(pictureError).toBeNull();
      expect(Buffer.from(picture as Uint8Array).toString('utf8')).toMatch(/^<svg .*Gate camera.*<\/svg>$/);

      const deleted = next('image.delete');
      const [deleteError] = await call('homey:manager:devices', 'deleteDevice', { id: camera.id });
      expect(deleteError).toBeNull();
      expect((await deleted).data).toEqual({ id: image.id });
    } finally {
      client.close();
    }
  });

  it('when a call is refused, then the ack carries the error body: 403, 404', async () => {
    const reader = await connectRealtime(hub.url, hub.tokenWith(['homey.device.readonly']), hub.hub.id, version);
    try {
      const [[id]] = [Object.keys(hub.hub.store.list('image'))];
      const [denied] = await reader.request('api', { uri: 'homey:manager:images', operation: 'refreshImage', args: { id } });
      expect(denied).toMatchObject({ error: 'insufficient_scope', statusCode: 403 });
      const [missing] = await reader.request('api', { uri: 'homey:manager:images', operation: 'getImageContent', args: { id: 'nope' } });
      expect(missing).toMatchObject({ error: 'not_found', statusCode: 404 });
    } finally {
      reader.close();
    }
  });
});

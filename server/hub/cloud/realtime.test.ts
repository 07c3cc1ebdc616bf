import { startTestHub, type TestHub } from '../testing/test-hub.js';
import { connectRealtime, type ClientVersion } from '../testing/realtime-client.js';
import { registerWebhook, unregisterWebhook } from './cloud.js';

describe.each<ClientVersion>(['v2', 'v4'])('cloud webhooks over realtime with a socket.io %s client', (version) => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when a webhook is registered and unregistered, then subscribers get webhook.create and webhook.delete', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    const next = (event: string) => client.next('homey:manager:cloud', (name) => name === event);
    try {
      const [subscribeError] = await client.request('subscribe', 'homey:manager:cloud');
      expect(subscribeError).toBeNull();
      const created = next('webhook.create');
      const webhook = { id: `hook-${version}`, name: 'Doorbell service', ownerUri: 'homey:app:com.example.doorbell' };
      registerWebhook(hub.hub, webhook);
      expect((await created).data).toEqual(webhook);
      const deleted = next('webhook.delete');
      unregisterWebhook(hub.hub, webhook.id);
      expect((await deleted).data).toEqual({ id: webhook.id });
    } finally {
      client.close();
    }
  });
});

import { startTestHub, type TestHub } from '../testing/test-hub.js';
import { connectRealtime, type ClientVersion } from '../testing/realtime-client.js';

describe.each<ClientVersion>(['v2', 'v4'])('experiments over realtime with a socket.io %s client', (version) => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it.each(['ssh', 'homekit', 'poweruser', 'virtualdevices'])(
    'when the %s experiment is enabled and disabled over the api event, then subscribers get experiment-<id>.update with the whole experiment',
    async (id) => {
      const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
      const call = (operation: string) => client.request('api', { uri: 'homey:manager:experiments', operation, args: { id } });
      const next = () => client.next('homey:manager:experiments', (name) => name === `experiment-${id}.update`);
      try {
        const [subscribeError] = await client.request('subscribe', 'homey:manager:experiments');
        expect(subscribeError).toBeNull();
        const enabledEvent = next();
        const [enableError, enabled] = await call('enableExperiment');
        expect(enableError).toBeNull();
        expect((await enabledEvent).data).toEqual(enabled);
        expect(enabled).toMatchObject({ id, enabled: true });
        const disabledEvent = next();
        const [disableError, disabled] = await call('disableExperiment');
        expect(disableError).toBeNull();
        expect((await disabledEvent).data).toEqual({ ...(enabled as object), enabled: false });
        expect(disabled).toMatchObject({ id, enabled: false });
      } finally {
        client.close();
      }
    },
  );

  it('when the experiment is unknown, then the ack carries the 404 body', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    try {
      const [error] = await client.request('api', { uri: 'homey:manager:experiments', operation: 'enableExperiment', args: { id: 'nope' } });
      expect(error).toMatchObject({ error: 'not_found', statusCode: 404 });
    } finally {
      client.close();
    }
  });
});

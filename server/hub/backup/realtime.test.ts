import { connectRealtime, type ClientVersion } from '../testing/realtime-client.js';
import { startTestHub, type TestHub } from '../testing/test-hub.js';

describe.each<ClientVersion>(['v2', 'v4'])('backup over realtime with a socket.io %s client', (version) => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when a backup is scheduled over the api event, then subscribers get state running, progress, then state succeeded', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    try {
      expect((await client.request('subscribe', 'homey:manager:backup'))[0]).toBeNull();
      const running = client.next('homey:manager:backup', (event, data) => event === 'state' && data.state === 'running');
      const progress = client.next('homey:manager:backup', (event) => event === 'progress');
      const succeeded = client.next('homey:manager:backup', (event, data) => event === 'state' && data.state === 'succeeded');
      const [error, state] = await client.request('api', { uri: 'homey:manager:backup', operation: 'scheduleBackup', args: {} });
      expect(error).toBeNull();
      expect(state).toMatchObject({ state: 'running' });
      expect((await running).data.lastBackup).toMatchObject({ trigger: 'manual', finishedAt: null });
      expect((await progress).data).toEqual({ percent: expect.any(Number), totalPages: expect.any(Number), remainingPages: expect.any(Number) });
      const done = (await succeeded).data;
      expect(done).toMatchObject({ progress: null, lastSuccessfulBackup: done.lastBackup.finishedAt });
      expect(done.backups[0].file).toBe(done.lastBackup.file);
    } finally {
      client.close();
    }
  });

  it('when the nightly option changes, then subscribers get the new state; a token without the scope gets a 403 ack', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    const reader = await connectRealtime(hub.url, hub.tokenWith(['homey.system.readonly']), hub.hub.id, version);
    try {
      await client.request('subscribe', 'homey:manager:backup');
      const changed = client.next('homey:manager:backup', (event, data) => event === 'state' && data.automaticBackupsEnabled);
      const [error] = await client.request('api', { uri: 'homey:manager:backup', operation: 'setOptionAutomaticBackupsEnabled', args: { value: true } });
      expect(error).toBeNull();
      expect((await changed).data.nextAutomaticBackup).toEqual(expect.any(String));
      const [denied] = await reader.request('api', { uri: 'homey:manager:backup', operation: 'scheduleBackup', args: {} });
      expect(denied).toMatchObject({ error: 'insufficient_scope', statusCode: 403 });
    } finally {
      client.close();
      reader.close();
    }
  });
});

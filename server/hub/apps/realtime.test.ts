import { startTestHub, type TestHub } from '../testing/test-hub.js';
import { connectRealtime, type ClientVersion } from '../testing/realtime-client.js';

const CRASH = 'com.example.crashtest';

describe.each<ClientVersion>(['v2', 'v4'])('apps over realtime with a socket.io %s client', (version) => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub({ demoApps: true });
  });
  afterAll(() => hub.stop());

  it('when an app is uninstalled, installed, set and restarted over the api event, then subscribers hear app and appsettings news', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    const call = (operation: string, args: Record<string, unknown>) => client.request('api', { uri: 'homey:manager:apps', operation, args });
    const next = (event: string, test: (data: Record<string, unknown>) => boolean = () => true) =>
      client.next('homey:manager:apps', (name, data) => name === event && test(data as Record<string, unknown>));
    try {
      const [subscribeError] = await client.request('subscribe', 'homey:manager:apps');
      expect(subscribeError).toBeNull();

      const appDeleted = next('app.delete');
      const settingsDeleted = next('appsettings.delete');
      const [uninstallError] = await call('uninstallApp', { id: CRASH, purgeSettings: true });
      expect(uninstallError).toBeNull();
      expect((await appDeleted).data).toEqual({ id: CRASH });
      expect((await settingsDeleted).data).toEqual({ id: CRASH });

      const appCreated = next('app.create');
      const settingsCreated = next('appsettings.create');
      const running = next('app.update', (data) => data.id === CRASH && data.state === 'running');
      const [installError, installed] = await call('installFromAppStore', { id: CRASH, channel: 'alpha' });
      expect(installError).toBeNull();
      expect((await appCreated).data).toMatchObject({ id: CRASH, channel: 'alpha', state: 'stopped' });
      expect((await settingsCreated).data).toEqual({ id: CRASH, values: { crashOnStart: false } });
      expect(installed).toMatchObject({ id: CRASH, state: 'starting' });
      expect((await running).data).toMatchObject({ id: CRASH, ready: true });

      const settingsUpdated = next('appsettings.update');
      const [setError] = await call('setAppSetting', { id: CRASH, name: 'level', value: 3 });
      expect(setError).toBeNull();
      expect((await settingsUpdated).data).toEqual({ id: CRASH, values: { crashOnStart: false, level: 3 } });

      const stopping = next('app.update', (data) => data.id === CRASH && data.state === 'stopping');
      const starting = next('app.update', (data) => data.id === CRASH && data.state === 'starting');
      const [restartError] = await call('restartApp', { id: CRASH });
      expect(restartError).toBeNull();
      await stopping;
      await starting;
    } finally {
      client.close();
    }
  });

  it('when an app is told to crash on start, then subscribers see it crash', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    try {
      await client.request('subscribe', 'homey:manager:apps');
      const crashed = client.next('homey:manager:apps', (name, data) => name === 'app.update' && (data as { id: string; crashed: boolean }).id === CRASH && (data as { crashed: boolean }).crashed);
      const [setError] = await client.request('api', { uri: 'homey:manager:apps', operation: 'setAppSetting', args: { id: CRASH, name: 'crashOnStart', value: true } });
      expect(setError).toBeNull();
      const [restartError] = await client.request('api', { uri: 'homey:manager:apps', operation: 'restartApp', args: { id: CRASH } });
      expect(restartError).toBeNull();
      expect((await crashed).data).toMatchObject({ id: CRASH, state: 'stopped', crashed: true, crashedMessage: 'Told to crash on start' });
      const reader = await connectRealtime(hub.url, hub.tokenWith(['homey.app.readonly']), hub.hub.id, version);
      const [denied] = await reader.request('api', { uri: 'homey:manager:apps', operation: 'restartApp', args: { id: CRASH } });
      expect(denied).toMatchObject({ statusCode: 403 });
      // A reader may list apps but not read their settings: it hears app news, never settings news.
      const heard: string[] = [];
      reader.api.on('homey:manager:apps', (name: string) => heard.push(name));
      expect((await reader.request('subscribe', 'homey:manager:apps'))[0]).toBeNull();
      const appUpdated = reader.next('homey:manager:apps', (name) => name === 'app.update');
      await client.request('api', { uri: 'homey:manager:apps', operation: 'setAppSetting', args: { id: CRASH, name: 'crashOnStart', value: false } });
      await client.request('api', { uri: 'homey:manager:apps', operation: 'updateApp', args: { id: CRASH, app: { autoupdate: false } } });
      await appUpdated;
      reader.close();
      expect(heard).not.toContain('appsettings.update');
    } finally {
      client.close();
    }
  });
});

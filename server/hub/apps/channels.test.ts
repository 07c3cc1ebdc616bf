import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { eventually } from './testing/eventually.js';

const SUN = 'com.example.suntimes';
const THERMOSTAT = 'com.example.thermostat';
const CRASH = 'com.example.crashtest';

describe('app store channels', () => {
  let hub: TestHub;
  const install = (body: object, token = hub.token) => hub.http().post('/api/manager/apps/store').set(bearer(token)).send({ waitForInstall: true, ...body });
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when an app is installed from a channel, then it gets the newest release that channel offers, stable ones included', async () => {
    const cases: Array<[string, string | undefined, string]> = [
      [SUN, 'beta', '1.3.0'], [SUN, 'alpha', '1.4.0'], [SUN, 'stable', '1.2.0'], [SUN, undefined, '1.2.0'],
      [THERMOSTAT, 'alpha', '2.1.0'], [THERMOSTAT, 'stable', '2.0.1'], [CRASH, 'beta', '0.3.0'],
    ];
    for (const [id, channel, version] of cases) {
      const { body } = await install({ id, channel }).expect(200);
      expect(body).toMatchObject({ id, channel: channel ?? 'stable', version, state: 'running' });
      const { body: listed } = await hub.http().get(`/api/manager/apps/app/${id}`).set(bearer(hub.token)).expect(200);
      expect(listed).toMatchObject({ channel: channel ?? 'stable', version });
    }
    const { body: beta } = await install({ id: SUN, channel: 'beta' }).expect(200);
    expect(beta.permissions).toEqual(['homey:manager:geolocation', 'homey:manager:ledring']);
  });

  it('when a version is asked for, then that release installs on its own channel, or on a channel that offers it', async () => {
    expect((await install({ id: SUN, version: '1.3.0' }).expect(200)).body).toMatchObject({ version: '1.3.0', channel: 'beta' });
    expect((await install({ id: SUN, version: '1.2.0', channel: 'alpha' }).expect(200)).body).toMatchObject({ version: '1.2.0', channel: 'alpha' });
    const refused = await install({ id: SUN, version: '1.4.0', channel: 'beta' }).expect(404);
    expect(refused.body.error_description).toBe("Version 1.4.0 of com.example.suntimes is not in the app store's beta channel");
    await install({ id: SUN, version: '9.9.9' }).expect(404);
    expect(hub.hub.store.get('app', SUN)).toMatchObject({ version: '1.2.0', channel: 'alpha' });
  });

  it('when the channel, version or id is malformed, the app unknown or the scope missing, then 400, 404 or 403', async () => {
    for (const body of [{ id: SUN, channel: 'test' }, { id: SUN, channel: 'Beta' }, { id: SUN, version: '1.3' }, { id: 'nope' }, { channel: 'beta' }]) {
      await install(body).expect(400);
    }
    await install({ id: 'com.example.nope', channel: 'beta' }).expect(404);
    await install({ id: SUN, channel: 'beta' }, hub.tokenWith(['homey.app.readonly'])).expect(403);
  });

  it('when the hub restarts, then autoupdate moves each app to the newest release of its own channel, or offers it', async () => {
    await install({ id: SUN, channel: 'beta' }).expect(200);
    await install({ id: THERMOSTAT, channel: 'beta' }).expect(200);
    await install({ id: CRASH, channel: 'stable' }).expect(200);
    const installed = (id: string) => hub.hub.store.get('app', id)!;
    // As if installed before the store had these releases.
    hub.hub.store.save('app', { ...installed(SUN), version: '1.0.0' });
    hub.hub.store.save('app', { ...installed(THERMOSTAT), version: '2.0.0', autoupdate: false });
    hub.hub.store.save('app', { ...installed(CRASH), version: '0.1.0' });
    await hub.stop({ keepData: true });

    hub = await startTestHub({ dataDir: hub.dataDir });
    await eventually(() => expect(hub.hub.store.get('app', SUN)).toMatchObject({ state: 'running', version: '1.3.0', channel: 'beta', updateAvailable: null }));
    expect(installed(THERMOSTAT)).toMatchObject({ version: '2.0.0', channel: 'beta', updateAvailable: { version: '2.1.0', permissions: [] } });
    expect(installed(CRASH)).toMatchObject({ version: '0.3.0', channel: 'stable', updateAvailable: null });
  });
});

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { eventually } from './testing/eventually.js';

const SUN = 'com.example.suntimes';
const THERMOSTAT = 'com.example.thermostat';

describe('apps across a hub restart', () => {
  let hub: TestHub;
  afterAll(() => hub.stop());

  it('when the hub restarts, then enabled apps start again with their settings, a disabled app stays stopped, and store updates install or wait by autoupdate, and the staging folder of an install cut short by a crash is removed', async () => {
    const first = await startTestHub({ demoApps: true });
    const auth = bearer(first.token);
    await eventually(() => expect(first.hub.store.get('app', SUN)).toMatchObject({ state: 'running' }));
    await first.http().put(`/api/manager/apps/app/${SUN}/setting/sunset`).set(auth).send({ value: '21:00' }).expect(204);
    await first.http().put(`/api/manager/apps/app/${THERMOSTAT}/disable`).set(auth).send({}).expect(204);
    // As if installed before the store had their current versions: one updates itself, the other waits.
    const installed = (id: string) => first.hub.store.get('app', id)!;
    first.hub.store.save('app', { ...installed(SUN), version: '1.0.0' });
    first.hub.store.save('app', { ...installed(THERMOSTAT), version: '1.9.0', autoupdate: false });
    await first.stop({ keepData: true });
    // As if the hub died while copying a package: its half copy beside the installed apps.
    const apps = join(first.dataDir, 'apps');
    const staging = join(apps, `.${THERMOSTAT}-x7Rq2Z`);
    mkdirSync(staging, { recursive: true });
    writeFileSync(join(staging, 'app.json'), '{');
    const thermostatManifest = readFileSync(join(apps, THERMOSTAT, 'app.json'), 'utf8');

    hub = await startTestHub({ dataDir: first.dataDir });
    await eventually(() => expect(hub.hub.store.get('app', SUN)).toMatchObject({ state: 'running', ready: true }));
    expect(hub.hub.store.get('app', SUN)).toMatchObject({ version: '1.2.0', updateAvailable: null });
    expect(hub.hub.store.get('app', THERMOSTAT)).toMatchObject({ enabled: false, state: 'stopped', version: '1.9.0', updateAvailable: { version: '2.0.1', permissions: [] } });
    await hub.http().get(`/api/manager/apps/app/${SUN}/setting/sunset`).set(bearer(hub.token)).expect(200, '"21:00"');
    await hub.http().get(`/api/manager/drivers/driver/homey:app:${THERMOSTAT}:thermostat`).set(bearer(hub.token)).expect(200);
    await eventually(() => expect(existsSync(staging)).toBe(false));
    expect(readFileSync(join(apps, THERMOSTAT, 'app.json'), 'utf8')).toBe(thermostatManifest);
  });

  it('when an app is asked to start while the apps are closing with the hub, then it does not start: no worker of it outlives the hub', async () => {
    const closing = await startTestHub({ demoApps: true });
    try {
      const { apps, store } = closing.hub;
      await eventually(() => expect(store.get('app', THERMOSTAT)).toMatchObject({ state: 'running', ready: true }));
      await apps.stop(THERMOSTAT);
      // A request in flight as the hub stops (a test that timed out, a devkit run) asks for the app after its close began.
      const closed = apps.close();
      await apps.start(THERMOSTAT);
      await closed;
      expect(() => apps.worker(THERMOSTAT)).toThrow('The app is not running');
    } finally {
      await closing.stop();
    }
  });
});

import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { eventually } from './testing/eventually.js';

const SUN = 'com.example.suntimes';
const CRASH = 'com.example.crashtest';


describe('apps manager', () => {
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  const app = (id: string) => hub.http().get(`/api/manager/apps/app/${id}`).set(auth());

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when the demo home starts, then its apps run and the state counts them', async () => {
    await eventually(async () => {
      const { body } = await hub.http().get('/api/manager/apps/app').set(auth()).expect(200);
      expect(Object.keys(body).sort()).toEqual([CRASH, SUN, 'com.example.thermostat']);
      for (const item of Object.values<{ state: string; ready: boolean }>(body)) expect(item).toMatchObject({ state: 'running', ready: true });
    });
    const state = await hub.http().get('/api/manager/apps/state').set(auth()).expect(200);
    expect(state.body).toEqual({ appCount: 3, runningCount: 3, crashedCount: 0 });
    const sun = await app(SUN).expect(200);
    expect(sun.body).toMatchObject({ id: SUN, name: 'Sun times', sdk: 3, version: '1.2.0', origin: 'appstore', channel: 'stable', enabled: true, brandColor: '#f39c12', author: { email: 'dev@example.com' }, settings: true, hasDrivers: false });
  });
});

import { startTestHub, type TestHub } from '../../server/hub/testing/test-hub.js';
import { eventually } from '../../server/hub/apps/testing/eventually.js';
import { HubAPI } from './hub-api.js';

const SUN = 'com.example.suntimes';
const CRASH = 'com.example.crashtest';

describe('HubAPI apps.call: the routes of installed apps, against a real hub', () => {
  let hub: TestHub;
  let api: HubAPI;
  beforeAll(async () => {
    hub = await startTestHub({ demoApps: true });
    api = await HubAPI.connect({ address: hub.url, token: hub.token });
    await eventually(() => {
      for (const id of [SUN, CRASH]) expect(hub.hub.store.get('app', id)).toMatchObject({ state: 'running' });
    });
  });
  afterAll(async () => {
    api.destroy();
    await hub.stop();
  });

  it('when routes are called with each method, then the app\'s answers come back as values; a 204 as undefined', async () => {
    expect(await api.apps.call({ appId: SUN, method: 'GET', path: '/times' })).toMatchObject({ sunrise: '07:30', sunset: '19:45' });
    expect(await api.apps.call({ appId: SUN, method: 'PUT', path: '/times', body: { sunrise: '06:45' } })).toMatchObject({ sunrise: '06:45' });
    const echo = await api.apps.call({ appId: CRASH, method: 'POST', path: '/echo/hello world/', query: { x: 1, y: [2, 3] }, body: [true] });
    expect(echo).toEqual({ word: 'hello world', query: { x: '1', y: ['2', '3'] }, body: [true] });
    expect(await api.apps.call({ appId: CRASH, method: 'POST', path: 'echo/bare' })).toEqual({ word: 'bare', query: {}, body: {} });
    expect(await api.apps.call({ appId: CRASH, method: 'DELETE', path: '/log' })).toBeUndefined();
  });

  it('when the realtime socket is open, then app calls still go over HTTP and answer', async () => {
    await api.apps.connect();
    expect(api.apps.isConnected()).toBe(true);
    expect(await api.apps.call({ appId: SUN, method: 'GET', path: 'times' })).toMatchObject({ sunrise: '06:45' });
    await api.apps.disconnect();
  });

  it('when the hub refuses, then a HubAPIError with its status and code; bad arguments fail before any call', async () => {
    await expect(api.apps.call({ appId: SUN, method: 'GET', path: '/nope' })).rejects.toMatchObject({ name: 'HubAPIError', statusCode: 404, error: 'not_found' });
    await expect(api.apps.call({ appId: CRASH, method: 'GET', path: '/fail' })).rejects.toMatchObject({ statusCode: 502, error: 'app_error' });
    await expect(api.apps.call({ appId: SUN, method: 'PUT', path: '/times', body: { sunset: 'late' } })).rejects.toMatchObject({ statusCode: 400, message: 'sunset must be HH:MM' });
    await api.apps.disableApp({ id: SUN });
    await expect(api.apps.call({ appId: SUN, method: 'GET', path: '/times' })).rejects.toMatchObject({ statusCode: 503, error: 'app_not_running' });
    await api.apps.enableApp({ id: SUN });
    await expect(api.apps.call({ appId: SUN, method: 'PATCH' as 'GET', path: '/times' })).rejects.toThrow('Invalid Parameter Type: method. Got: PATCH. Expected: GET|POST|PUT|DELETE.');
    await expect(api.apps.call({ appId: '', method: 'GET', path: '/times' })).rejects.toThrow('Missing Parameter: appId');
    const stranger = await HubAPI.connect({ address: hub.url, token: hub.tokenWith(['homey.app.readonly']) });
    await expect(stranger.apps.call({ appId: SUN, method: 'PUT', path: '/times', body: {} })).rejects.toMatchObject({ statusCode: 403 });
    expect(await stranger.apps.call({ appId: SUN, method: 'GET', path: '/times' })).toMatchObject({ sunset: '19:45' });
  });
});

import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { eventually } from './testing/eventually.js';

const SUN = 'com.example.suntimes';
const CRASH = 'com.example.crashtest';


describe('apps manager', () => {
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  const app = (id: string) => hub.http().get(`/api/manager/apps/app/${id}`).set(auth());

  beforeAll(async () => {
    hub = await startTestHub({ demoApps: true });
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

  const base = '/api/manager/apps';
  const put = (path: string, body: object = {}, token = hub.token) => hub.http().put(`${base}${path}`).set(bearer(token)).send(body);
  const post = (path: string, body: object = {}, token = hub.token) => hub.http().post(`${base}${path}`).set(bearer(token)).send(body);
  const get = (path: string, token = hub.token) => hub.http().get(`${base}${path}`).set(bearer(token));
  const del = (path: string, token = hub.token) => hub.http().delete(`${base}${path}`).set(bearer(token));

  it('when autoupdate is switched off, then the app says so and other fields are ignored or refused', async () => {
    const { body } = await put(`/app/${SUN}`, { autoupdate: false }).expect(200);
    expect(body).toMatchObject({ id: SUN, autoupdate: false, state: 'running' });
    await put(`/app/${SUN}`, { ...body, autoupdate: true }).expect(400);
    await put(`/app/${SUN}`, { autoupdate: 'no' }).expect(400);
    await put(`/app/${SUN}`, { id: SUN, autoupdate: true }).expect(200);
    await put('/app/com.example.nothing', { autoupdate: true }).expect(404);
  });

  it('when settings are read, set and unset, then the running app hears them and missing ones are 404', async () => {
    const { body: settings } = await get(`/app/${SUN}/setting`).expect(200);
    expect(settings).toEqual({ id: SUN, values: { sunrise: '07:30', sunset: '19:45' } });
    await get(`/app/${SUN}/setting/sunset`).expect(200, '"19:45"');
    await put(`/app/${SUN}/setting/sunset`, { value: '20:15' }).expect(204);
    await get(`/app/${SUN}/setting/sunset`).expect(200, '"20:15"');
    await put(`/app/${SUN}/setting/note`, { value: { free: 'json' } }).expect(204);
    await del(`/app/${SUN}/setting/note`).expect(204);
    await get(`/app/${SUN}/setting/note`).expect(404);
    await del(`/app/${SUN}/setting/note`).expect(404);
    await put(`/app/${SUN}/setting/sunset`, {}).expect(400);
    await put(`/app/${SUN}/setting/sunset`, { value: null }).expect(400);
    await get(`/app/${SUN}/setting/bad name`).expect(400);
    await get('/app/com.example.nothing/setting').expect(404);
    await get('/app/com.example.nothing/setting/sunset').expect(404);
    await put('/app/com.example.nothing/setting/sunset', { value: 1 }).expect(404);
  });

  it('when an app is disabled, enabled and restarted, then its state follows and a disabled app cannot restart', async () => {
    await put(`/app/${SUN}/disable`).expect(204);
    expect((await app(SUN).expect(200)).body).toMatchObject({ enabled: false, state: 'stopped', ready: false });
    await post(`/app/${SUN}/restart`).expect(409);
    await post(`/app/${SUN}/gc`).expect(409);
    const { body: triggers } = await hub.http().get('/api/manager/flow/flowcardtrigger').set(auth()).expect(200);
    expect(Object.keys(triggers)).not.toContain(`homey:app:${SUN}:sunset`);
    await put(`/app/${SUN}/enable`).expect(204);
    expect((await app(SUN).expect(200)).body).toMatchObject({ enabled: true, state: 'running', ready: true });
    await post(`/app/${SUN}/restart`).expect(204);
    expect((await app(SUN).expect(200)).body).toMatchObject({ state: 'running', ready: true, crashed: false });
    for (const path of ['enable', 'disable']) await put(`/app/com.example.nothing/${path}`).expect(404);
    await post('/app/com.example.nothing/restart').expect(404);
  });

  it('when reading locales and usage, then they come from the package locales folder and the worker', async () => {
    await get(`/app/${SUN}/locale`).expect(200, {
      en: { sunrise: 'Sunrise', sunset: 'Sunset', nextSunset: 'Next sunset', daytime: 'It is daytime' },
      nl: { sunrise: 'Zonsopkomst', sunset: 'Zonsondergang', nextSunset: 'Volgende zonsondergang', daytime: 'Het is dag' },
    });
    const { body: usage } = await get(`/app/${SUN}/usage`).expect(200);
    expect(usage.cpu).toBeGreaterThanOrEqual(0);
    expect(usage.mem).toBeGreaterThan(100_000);
    expect((await app(SUN).expect(200)).body.usage).toEqual(usage);
    const { body: collected } = await post(`/app/${SUN}/gc`).expect(200);
    expect(collected.mem).toBeGreaterThan(100_000);
    await post('/app/com.example.nothing/gc').expect(404);
    await post(`/app/${SUN}/gc`, {}, hub.tokenWith(['homey.app.readonly'])).expect(403);
    await get('/app/com.example.nothing/locale').expect(404);
    await get('/app/com.example.nothing/usage').expect(404);
  });

  it.each(['__proto__', 'constructor', 'prototype'])('when a setting is named %s, then setting, reading and deleting it are 400 and the settings stay plain', async (name) => {
    const reserved = `A setting may not be named ${name}: __proto__, constructor and prototype are reserved`;
    for (const answer of [await put(`/app/${SUN}/setting/${name}`, { value: { polluted: true } }), await get(`/app/${SUN}/setting/${name}`), await del(`/app/${SUN}/setting/${name}`)]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: 'invalid_request', error_description: reserved, statusCode: 400 });
    }
    const { values } = hub.hub.store.get('appsettings', SUN)!;
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
    expect(Object.keys(values)).not.toContain(name);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('when an app is uninstalled, then it is gone, its settings stay unless purged, and it installs again from the store', async () => {
    await put(`/app/${CRASH}/setting/extra`, { value: 5 }).expect(204);
    await del(`/app/${CRASH}`).expect(204);
    await app(CRASH).expect(404);
    await del(`/app/${CRASH}`).expect(404);
    expect(hub.hub.store.get('appsettings', CRASH)).toMatchObject({ values: { extra: 5 } });
    const { body: installed } = await post('/store', { id: CRASH, channel: 'beta', waitForInstall: true }).expect(200);
    expect(installed).toMatchObject({ id: CRASH, channel: 'beta', state: 'running', origin: 'appstore', exitCount: 0 });
    await get(`/app/${CRASH}/setting/extra`).expect(200, '5');
    await del(`/app/${CRASH}?purgeSettings=true`).expect(204);
    expect(hub.hub.store.get('appsettings', CRASH)).toBeUndefined();
    await del(`/app/${SUN}?purgeSettings=maybe`).expect(400);
    const { body: starting } = await post('/store', { id: CRASH }).expect(200);
    expect(starting).toMatchObject({ id: CRASH, state: 'starting', channel: 'stable' });
    await eventually(async () => expect((await app(CRASH).expect(200)).body.state).toBe('running'));
  });

  it('when installing what the store lacks or with bad input, then 404 and 400', async () => {
    await post('/store', { id: 'com.example.nothing' }).expect(404);
    await post('/store', { id: SUN, version: '9.9.9' }).expect(404);
    await post('/store', {}).expect(400);
    await post('/store', { id: 'Not An Id' }).expect(400);
    await post('/store', { id: SUN, channel: 'nightly' }).expect(400);
  });

  it('when a crash log is asked without a message or for an unknown app, then 400 and 404', async () => {
    await post(`/app/${SUN}/crashlog`, {}).expect(400);
    await post(`/app/${SUN}/crashlog`, { message: '' }).expect(400);
    await post('/app/com.example.nothing/crashlog', { message: 'Hi' }).expect(404);
  });
});

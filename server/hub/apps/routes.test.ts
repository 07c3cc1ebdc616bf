import { FakeClock } from '../../http/clock.js';
import { connectRealtime } from '../testing/realtime-client.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { APP_ROUTE_TIMEOUT_MS, matchRoute } from './routes.js';
import { eventually } from './testing/eventually.js';
import type { ManifestRoute } from '../../common/app-package/manifest.js';

const SUN = 'com.example.suntimes';
const CRASH = 'com.example.crashtest';

describe('app routes: /api/app/{appId}/{path}', () => {
  let hub: TestHub;
  let clock: FakeClock;
  const owner = () => bearer(hub.token);
  const app = (id: string, path: string) => `/api/app/${id}/${path}`;

  beforeAll(async () => {
    clock = new FakeClock(Date.parse('2026-11-23T12:00:00.000Z'));
    hub = await startTestHub({ demoApps: true, clock });
    await eventually(() => {
      for (const id of [SUN, CRASH]) expect(hub.hub.store.get('app', id)).toMatchObject({ state: 'running' });
    });
  });
  afterAll(() => hub.stop());

  it('when a public route is called without a token, then the app answers it as JSON', async () => {
    const res = await hub.http().get(app(SUN, 'times')).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ sunrise: '07:30', sunset: '19:45', daytime: true });
  });

  it('when a route sets the app\'s settings, then the answer, the settings and the realtime appsettings.update show it', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, 'v4');
    try {
      expect((await client.request('subscribe', 'homey:manager:apps'))[0]).toBeNull();
      const updated = client.next('homey:manager:apps', (event, data) => event === 'appsettings.update' && data.id === SUN && data.values.sunset === '11:15');
      const { body } = await hub.http().put(app(SUN, 'times')).set(owner()).send({ sunset: '11:15' }).expect(200);
      expect(body).toEqual({ sunrise: '07:30', sunset: '11:15', daytime: false });
      expect((await updated).data).toMatchObject({ id: SUN, values: { sunrise: '07:30', sunset: '11:15' } });
      await hub.http().get(`/api/manager/apps/app/${SUN}/setting/sunset`).set(owner()).expect(200, '"11:15"');
      expect((await hub.http().get(app(SUN, 'times')).expect(200)).body.daytime).toBe(false);
    } finally {
      client.close();
    }
  });

  it('when the route has params, a query and a body, then the handler gets them all (jQuery-style query included)', async () => {
    const control = bearer(hub.tokenWith(['homey.app.control']));
    const { body } = await hub.http().post(`${app(CRASH, 'echo/hello%20world')}?x=1&y[]=2&y[]=3`).set(control).send({ nested: { a: [1, null] } }).expect(200);
    expect(body).toEqual({ word: 'hello world', query: { x: '1', y: ['2', '3'] }, body: { nested: { a: [1, null] } } });
    const empty = await hub.http().post(app(CRASH, 'echo/bare')).set(control).expect(200);
    expect(empty.body).toEqual({ word: 'bare', query: {}, body: {} });
  });

  it('when the handler returns nothing, then 204', async () => {
    await hub.http().delete(app(CRASH, 'log')).set(owner()).expect(204);
  });

  it('when the caller has no token or lacks the route\'s scope, then 401 or 403; a bad token 401 invalid_token', async () => {
    await hub.http().put(app(SUN, 'times')).send({ sunset: '20:00' }).expect(401);
    const invalid = await hub.http().put(app(SUN, 'times')).set(bearer('nope')).send({}).expect(401);
    expect(invalid.body).toMatchObject({ error: 'invalid_token', statusCode: 401 });
    const reader = bearer(hub.tokenWith(['homey.app.readonly']));
    const refused = await hub.http().put(app(SUN, 'times')).set(reader).send({ sunset: '20:00' }).expect(403);
    expect(refused.body).toMatchObject({ error: 'insufficient_scope', error_description: 'Missing scope: homey.app' });
    await hub.http().post(app(CRASH, 'echo/hi')).set(reader).send({}).expect(403);
    await hub.http().post(app(CRASH, 'echo/hi')).set(bearer(hub.tokenWith(['homey.app']))).send({}).expect(200);
    expect((await hub.http().get(`/api/manager/apps/app/${SUN}/setting/sunset`).set(owner())).body).toBe('11:15');
  });

  it('when the app refuses the input, or the body is not JSON, then 400 with the reason', async () => {
    const res = await hub.http().put(app(SUN, 'times')).set(owner()).send({ sunset: '25:00' }).expect(400);
    expect(res.body).toMatchObject({ error: 'invalid_request', error_description: 'sunset must be HH:MM', statusCode: 400 });
    await hub.http().put(app(SUN, 'times')).set(owner()).send([1]).expect(400);
    await hub.http().put(app(SUN, 'times')).set(owner()).set('Content-Type', 'application/json').send('{"sunset":').expect(400);
  });

  it('when the app or its route does not exist, then 404; without a token, 401 first', async () => {
    for (const path of [app('com.example.nope', 'times'), app(SUN, 'nope'), app(SUN, 'times/extra'), app('__proto__', 'x'), app(CRASH, 'echo')]) {
      const res = await hub.http().get(path).set(owner()).expect(404);
      expect(res.body).toMatchObject({ error: 'not_found', statusCode: 404 });
    }
    await hub.http().get(app(CRASH, 'echo/hi')).set(owner()).expect(404);
    await hub.http().delete(app(SUN, 'times')).set(owner()).expect(404);
    await hub.http().get(app('com.example.nope', 'times')).expect(401);
    await hub.http().get(app(CRASH, 'fail')).expect(401);
  });

  it('when the handler throws or answers what JSON cannot hold, then 502 with the reason', async () => {
    const res = await hub.http().get(app(CRASH, 'fail')).set(owner()).expect(502);
    expect(res.body).toMatchObject({ error: 'app_error', error_description: 'Crash test failed: Failing on purpose', statusCode: 502 });
    const notJson = await hub.http().get(app(CRASH, 'fail')).query({ with: 'bigint' }).set(owner()).expect(502);
    expect(notJson.body.error_description).toBe('Crash test failed: Do not know how to serialize a BigInt');
  });

  it('when the app does not answer within the time-out on the hub clock, then 504', async () => {
    const pending = hub.http().get(app(CRASH, 'hang')).set(owner()).then((res) => res);
    const ticking = setInterval(() => clock.advance(APP_ROUTE_TIMEOUT_MS / 10), 50);
    try {
      const res = await pending;
      expect(res.status).toBe(504);
      expect(res.body).toMatchObject({ error: 'app_timeout', error_description: 'Crash test did not answer within 30 s' });
    } finally {
      clearInterval(ticking);
    }
  });

  it('when the app is not running, then 503 with Retry-After; running again, it answers', async () => {
    await hub.http().put(`/api/manager/apps/app/${SUN}/disable`).set(owner()).send({}).expect(204);
    const res = await hub.http().get(app(SUN, 'times')).expect(503);
    expect(res.body).toMatchObject({ error: 'app_not_running', error_description: 'Sun times is not running (stopped)' });
    expect(res.headers['retry-after']).toBe('5');
    await hub.http().put(`/api/manager/apps/app/${SUN}/enable`).set(owner()).send({}).expect(204);
    await hub.http().get(app(SUN, 'times')).expect(200);
  });

  it('when routes are matched, then method, literal segments and :params decide; nothing else', () => {
    const route = (name: string, method: ManifestRoute['method'], path: string): ManifestRoute => ({ name, method, path, public: false, scope: 'homey.app' });
    const routes = [route('root', 'GET', '/'), route('one', 'GET', '/devices/:id'), route('state', 'GET', '/devices/:id/state'), route('add', 'POST', '/devices')];
    expect(matchRoute(routes, 'GET', '')?.route.name).toBe('root');
    expect(matchRoute(routes, 'GET', 'devices/d1/')).toEqual({ route: routes[1], params: { id: 'd1' } });
    expect(matchRoute(routes, 'GET', 'devices/d1/state')).toEqual({ route: routes[2], params: { id: 'd1' } });
    expect(matchRoute(routes, 'GET', 'devices')).toBeUndefined();
    expect(matchRoute(routes, 'PUT', 'devices')).toBeUndefined();
    expect(matchRoute(routes, 'POST', 'devices')?.route.name).toBe('add');
  });
});

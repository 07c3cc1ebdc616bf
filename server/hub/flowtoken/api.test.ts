import { randomUUID } from 'node:crypto';
import { applyValues } from '../devices/control.js';
import type { Device } from '../devices/device.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { registerAppToken } from './app-tokens.js';
import type { FlowToken } from './tokens.js';

const BASE = '/api/manager/flowtoken';

describe('flow tokens manager', () => {
  let hub: TestHub;
  let climate: Device;
  const auth = () => bearer(hub.token);
  const token = (id: string) => hub.http().get(`${BASE}/flowtoken/${id}`).set(auth());
  const value = (id: string) => hub.http().get(`${BASE}/flowtoken/${id}/value`).set(auth());

  beforeAll(async () => {
    hub = await startTestHub({ demoApps: true });
    await hub.hub.apps.settled(); // the demo apps register their tokens as they start
    climate = hub.hub.store.values('device').find((device) => device.name === 'Living room climate')!;
  });
  afterAll(() => hub.stop());

  it("when listing, then every readable capability of every device and every variable has a token, keyed by id, and the state counts them", async () => {
    const { body } = await hub.http().get(`${BASE}/flowtoken`).set(auth()).expect(200).expect('Content-Type', /application\/json/);
    for (const [id, item] of Object.entries<FlowToken>(body)) expect(item.id).toBe(id);
    const uri = `homey:device:${climate.id}`;
    expect(body[`${uri}:measure_temperature`]).toEqual({
      id: `${uri}:measure_temperature`, uri, ownerUri: uri, ownerId: climate.id, title: 'Temperature', type: 'number', value: 21.3, uriObj: { type: 'device', id: climate.id, name: 'Living room climate' },
    });
    const devices = hub.hub.store.values('device');
    const capabilities = devices.reduce((sum, device) => sum + device.capabilities.length, 0);
    const variables = Object.values<FlowToken>(body).filter((item) => item.uri === 'homey:manager:logic');
    expect(variables.map((item) => [item.title, item.type, item.value]).sort()).toEqual([['Away mode', 'boolean', false], ['Guests', 'number', 0]]);
    const apps = Object.values<FlowToken>(body).filter((item) => item.uri.startsWith('homey:app:'));
    expect(Object.keys(body)).toHaveLength(capabilities + variables.length + apps.length);
    const thermostat = devices.find((device) => device.name === 'Living room thermostat')!;
    expect(body[`homey:device:${thermostat.id}:thermostat_mode`]).toMatchObject({ type: 'string', value: 'heat' });
    const state = await hub.http().get(`${BASE}/state`).set(auth()).expect(200);
    expect(state.body).toEqual({ tokenCount: Object.keys(body).length });
  });

  it('when a token is read by its full id with raw colons, then it and its value follow the capability', async () => {
    const id = `homey:device:${climate.id}:measure_humidity`;
    await token(id).expect(200).expect(({ body }) => expect(body).toMatchObject({ id, title: 'Humidity', value: 48 }));
    await value(id).expect(200, '48');
    applyValues(hub.hub, hub.hub.store.get('device', climate.id)!, { measure_humidity: 61 }, randomUUID());
    await value(id).expect(200, '61');
  });

  it('when a variable is created and changed, then its token is there with its value', async () => {
    const { body: variable } = await hub.http().post('/api/manager/logic/variable').set(auth()).send({ name: 'Mood', type: 'string', value: 'calm' }).expect(200);
    const id = `homey:manager:logic:${variable.id}`;
    await token(id).expect(200, { id, uri: 'homey:manager:logic', ownerUri: 'homey:manager:logic', ownerId: 'logic', title: 'Mood', type: 'string', value: 'calm', uriObj: { type: 'manager', id: 'logic', name: 'Logic' } });
    await hub.http().put(`/api/manager/logic/variable/${variable.id}`).set(auth()).send({ value: 'lively' }).expect(200);
    await value(id).expect(200, '"lively"');
    await hub.http().delete(`/api/manager/logic/variable/${variable.id}`).set(auth()).expect(204);
    await token(id).expect(404);
  });

  it('when an app registers a token, then it is listed and read like the others until it unregisters', async () => {
    const registered = registerAppToken(hub.hub, 'com.example.weather', { id: 'rain', title: 'Rain chance', type: 'number', value: 20 });
    const id = 'homey:app:com.example.weather:rain';
    expect(registered.token).toEqual({ id, uri: 'homey:app:com.example.weather', ownerUri: 'homey:app:com.example.weather', ownerId: 'com.example.weather', title: 'Rain chance', type: 'number', value: 20, uriObj: { type: 'app', id: 'com.example.weather', name: 'com.example.weather' } });
    const { body } = await hub.http().get(`${BASE}/flowtoken`).set(auth()).expect(200);
    expect(body[id]).toEqual(registered.token);
    registered.update({ value: 75 });
    await value(id).expect(200, '75');
    registered.update({ title: 'Chance of rain', value: null });
    await token(id).expect(200).expect(({ body: read }) => expect(read).toMatchObject({ title: 'Chance of rain', value: null }));
    registered.unregister();
    await token(id).expect(404);
    expect(() => registered.update({ value: 1 })).toThrow(expect.objectContaining({ statusCode: 409 }));
  });

  it('when an app token does not fit, then registering or updating it throws a 400, and a second of the same id a 409', () => {
    const register = (appId: string, input: Partial<Parameters<typeof registerAppToken>[2]>) =>
      () => registerAppToken(hub.hub, appId, { id: 'ok', title: 'Ok', type: 'boolean', value: false, ...input });
    expect(register('bad app', {})).toThrow(expect.objectContaining({ statusCode: 400 }));
    expect(register('com.example', { id: 'a:b' })).toThrow(expect.objectContaining({ statusCode: 400 }));
    expect(register('com.example', { title: ' ' })).toThrow(expect.objectContaining({ statusCode: 400 }));
    expect(register('com.example', { value: 'yes' })).toThrow(expect.objectContaining({ statusCode: 400, message: 'The value of a boolean token must be a boolean or null' }));
    const kept = register('com.example', {})();
    expect(register('com.example', {})).toThrow(expect.objectContaining({ statusCode: 409 }));
    expect(() => kept.update({ value: 3 as unknown as boolean })).toThrow(expect.objectContaining({ statusCode: 400 }));
    kept.unregister();
  });

  it('when the id names no token, then 404 for the token and its value', async () => {
    for (const id of ['nope', 'homey:device:', `homey:device:${climate.id}`, `homey:device:${climate.id}:onoff`, 'homey:device:nope:onoff', 'homey:manager:logic:nope', 'homey:app:x:y']) {
      const res = await token(id).expect(404);
      expect(res.body).toMatchObject({ error: 'not_found', error_description: 'Flow token not found', statusCode: 404 });
      await value(id).expect(404);
    }
  });

  it('when the id is too long or the query unknown, then 400', async () => {
    await token(`homey:device:${'x'.repeat(300)}`).expect(400);
    const res = await hub.http().get(`${BASE}/flowtoken?uri=homey:manager:logic`).set(auth()).expect(400);
    expect(res.body.error_description).toContain('uri');
  });

  it('when the token lacks the scope, then 403; a flow reader reads tokens', async () => {
    const reader = bearer(hub.tokenWith(['homey.flow.readonly']));
    await hub.http().get(`${BASE}/flowtoken`).set(reader).expect(200);
    const other = bearer(hub.tokenWith(['homey.device']));
    const denied = await hub.http().get(`${BASE}/flowtoken`).set(other).expect(403);
    expect(denied.body).toMatchObject({ error: 'insufficient_scope', error_description: 'Missing scope: homey.flow.readonly' });
    await hub.http().get(`${BASE}/flowtoken/homey:manager:logic:x/value`).set(other).expect(403);
    await hub.http().get(`${BASE}/flowtoken`).expect(401);
  });
});

import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { onWebhook, type WebhookCall } from './webhooks.js';

describe('logic manager', () => {
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  const create = (variable: Record<string, unknown>) => hub.http().post('/api/manager/logic/variable').set(auth()).send(variable);

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when listing variables of the demo home, then they come keyed by id and the state counts them', async () => {
    const { body } = await hub.http().get('/api/manager/logic/variable').set(auth()).expect(200).expect('Content-Type', /application\/json/);
    for (const [id, variable] of Object.entries<{ id: string }>(body)) expect(variable.id).toBe(id);
    expect(Object.values(body)).toEqual(
      expect.arrayContaining([
        { id: expect.any(String), name: 'Away mode', type: 'boolean', value: false },
        { id: expect.any(String), name: 'Guests', type: 'number', value: 0 },
      ]),
    );
    const state = await hub.http().get('/api/manager/logic/state').set(auth()).expect(200);
    expect(state.body).toEqual({ variableCount: Object.keys(body).length });
  });

  it('when creating, reading, updating and deleting a variable, then each step answers the item', async () => {
    const created = await create({ name: 'Greeting', type: 'string', value: 'Hello' }).expect(200);
    expect(created.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Greeting', type: 'string', value: 'Hello' });
    const id = created.body.id;
    await hub.http().get(`/api/manager/logic/variable/${id}`).set(auth()).expect(200, created.body);
    const updated = await hub.http().put(`/api/manager/logic/variable/${id}`).set(auth()).send({ value: 'Hi' }).expect(200);
    expect(updated.body).toEqual({ id, name: 'Greeting', type: 'string', value: 'Hi' });
    const retyped = await hub.http().put(`/api/manager/logic/variable/${id}`).set(auth()).send({ ...updated.body, type: 'boolean', value: true }).expect(200);
    expect(retyped.body).toEqual({ id, name: 'Greeting', type: 'boolean', value: true });
    await hub.http().delete(`/api/manager/logic/variable/${id}`).set(auth()).expect(204);
    await hub.http().get(`/api/manager/logic/variable/${id}`).set(auth()).expect(404);
  });

  it('when two variables share a name, then both exist', async () => {
    const first = await create({ name: 'Twin', type: 'number', value: 1 }).expect(200);
    const second = await create({ name: 'Twin', type: 'number', value: 2 }).expect(200);
    expect(second.body.id).not.toBe(first.body.id);
  });

  it('when the value does not match the type, then 400 says what it must be', async () => {
    const wrong = await create({ name: 'Count', type: 'number', value: '3' }).expect(400);
    expect(wrong.body).toMatchObject({ error: 'invalid_request', error_description: 'value must be a finite number for a variable of type number', statusCode: 400 });
    const infinite = await hub.http().post('/api/manager/logic/variable').set(auth()).set('Content-Type', 'application/json')
      .send('{"name":"Big","type":"number","value":1e400}').expect(400);
    expect(infinite.body.error_description).toBe('Invalid argument variable.value: must be string,number,boolean');
    const flag = await create({ name: 'Flag', type: 'boolean', value: false }).expect(200);
    const badValue = await hub.http().put(`/api/manager/logic/variable/${flag.body.id}`).set(auth()).send({ value: 1 }).expect(400);
    expect(badValue.body.error_description).toBe('value must be a boolean for a variable of type boolean');
  });

  it('when the type changes without a value of the new type, then 400 and the variable is unchanged', async () => {
    const flag = await create({ name: 'Flag', type: 'boolean', value: true }).expect(200);
    const path = `/api/manager/logic/variable/${flag.body.id}`;
    const bare = await hub.http().put(path).set(auth()).send({ type: 'number' }).expect(400);
    expect(bare.body.error_description).toBe('Changing the type to number needs a value of that type');
    const mismatched = await hub.http().put(path).set(auth()).send({ type: 'string', value: false }).expect(400);
    expect(mismatched.body.error_description).toBe('value must be a string for a variable of type string');
    await hub.http().get(path).set(auth()).expect(200, flag.body);
  });

  it('when the name is missing or empty or the type unknown, then 400 names the field', async () => {
    const missing = await create({ type: 'string', value: 'x' }).expect(400);
    expect(missing.body).toMatchObject({ error: 'invalid_request', statusCode: 400 });
    expect(missing.body.error_description).toMatch(/name/);
    const empty = await create({ name: '', type: 'string', value: 'x' }).expect(400);
    expect(empty.body.error_description).toMatch(/name/);
    const unknown = await create({ name: 'Date', type: 'date', value: 'x' }).expect(400);
    expect(unknown.body.error_description).toMatch(/type/);
    const noValue = await create({ name: 'Nothing', type: 'string' }).expect(400);
    expect(noValue.body.error_description).toMatch(/value/);
    const object = await create({ name: 'Object', type: 'string', value: { a: 1 } }).expect(400);
    expect(object.body.error_description).toMatch(/value/);
  });

  it('when a webhook is called without a token, then its listeners hear the event and tag, and the answer is 204 either way', async () => {
    const heard: WebhookCall[] = [];
    const stop = onWebhook(hub.hub, (call) => heard.push(call));
    try {
      await hub.http().get('/api/manager/logic/webhook/doorbell?tag=front%20door').expect(204);
      await hub.http().get('/api/manager/logic/webhook/nobody-listens').expect(204);
      expect(heard).toEqual([{ event: 'doorbell', tag: 'front door' }, { event: 'nobody-listens', tag: '' }]);
      const { body } = await hub.http().get('/api/manager/logic/webhook/bad%20event').expect(400);
      expect(body.error_description).toMatch(/event/);
      expect(heard).toHaveLength(2);
    } finally {
      stop();
    }
  });

  it('when the id is unknown, then 404 for get, update and delete', async () => {
    await hub.http().get('/api/manager/logic/variable/nope').set(auth()).expect(404);
    await hub.http().put('/api/manager/logic/variable/nope').set(auth()).send({ value: 1 }).expect(404);
    const res = await hub.http().delete('/api/manager/logic/variable/nope').set(auth()).expect(404);
    expect(res.body).toMatchObject({ error: 'not_found', statusCode: 404 });
  });

  it('when no token or an unknown token is sent, then 401', async () => {
    const none = await hub.http().get('/api/manager/logic/variable').expect(401);
    expect(none.body).toMatchObject({ error: 'unauthorized', statusCode: 401 });
    await hub.http().post('/api/manager/logic/variable').send({ name: 'A', type: 'string', value: 'a' }).expect(401);
    const bad = await hub.http().get('/api/manager/logic/state').set({ Authorization: 'Bearer nope' }).expect(401);
    expect(bad.body.error).toBe('invalid_token');
  });

  it('when the token lacks the scope, then 403; a readonly token reads but cannot write', async () => {
    const readonly = bearer(hub.tokenWith(['homey.logic.readonly']));
    await hub.http().get('/api/manager/logic/variable').set(readonly).expect(200);
    const denied = await hub.http().post('/api/manager/logic/variable').set(readonly).send({ name: 'A', type: 'string', value: 'a' }).expect(403);
    expect(denied.body).toMatchObject({ error: 'insufficient_scope', error_description: 'Missing scope: homey.logic' });
    const other = bearer(hub.tokenWith(['homey.zone']));
    await hub.http().get('/api/manager/logic/variable').set(other).expect(403);
    await hub.http().get('/api/manager/logic/state').set(other).expect(403);
  });

  it('when the hub restarts after a demo variable was deleted, then it is not seeded again', async () => {
    const own = await startTestHub();
    const { body } = await own.http().get('/api/manager/logic/variable').set(bearer(own.token)).expect(200);
    const guests = Object.values<{ id: string; name: string }>(body).find((variable) => variable.name === 'Guests')!;
    await own.http().delete(`/api/manager/logic/variable/${guests.id}`).set(bearer(own.token)).expect(204);
    await own.stop({ keepData: true });
    const restarted = await startTestHub({ dataDir: own.dataDir });
    try {
      const after = await restarted.http().get('/api/manager/logic/variable').set(bearer(restarted.token)).expect(200);
      expect(Object.values<{ name: string }>(after.body).map((variable) => variable.name)).toEqual(['Away mode']);
    } finally {
      await restarted.stop();
    }
  });
});

import { Agent } from 'node:http';
import { RequestValidator } from 'express-openapi-validator/dist/middlewares/openapi.request.validator.js';
import { connectRealtime } from '../hub/testing/realtime-client.js';
import { bearer, startTestHub, type TestHub } from '../hub/testing/test-hub.js';

/** The HTTP kernel's behaviour around every operation, seen through the zones manager of a production-mode hub. */
describe('HTTP kernel', () => {
  let hub: TestHub;
  const auth = () => bearer(hub.token);

  beforeAll(async () => {
    hub = await startTestHub({ development: false });
  });
  afterAll(() => hub.stop());

  it('when the body is not JSON, then 400 with the error body and no stack', async () => {
    const res = await hub.http().post('/api/manager/zones/zone').set(auth()).set('Content-Type', 'application/json').send('{"name":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_request', error_description: expect.any(String), statusCode: 400 });
  });

  it('when the body is larger than 1 MB, then 413', async () => {
    const res = await hub.http().post('/api/manager/zones/zone').set(auth()).send({ name: 'x'.repeat(1_100_000), icon: 'home', parent: 'p' });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: 'payload_too_large', statusCode: 413 });
  });

  it('when a path or method is unknown, then a JSON 404', async () => {
    const res = await hub.http().get('/api/manager/nothing/here').set(auth()).expect(404).expect('Content-Type', /application\/json/);
    expect(res.body).toEqual({ error: 'not_found', error_description: 'Not found: GET /api/manager/nothing/here', statusCode: 404 });
    await hub.http().patch('/api/manager/zones/zone').set(auth()).send({}).expect(404);
  });

  it('when a query parameter is not in the contract, then 400 names it', async () => {
    const res = await hub.http().get('/api/manager/zones/zone?bogus=1').set(auth()).expect(400);
    expect(res.body.error_description).toBe("Unknown query parameter 'bogus'");
  });

  it.each(['Infinity', '-Infinity', '1e400'])('when a number parameter is %s, then 400 names it before any handler runs', async (bad) => {
    // Issue 27: the energy report stand-in built Infinity consumers and ran the heap out, ending the process.
    const res = await hub.http().post(`/api/manager/energy/reports/dummy/enable?numTopConsumers=${bad}`).set(auth()).expect(400);
    expect(res.body).toEqual({ error: 'invalid_request', error_description: 'Invalid argument numTopConsumers: must be a finite number', statusCode: 400 });
  });

  it('when thousands of calls differ only in their Content-Type, then the validator builds nothing more for them', async () => {
    // Issue 27: the validator kept a middleware (with compiled schemas) per distinct header; 4,000 logins that
    // differed in a parameter grew the hub by 94 MB. Each build is an entry of its caches: counting them counts those.
    // The calls reuse kept-alive connections (supertest alone opens one per call, as dear as the call itself).
    const connections = new Agent({ keepAlive: true });
    const login = () => hub.http().post('/api/manager/users/login').agent(connections);
    await login().set('Content-Type', 'application/json').send('{}').expect(400);
    const builds = jest.spyOn(RequestValidator.prototype as unknown as { buildMiddleware(): unknown }, 'buildMiddleware');
    try {
      for (let batch = 0; batch < 2000; batch += 50) {
        const types = Array.from({ length: 50 }, (_, index) => {
          const n = batch + index;
          return [`application/json; x=${n}`, `Application/JSON; charset=UTF-8; v=${n}`, `application/vnd.n${n}+json`][n % 3]!;
        });
        const answers = await Promise.all(types.map((type) => login().set('Content-Type', type).send('{}')));
        for (const res of answers) expect(res.body).toEqual({ error: 'invalid_request', error_description: 'Missing argument: token', statusCode: 400 });
      }
      expect(builds).not.toHaveBeenCalled();
    } finally {
      builds.mockRestore();
      connections.destroy();
    }
  }, 60_000);

  it('when a browser preflights a call, then CORS allows the bearer header', async () => {
    const res = await hub.http()
      .options('/api/manager/zones/zone')
      .set('Origin', 'http://example.test')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type')
      .expect(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-headers']).toMatch(/authorization/i);
  });

  it.each([
    ['a required field missing', { icon: 'home', parent: 'p' }, 'Missing argument: zone.name'],
    ['a field of the wrong type', { name: 'Attic', icon: 42, parent: 'p' }, 'Invalid argument zone.icon: must be string'],
    ['a field too long', { name: 'x'.repeat(300), icon: 'home', parent: 'p' }, expect.stringMatching(/^Invalid argument zone\.name: must NOT have more than \d+ characters$/)],
  ])('when a body has %s, then HTTP (express-openapi-validator) and the socket (Ajv) answer the same error body', async (_, zone, description) => {
    const http = await hub.http().post('/api/manager/zones/zone').set(auth()).send(zone).expect(400);
    expect(http.body).toEqual({ error: 'invalid_request', error_description: description, statusCode: 400 });
    const socket = await connectRealtime(hub.url, hub.token, hub.hub.id);
    try {
      const [error] = await socket.request('api', { uri: 'homey:manager:zones', operation: 'createZone', args: { zone } });
      expect(error).toEqual(http.body);
    } finally {
      socket.close();
    }
  });

  it("when a literal path hides a parameter's path for a method (PUT /flow/flow/test, /flow/flow/{id}), then that call is validated too", async () => {
    const res = await hub.http().put('/api/manager/flow/flow/test').set(auth()).send([1]).expect(400);
    expect(res.body.error_description).toBe('Invalid argument flow: must be object');
  });

  it('when no token comes with an invalid body, then 401 comes before validation', async () => {
    const res = await hub.http().post('/api/manager/zones/zone').send({}).expect(401);
    expect(res.body.error).toBe('unauthorized');
  });
});

describe('HTTP kernel without response validation (production)', () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub({ development: false, validateResponses: false });
  });
  afterAll(() => hub.stop());

  it('when a list is read, changed and read again, then the cached answer follows every write', async () => {
    const auth = bearer(hub.token);
    const first = await hub.http().get('/api/manager/zones/zone').set(auth).expect(200).expect('Content-Type', /application\/json/);
    await hub.http().get('/api/manager/zones/zone').set(auth).expect(200, first.body);
    const root = Object.values<{ id: string; parent: string | null }>(first.body).find((zone) => zone.parent === null)!;
    const { body: zone } = await hub.http().post('/api/manager/zones/zone').set(auth).send({ name: 'Porch', icon: 'home', parent: root.id }).expect(200);
    const second = await hub.http().get('/api/manager/zones/zone').set(auth).expect(200);
    expect(second.body).toEqual({ ...first.body, [zone.id]: zone });
    await hub.http().delete(`/api/manager/zones/zone/${zone.id}`).set(auth).expect(204);
    await hub.http().get('/api/manager/zones/zone').set(auth).expect(200, first.body);
  });
});

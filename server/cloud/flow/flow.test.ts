import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { FakeClock } from '../../http/clock.js';
import { bearer, startTestHub, type TestHub } from '../../hub/testing/test-hub.js';
import { freshDatabase } from '../account/testing/postgres.js';
import { APP, PASSWORD, startTestAccount, type TestAccount } from '../account/testing/test-account.js';
import { CloudAPI } from '../../../client/cloud/cloud-api.js';
import type { components } from '../../../generated/cloud/flow.js';
import { createFlowService, type FlowService } from './service.js';
import { MAX_SHARED_PER_USER } from './shared-flows.js';

type FlowShareDocument = components['schemas']['FlowShare'];

describe('cloud flow sharing service: shareFlow, getFlow', () => {
  let account: TestAccount;
  let flows: FlowService;
  let hub: TestHub;
  let url: string;
  let document: Record<string, any>;
  const clock = new FakeClock(Date.parse('2026-11-23T17:00:05Z'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'flow-test-'));
  // In CI (DATABASE_URL), the shared flows are kept in PostgreSQL, as npm start does given CLOUD_DATABASE_URL.
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;

  beforeAll(async () => {
    account = await startTestAccount();
    database = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
    flows = await createFlowService({ dataDir, databaseUrl: database?.url, accountKey: account.account.keys.publicPem, clock, validateResponses: true, development: true });
    url = await flows.listen(0);
    hub = await startTestHub();
    // A flow of the demo home, as the hub's flow manager shares it.
    const owner = bearer(hub.token);
    const [first] = Object.values((await hub.http().get('/api/manager/flow/flow').set(owner).expect(200)).body) as Array<{ id: string }>;
    document = (await hub.http().post(`/api/manager/flow/flow/${first!.id}/share`).set(owner).send({}).expect(200)).body;
  });
  afterAll(async () => {
    await hub.stop();
    await flows.close();
    await account.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("when a user shares a hub's flow as Athom's client sends it (the document as the body) and the hub imports it by its id, then it has a copy of that flow", async () => {
    const anna = await account.user('flow');
    const shared = (await request(url).post('/flow').set(anna.auth).send(document).expect(200)).body;
    expect(shared).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), name: document.flow.name, sharedAt: '2026-11-23T17:00:05.000Z' });

    const read = (await request(url).get(`/flow/${shared.id}`).expect(200)).body;
    expect(read).toEqual({ ...shared, data: document });

    // The hub's flow manager imports it: the document's flow is a createFlow body (cards of devices a hub lacks are refused there).
    const imported = (await hub.http().post('/api/manager/flow/flow').set(bearer(hub.token)).send(read.data.flow).expect(200)).body;
    expect(imported.id).not.toBe(document.id);
    expect(imported).toMatchObject({ name: document.flow.name, trigger: document.flow.trigger, conditions: document.flow.conditions, actions: document.flow.actions });
  });

  it("when our client shares a flow (the document as its data argument), then it sends the same body and reads the flow back", async () => {
    const { email } = await account.signUp();
    const cloud = new CloudAPI({ baseUrl: account.url, clientId: APP.id, clientSecret: APP.secret });
    await cloud.authenticateWithPassword({ username: email, password: PASSWORD });
    const service = cloud.service('flow', url);
    const shared = await service.shareFlow({ data: document as FlowShareDocument });
    expect(await service.getFlow({ flowId: shared.id })).toEqual({ ...shared, data: document });
  });

  it('when the official AthomFlowAPI (homey-api 3.20.0) shares a flow with a delegation token of audience flow, then its unpacked body is taken and getFlow reads it back', async () => {
    // homey-api's type declarations leave the service clients out; the package exports them.
    const { AthomFlowAPI } = createRequire(__filename)('homey-api') as { AthomFlowAPI: new (options: { baseUrl: string }) => unknown };
    const official = new AthomFlowAPI({ baseUrl: url }) as {
      shareFlow(args: { data: unknown; $token: string }): Promise<{ id: string }>;
      getFlow(args: { flowId: string }): Promise<unknown>;
    };
    const { token } = await account.user('flow');
    const shared = await official.shareFlow({ data: document, $token: token });
    expect(shared).toMatchObject({ id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), name: document.flow.name });
    expect(await official.getFlow({ flowId: shared.id })).toEqual({ ...shared, data: document });
  });

  it('when the same flow is shared twice, then each share has an id of its own', async () => {
    const bert = await account.user('flow');
    const first = (await request(url).post('/flow').set(bert.auth).send(document).expect(200)).body;
    const second = (await request(url).post('/flow').set(bert.auth).send(document).expect(200)).body;
    expect(first.id).not.toBe(second.id);
  });

  it.each([
    ['an empty body', () => ({}), 'format'],
    ['the document wrapped in a data field', () => ({ data: document }), 'format'],
    ['a document of another format', () => ({ ...document, format: 'dashboard' }), 'format'],
    ['a document without its flow', () => ({ ...document, flow: undefined }), 'flow'],
    ['a field beside the document', () => ({ ...document, public: true }), 'public'],
  ])('when a share has %s, then 400 naming it and nothing is kept', async (_name, body, named) => {
    const carl = await account.user('flow');
    const res = await request(url).post('/flow').set(carl.auth).send(body()).expect(400);
    expect(res.body.error_description).toContain(named);
    expect(await flows.db.selectFrom('shared_flows').selectAll().where('user_id', '=', carl.id).execute()).toEqual([]);
  });

  it("when sharing comes without a token, with an unknown one or with the account's access token, then 401", async () => {
    await request(url).post('/flow').send(document).expect(401);
    expect((await request(url).post('/flow').set('Authorization', 'Bearer nope').send(document).expect(401)).body.error).toBe('invalid_token');
    const { accountAuth } = await account.user();
    expect((await request(url).post('/flow').set(accountAuth).send(document).expect(401)).body.error_description).toContain('audience "flow"');
  });

  it('when a shared flow is unknown or its id malformed, then 404 and 400', async () => {
    expect((await request(url).get('/flow/AAAAAAAAAAAAAAAAAAAAAA').expect(404)).body.error_description).toBe('Shared flow not found');
    await request(url).get('/flow/short').expect(400);
  });

  it(`when a user has ${MAX_SHARED_PER_USER} flows shared, then the next share is a 409`, async () => {
    const dora = await account.user('flow');
    const rows = Array.from({ length: MAX_SHARED_PER_USER }, (_, index) => ({ id: `seed${String(index).padStart(18, '0')}`, user_id: dora.id, name: 'x', shared_at: '2026-01-01T00:00:00.000Z', data: '{}' }));
    await flows.db.insertInto('shared_flows').values(rows).execute();
    await request(url).post('/flow').set(dora.auth).send(document).expect(409);
  });
});

import { operations } from '../../../generated/hub/system.operations.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

type Spec = (typeof operations)[keyof typeof operations];

/** Every system operation, called with its path filled in and an empty body, as clients send one. */
function call(hub: TestHub, spec: Spec) {
  const path = spec.path.replace('{mask}', '1');
  const http = hub.http();
  const request = spec.method === 'get' ? http.get(path) : spec.method === 'delete' ? http.delete(path) : http[spec.method](path).send({});
  return request;
}

const guarded = Object.entries(operations).filter(([, spec]) => spec.auth === 'token');
const writes = guarded.filter(([, spec]) => (spec.scopes as readonly string[]).includes('homey.system'));
const reads = guarded.filter(([, spec]) => (spec.scopes as readonly string[]).includes('homey.system.readonly'));

describe('system manager: tokens and scopes', () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when the contract is read, then ping alone needs no token and every other operation names a system scope', () => {
    expect(Object.entries(operations).filter(([, spec]) => spec.auth === 'none').map(([id]) => id)).toEqual(['ping']);
    expect(reads.length + writes.length).toBe(guarded.length);
    expect(guarded.length).toBe(Object.keys(operations).length - 1);
  });

  it.each(guarded)('when %s is called without a token, then 401 with a Bearer challenge', async (_id, spec) => {
    const res = await call(hub, spec).expect(401);
    expect(res.body).toMatchObject({ error: 'unauthorized', statusCode: 401 });
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it.each(guarded)('when %s is called with an unknown token, then 401 invalid_token', async (_id, spec) => {
    const res = await call(hub, spec).set({ Authorization: 'Bearer not-a-token' }).expect(401);
    expect(res.body.error).toBe('invalid_token');
  });

  it.each(guarded)('when %s is called with a token of another scope, then 403 names the missing scope', async (_id, spec) => {
    const res = await call(hub, spec).set(bearer(hub.tokenWith(['homey.zone', 'homey.device']))).expect(403);
    expect(res.body).toMatchObject({ error: 'insufficient_scope', error_description: `Missing scope: ${spec.scopes[0]}`, statusCode: 403 });
  });

  it.each(writes)('when %s is called with a readonly token, then 403', async (_id, spec) => {
    const res = await call(hub, spec).set(bearer(hub.tokenWith(['homey.system.readonly']))).expect(403);
    expect(res.body.error_description).toBe('Missing scope: homey.system');
  });

  it('when a user (not a manager) holds a full-scope token, then the role allows reads and forbids writes', async () => {
    const user = bearer(hub.tokenWith(['homey'], 'user'));
    await hub.http().get('/api/manager/system/state').set(user).expect(200);
    await hub.http().put('/api/manager/system/name').set(user).send({ name: 'Mine' }).expect(403);
  });

  it('when a manager who is not the owner asks for a factory reset, then 403 and nothing is erased', async () => {
    const manager = bearer(hub.tokenWith(['homey'], 'manager'));
    const res = await hub.http().post('/api/manager/system/delete').set(manager).send({}).expect(403);
    expect(res.body).toMatchObject({ error: 'forbidden', error_description: 'Only the owner can reset the hub', statusCode: 403 });
    await hub.http().get('/api/manager/system/state').set(bearer(hub.token)).expect(200);
  });
});

import { operations } from '../../../generated/hub/system.operations.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const guarded = Object.entries(operations).filter(([, spec]) => spec.auth === 'token');
const writes = guarded.filter(([, spec]) => (spec.scopes as readonly string[]).includes('homey.system'));
const reads = guarded.filter(([, spec]) => (spec.scopes as readonly string[]).includes('homey.system.readonly'));

// Each operation's 401 and 403 (without a token, with an unknown one, another scope or only the read-only one) is
// in the contract sweep (server/hub/contract.test.ts); here is what is the system manager's own.
describe('system manager: tokens and scopes', () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when the contract is read, then ping and the setup of a hub without users alone need no token and every other operation names a system scope', () => {
    const open = ['ping', 'getSetupSession', 'joinSetupSession'];
    expect(Object.entries(operations).filter(([, spec]) => spec.auth === 'none').map(([id]) => id).sort()).toEqual([...open].sort());
    expect(reads.length + writes.length).toBe(guarded.length);
    expect(guarded.length).toBe(Object.keys(operations).length - open.length);
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

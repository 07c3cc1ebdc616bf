import { demoToken } from '../demo/home.js';
import { DEFAULT_NAME } from './state.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { connectRealtime } from '../testing/realtime-client.js';

describe('system manager: factory reset', () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when the owner resets the hub, then everything but its id is erased, sockets close and the demo home returns', async () => {
    const auth = bearer(hub.token);
    const { body: zones } = await hub.http().get('/api/manager/zones/state').set(auth).expect(200);
    const { body: cellar } = await hub.http().post('/api/manager/zones/zone').set(auth).send({ name: 'Cellar', icon: 'cellar', parent: zones.rootZoneId }).expect(200);
    await hub.http().put('/api/manager/system/name').set(auth).send({ name: 'Old name' }).expect(200);
    await hub.http().put('/api/manager/system/option/forwardedPort').set(auth).send({ value: 8443 }).expect(204);
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, 'v4');
    const disconnected = new Promise((resolve) => client.api.once('disconnect', resolve));

    const { body: summary } = await hub.http().post('/api/manager/system/delete').set(auth).send({}).expect(200);
    expect(summary.items).toBeGreaterThan(zones.zoneCount);
    expect(summary.sessions).toBeGreaterThanOrEqual(1);
    expect(summary.settings).toBeGreaterThanOrEqual(3);
    await disconnected;
    client.close();

    await hub.http().get('/api/manager/system/state').set(auth).expect(401);
    const fresh = bearer(demoToken(hub.hub)!);
    expect(demoToken(hub.hub)).not.toBe(hub.token);
    const { body: state } = await hub.http().get('/api/manager/system/state').set(fresh).expect(200);
    expect(state).toMatchObject({ name: DEFAULT_NAME, forwardedPort: null, lastReboot: { reason: 'factory-reset' } });
    expect((await hub.http().get('/api/manager/system/').set(fresh).expect(200)).body.id).toBe(hub.hub.id);
    const { body: after } = await hub.http().get('/api/manager/zones/zone').set(fresh).expect(200);
    expect(after[cellar.id]).toBeUndefined();
    expect(Object.keys(after)).toHaveLength(zones.zoneCount);
    expect(Object.keys(after)).not.toContain(zones.rootZoneId);
  });
});

import { bearer, startTestHub } from './testing/test-hub.js';

describe('hub restart', () => {
  it('when the hub restarts on its data folder, then its id, tokens and items are intact and nothing is seeded twice', async () => {
    const first = await startTestHub();
    const auth = bearer(first.token);
    const { body: state } = await first.http().get('/api/manager/zones/state').set(auth).expect(200);
    const { body: zone } = await first.http().post('/api/manager/zones/zone').set(auth).send({ name: 'Cellar', icon: 'cellar', parent: state.rootZoneId }).expect(200);
    const { body: before } = await first.http().get('/api/manager/zones/zone').set(auth).expect(200);
    await first.stop({ keepData: true });

    const second = await startTestHub({ dataDir: first.dataDir });
    try {
      expect(second.hub.id).toBe(first.hub.id);
      expect(second.token).toBe(first.token);
      const { body: after } = await second.http().get('/api/manager/zones/zone').set(auth).expect(200);
      expect(after).toEqual(before);
      expect(after[zone.id]).toEqual(zone);
    } finally {
      await second.stop();
    }
  });
});

import { bearer, startTestHub } from '../testing/test-hub.js';

describe('system manager across a hub restart', () => {
  it('when the hub restarts on its data, then name, Wi-Fi, forwarded port and last reboot persist; debug does not', async () => {
    const first = await startTestHub();
    const auth = bearer(first.token);
    const base = '/api/manager/system';
    await first.http().put(`${base}/name`).set(auth).send({ name: 'Cabin' }).expect(200);
    await first.http().post(`${base}/disable-wifi`).set(auth).send({}).expect(204);
    await first.http().put(`${base}/option/forwardedPort`).set(auth).send({ value: 4443 }).expect(204);
    const { body: reboot } = await first.http().post(`${base}/reboot-ota`).set(auth).send({}).expect(200);
    await first.http().put(`${base}/debug`).set(auth).send({ namespace: 'homey:*' }).expect(204);
    const { body: before } = await first.http().get(`${base}/state`).set(auth).expect(200);
    await first.stop({ keepData: true });

    const second = await startTestHub({ dataDir: first.dataDir });
    try {
      expect((await second.http().get(`${base}/name`).set(auth).expect(200)).body).toBe('Cabin');
      const { body: after } = await second.http().get(`${base}/state`).set(auth).expect(200);
      expect(after).toMatchObject({ name: 'Cabin', wifi: { enabled: false }, forwardedPort: 4443, lastReboot: reboot, debug: { namespace: '' } });
      expect(Date.parse(after.bootedAt)).toBeGreaterThanOrEqual(Date.parse(before.bootedAt));
      expect((await second.http().get(`${base}/`).set(auth).expect(200)).body).toMatchObject({ id: first.hub.id, name: 'Cabin', wifi: { enabled: false } });
    } finally {
      await second.stop();
    }
  });
});

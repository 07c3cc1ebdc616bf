import { FakeClock } from '../../http/clock.js';
import { connectRealtime } from '../testing/realtime-client.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

describe('devices reached over 433 MHz', () => {
  const clock = new FakeClock(Date.parse('2026-11-23T17:00:00Z'));
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  const deviceNamed = async (name: string) =>
    (Object.values((await hub.http().get('/api/manager/devices/device').set(auth()).expect(200)).body) as any[]).find((device) => device.name === name);
  const lastTransmission = async () => (await hub.http().get('/api/manager/rf/state').set(auth()).expect(200)).body.lastTransmission;
  const set = (id: string, capabilityId: string, value: unknown) =>
    hub.http().put(`/api/manager/devices/device/${id}/capability/${capabilityId}`).set(auth()).send({ value }).expect(204);
  beforeAll(async () => {
    hub = await startTestHub({ clock });
  });
  afterAll(() => hub.stop());

  it('when a value is set on an RF device, then the hub transmits its command on 433 MHz and announces it; other devices send nothing', async () => {
    const blinds = await deviceNamed('Living room blinds');
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id);
    try {
      expect((await client.request('subscribe', 'homey:manager:rf'))[0]).toBeNull();
      const announced = client.next('homey:manager:rf', (event, data) => event === 'state' && data.lastTransmission !== null);
      await set(blinds.id, 'windowcoverings_set', 0.25);
      const sent = await lastTransmission();
      expect(sent).toEqual({ frequency: '433', carrierHz: 433_920_000, pulses: 50, repetitions: 1, durationMs: expect.any(Number), at: '2026-11-23T17:00:00.000Z' });
      expect((await announced).data.lastTransmission).toEqual(sent);
    } finally {
      client.close();
    }

    clock.advance(1000);
    await set((await deviceNamed('Ceiling light')).id, 'onoff', false);
    expect((await lastTransmission()).at).toBe('2026-11-23T17:00:00.000Z');
    await set(blinds.id, 'windowcoverings_set', 0.75);
    expect((await lastTransmission()).at).toBe('2026-11-23T17:00:01.000Z');
  });
});

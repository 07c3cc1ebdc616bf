import { FakeClock } from '../../http/clock.js';
import { connectRealtime } from '../testing/realtime-client.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { hubVolume } from './audio.js';

const base = '/api/manager/audio';
const start = Date.parse('2026-11-23T16:40:00.000Z');

describe('audio manager', () => {
  let hub: TestHub;
  let owner: ReturnType<typeof bearer>;
  beforeAll(async () => {
    hub = await startTestHub({ clock: new FakeClock(start) });
    owner = bearer(hub.token);
  });
  afterAll(() => hub.stop());

  it('when the volume is set, then the option and the hint answer it; unset returns to 0.5', async () => {
    expect((await hub.http().get(`${base}/option/volume`).set(owner).expect(200)).body).toEqual({ value: 0.5 });
    await hub.http().put(`${base}/option/volume`).set(owner).send({ value: 0.25 }).expect(204);
    expect((await hub.http().get(`${base}/option/volume`).set(owner).expect(200)).body).toEqual({ value: 0.25 });
    expect(hubVolume(hub.hub)).toBe(0.25);
    const { body: hint } = await hub.http().post(`${base}/volume-hint/`).set(owner).send({}).expect(200);
    expect(hint).toEqual({ volume: 0.25, playedAt: '2026-11-23T16:40:00.000Z' });
    for (const value of [0, 1]) await hub.http().put(`${base}/option/volume`).set(owner).send({ value }).expect(204);
    await hub.http().delete(`${base}/option/volume`).set(owner).expect(204);
    expect((await hub.http().get(`${base}/option/volume`).set(owner).expect(200)).body).toEqual({ value: 0.5 });
  });

  it('when the volume is out of 0..1, not a number or missing, or the hint gets a query, then 400 and the volume stays', async () => {
    for (const value of [-0.1, 1.01, 50, '0.5', null, true]) {
      const res = await hub.http().put(`${base}/option/volume`).set(owner).send({ value }).expect(400);
      expect(res.body).toMatchObject({ error: 'invalid_request', statusCode: 400 });
    }
    await hub.http().put(`${base}/option/volume`).set(owner).send({}).expect(400);
    await hub.http().post(`${base}/volume-hint/?volume=1`).set(owner).send({}).expect(400);
    expect(hubVolume(hub.hub)).toBe(0.5);
  });

  it('when the token lacks homey.system (homey.system.readonly for reading), then 403', async () => {
    const reader = bearer(hub.tokenWith(['homey.system.readonly']));
    await hub.http().get(`${base}/option/volume`).set(reader).expect(200);
    await hub.http().put(`${base}/option/volume`).set(reader).send({ value: 0.1 }).expect(403);
    await hub.http().delete(`${base}/option/volume`).set(reader).expect(403);
    await hub.http().post(`${base}/volume-hint/`).set(reader).send({}).expect(403);
    await hub.http().get(`${base}/option/volume`).set(bearer(hub.tokenWith(['homey.speech']))).expect(403);
  });

  it.each(['v2', 'v4'] as const)('when the volume changes or the hint plays, then %s subscribers of homey:manager:audio hear of it', async (version) => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    try {
      expect((await client.request('subscribe', 'homey:manager:audio'))[0]).toBeNull();
      let next = client.next('homey:manager:audio');
      await hub.http().put(`${base}/option/volume`).set(owner).send({ value: 0.8 }).expect(204);
      expect(await next).toEqual({ event: 'option.update', data: { id: 'volume', value: 0.8 } });
      next = client.next('homey:manager:audio');
      await hub.http().post(`${base}/volume-hint/`).set(owner).send({}).expect(200);
      expect(await next).toEqual({ event: 'volumeHint', data: { volume: 0.8, playedAt: '2026-11-23T16:40:00.000Z' } });
      next = client.next('homey:manager:audio');
      await hub.http().delete(`${base}/option/volume`).set(owner).expect(204);
      expect(await next).toEqual({ event: 'option.update', data: { id: 'volume', value: 0.5 } });
    } finally {
      client.close();
    }
  });
});

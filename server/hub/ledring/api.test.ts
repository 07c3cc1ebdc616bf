import { FakeClock } from '../../http/clock.js';
import { connectRealtime } from '../testing/realtime-client.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const base = '/api/manager/ledring';
const start = Date.parse('2026-11-23T16:40:00.000Z');
const at = (ms: number) => new Date(start + ms).toISOString();

describe('ledring manager', () => {
  let hub: TestHub;
  let clock: FakeClock;
  let owner: ReturnType<typeof bearer>;
  beforeAll(async () => {
    clock = new FakeClock(start);
    hub = await startTestHub({ clock });
    owner = bearer(hub.token);
  });
  afterAll(() => hub.stop());
  const state = async () => (await hub.http().get(`${base}/state`).set(owner).expect(200)).body;

  it('when nothing is set, then the ring shows the rainbow screensaver at full brightness, from the listed screensavers', async () => {
    expect(await state()).toEqual({ brightness: 1, screensaver: 'rainbow', showing: 'screensaver', animation: null, pixels: null });
    const { body: savers } = await hub.http().get(`${base}/screensaver`).set(owner).expect(200);
    expect(Object.keys(savers)).toEqual(['off', 'rainbow', 'clock', 'pulse', 'moon', 'weather']);
    expect(savers.clock).toMatchObject({ id: 'clock', title: 'Clock', ownerUri: 'homey:manager:ledring' });
    const { body: animations } = await hub.http().get(`${base}/animation`).set(owner).expect(200);
    expect(animations.success).toEqual({ id: 'success', title: 'Success', color: '#00c853', duration: 2000, loop: false });
    expect(animations.loading.loop).toBe(true);
  });

  it('when the screensaver and brightness are set, then the options and the state follow; off or brightness 0 leave the ring dark', async () => {
    await hub.http().put(`${base}/option/screensaver`).set(owner).send({ value: 'clock' }).expect(204);
    await hub.http().put(`${base}/option/brightness`).set(owner).send({ value: 0.4 }).expect(204);
    expect((await hub.http().get(`${base}/option/screensaver`).set(owner).expect(200)).body).toEqual({ value: 'clock' });
    expect((await hub.http().get(`${base}/option/brightness`).set(owner).expect(200)).body).toEqual({ value: 0.4 });
    expect(await state()).toMatchObject({ brightness: 0.4, screensaver: 'clock', showing: 'screensaver' });
    await hub.http().put(`${base}/option/screensaver`).set(owner).send({ value: 'off' }).expect(204);
    expect((await state()).showing).toBe('off');
    const { body: unknown } = await hub.http().put(`${base}/option/screensaver`).set(owner).send({ value: 'homey:app:com.example.gone:waves' }).expect(400);
    expect(unknown.error_description).toMatch(/Unknown screensaver: homey:app:com.example.gone:waves/);
    await hub.http().delete(`${base}/option/screensaver`).set(owner).expect(204);
    await hub.http().put(`${base}/option/brightness`).set(owner).send({ value: 0 }).expect(204);
    expect((await state()).showing).toBe('off');
    await hub.http().delete(`${base}/option/brightness`).set(owner).expect(204);
    expect(await state()).toEqual({ brightness: 1, screensaver: 'rainbow', showing: 'screensaver', animation: null, pixels: null });
  });

  it('when an animation plays, then the state shows it until its own length has passed on the hub clock', async () => {
    const { body: playing } = await hub.http().post(`${base}/animation/success/play`).set(owner).send({}).expect(200);
    expect(playing).toEqual({ id: 'success', source: 'catalogue', startedAt: at(0), endsAt: at(2000) });
    expect(await state()).toMatchObject({ showing: 'animation', animation: playing });
    clock.advance(1999);
    expect((await state()).animation).toEqual(playing);
    clock.advance(1);
    expect(await state()).toMatchObject({ showing: 'screensaver', animation: null, pixels: null });
  });

  it('when a looping animation plays, then it plays until stopped; a duration ends it; a new one replaces the one playing', async () => {
    const { body: loading } = await hub.http().post(`${base}/animation/loading/play`).set(owner).expect(200);
    expect(loading.endsAt).toBeNull();
    clock.advance(3_600_000);
    expect((await state()).animation).toEqual(loading);
    await hub.http().delete(`${base}/animation`).set(owner).expect(204);
    expect((await state()).animation).toBeNull();
    await hub.http().delete(`${base}/animation`).set(owner).expect(204);

    const { body: pairing } = await hub.http().post(`${base}/animation/pairing/play`).set(owner).send({ duration: 10_000 }).expect(200);
    expect(Date.parse(pairing.endsAt) - Date.parse(pairing.startedAt)).toBe(10_000);
    clock.advance(5_000);
    const { body: error } = await hub.http().post(`${base}/animation/error/play`).set(owner).send({}).expect(200);
    expect((await state()).animation).toEqual(error);
    clock.advance(2_000);
    expect((await state()).animation).toBeNull();
    clock.advance(10_000);
    expect((await state()).animation).toBeNull();
  });

  it('when an animation is not in the catalogue, then 404', async () => {
    for (const id of ['disco', '__proto__', 'constructor', 'toString']) {
      const res = await hub.http().post(`${base}/animation/${id}/play`).set(owner).send({}).expect(404);
      expect(res.body).toMatchObject({ error: 'not_found', statusCode: 404 });
    }
  });

  it('when a screensaver is not listed, a brightness is out of 0..1 or a duration out of bounds, then 400', async () => {
    for (const value of ['disco', 'Clock', '', 1, null]) await hub.http().put(`${base}/option/screensaver`).set(owner).send({ value }).expect(400);
    for (const value of [-0.5, 1.5, '1', null]) await hub.http().put(`${base}/option/brightness`).set(owner).send({ value }).expect(400);
    await hub.http().put(`${base}/option/brightness`).set(owner).send({}).expect(400);
    for (const duration of [99, 3_600_001, 1.5, '1000']) await hub.http().post(`${base}/animation/success/play`).set(owner).send({ duration }).expect(400);
    await hub.http().post(`${base}/animation/success/play`).set(owner).send({ colour: 'red' }).expect(400);
    expect(await state()).toEqual({ brightness: 1, screensaver: 'rainbow', showing: 'screensaver', animation: null, pixels: null });
  });

  it('when the token lacks homey.system (homey.system.readonly for reads), then 403; the screensaver list needs only a session', async () => {
    const reader = bearer(hub.tokenWith(['homey.system.readonly']));
    await hub.http().get(`${base}/state`).set(reader).expect(200);
    await hub.http().put(`${base}/option/screensaver`).set(reader).send({ value: 'clock' }).expect(403);
    await hub.http().delete(`${base}/option/screensaver`).set(reader).expect(403);
    await hub.http().put(`${base}/option/brightness`).set(reader).send({ value: 0.5 }).expect(403);
    await hub.http().delete(`${base}/option/brightness`).set(reader).expect(403);
    await hub.http().post(`${base}/animation/success/play`).set(reader).send({}).expect(403);
    await hub.http().delete(`${base}/animation`).set(reader).expect(403);
    const stranger = bearer(hub.tokenWith(['homey.device.readonly']));
    for (const path of ['state', 'animation', 'option/screensaver', 'option/brightness']) await hub.http().get(`${base}/${path}`).set(stranger).expect(403);
    await hub.http().get(`${base}/screensaver`).set(stranger).expect(200);
    await hub.http().get(`${base}/screensaver`).expect(401);
  });

  it.each(['v2', 'v4'] as const)('when options change and animations play and end, then %s subscribers of homey:manager:ledring see each', async (version) => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, version);
    const events: Array<{ event: string; data: unknown }> = [];
    try {
      expect((await client.request('subscribe', 'homey:manager:ledring'))[0]).toBeNull();
      const last = client.next('homey:manager:ledring', (event, data) => {
        events.push({ event, data });
        return event === 'option.update' && data.id === 'brightness' && data.value === 1;
      });
      await hub.http().put(`${base}/option/screensaver`).set(owner).send({ value: 'moon' }).expect(204);
      const { body: success } = await hub.http().post(`${base}/animation/success/play`).set(owner).send({}).expect(200);
      clock.advance(2_000);
      await hub.http().post(`${base}/animation/alarm/play`).set(owner).send({}).expect(200);
      const [error] = await client.request('api', { uri: 'homey:manager:ledring', operation: 'stopAnimation', args: {} });
      expect(error).toBeNull();
      await hub.http().delete(`${base}/option/screensaver`).set(owner).expect(204);
      await hub.http().put(`${base}/option/brightness`).set(owner).send({ value: 1 }).expect(204);
      await last;
      expect(events).toEqual([
        { event: 'option.update', data: { id: 'screensaver', value: 'moon' } },
        { event: 'animation.play', data: success },
        { event: 'animation.stop', data: { id: 'success' } },
        { event: 'animation.play', data: expect.objectContaining({ id: 'alarm', endsAt: null }) },
        { event: 'animation.stop', data: { id: 'alarm' } },
        { event: 'option.update', data: { id: 'screensaver', value: 'rainbow' } },
        { event: 'option.update', data: { id: 'brightness', value: 1 } },
      ]);
    } finally {
      client.close();
    }
  });
});

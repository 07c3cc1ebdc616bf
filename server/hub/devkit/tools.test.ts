import { FakeClock } from '../../http/clock.js';
import { connectRealtime } from '../testing/realtime-client.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const base = '/api/manager/devkit';
const start = Date.parse('2026-11-23T16:40:00.000Z');
const ring = (r: number, g: number, b: number) => Array.from({ length: 24 }, () => ({ r, g, b }));
const RED = ring(255, 0, 0);
const BLUE = ring(0, 0, 255);

describe('devkit tools: the USB link and LED ring animations of your own', () => {
  let hub: TestHub;
  let clock: FakeClock;
  const owner = () => bearer(hub.token);
  const ledringState = async () => (await hub.http().get('/api/manager/ledring/state').set(owner()).expect(200)).body;
  beforeAll(async () => {
    clock = new FakeClock(start);
    hub = await startTestHub({ clock });
  });
  afterAll(() => hub.stop());

  it('when the USB link is set, then it answers the mode that OS speaks, announces it and keeps it across a restart', async () => {
    expect((await hub.http().get(`${base}/usb/`).set(owner()).expect(200)).body).toEqual({ os: 'off', mode: 'off' });
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, 'v2');
    try {
      expect((await client.request('subscribe', 'homey:manager:devkit'))[0]).toBeNull();
      const announced = client.next('homey:manager:devkit', (event) => event === 'option.update');
      expect((await hub.http().put(`${base}/usb/`).set(owner()).send({ os: 'windows' }).expect(200)).body).toEqual({ os: 'windows', mode: 'rndis' });
      expect((await announced).data).toEqual({ id: 'usb', value: 'windows' });
    } finally {
      client.close();
    }
    expect((await hub.http().put(`${base}/usb`).set(owner()).send({ os: 'linux' }).expect(200)).body).toEqual({ os: 'linux', mode: 'ecm' });
    expect((await hub.http().put(`${base}/usb/`).set(owner()).send({ os: 'macos' }).expect(200)).body).toEqual({ os: 'macos', mode: 'ecm' });
    await hub.stop({ keepData: true });
    hub = await startTestHub({ clock, dataDir: hub.dataDir });
    expect((await hub.http().get(`${base}/usb/`).set(owner()).expect(200)).body).toEqual({ os: 'macos', mode: 'ecm' });
  });

  it('when the USB OS is not one of the list, or missing, then 400 and the setting stays', async () => {
    for (const body of [{ os: 'amiga' }, { os: 'Windows' }, { os: null }, {}, { os: 'linux', speed: 'fast' }]) {
      await hub.http().put(`${base}/usb/`).set(owner()).send(body).expect(400);
    }
    expect((await hub.http().get(`${base}/usb/`).set(owner()).expect(200)).body.os).toBe('macos');
  });

  it('when frames are played, then the LED ring state shows the animation and each frame in turn on the hub clock, until its duration', async () => {
    const { body: playing } = await hub.http().post(`${base}/ledring`).set(owner()).send({ animation: { frames: [RED, BLUE], transition: 500, duration: 10_000 } }).expect(200);
    expect(playing).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), source: 'devkit', startedAt: new Date(clock.now()).toISOString(), endsAt: new Date(clock.now() + 10_000).toISOString() });
    expect(await ledringState()).toMatchObject({ showing: 'animation', animation: playing, pixels: RED });
    clock.advance(500);
    expect((await ledringState()).pixels).toEqual(BLUE);
    clock.advance(500);
    expect((await ledringState()).pixels).toEqual(RED);
    clock.advance(9_000);
    expect(await ledringState()).toMatchObject({ showing: 'screensaver', animation: null, pixels: null });
    await hub.http().delete(`${base}/ledring`).query({ animation_id: playing.id }).set(owner()).expect(404);
  });

  it('when it is stopped by its id, then it stops with animation.stop on homey:manager:ledring; another id, or one replaced, is 404', async () => {
    const client = await connectRealtime(hub.url, hub.token, hub.hub.id, 'v4');
    const events: Array<{ event: string; data: unknown }> = [];
    try {
      expect((await client.request('subscribe', 'homey:manager:ledring'))[0]).toBeNull();
      const stopped = client.next('homey:manager:ledring', (event, data) => {
        events.push({ event, data });
        return event === 'animation.stop';
      });
      const { body: playing } = await hub.http().post(`${base}/ledring`).set(owner()).send({ animation: { frames: [RED] } }).expect(200);
      expect(playing.endsAt).toBeNull();
      clock.advance(3_600_000);
      expect((await ledringState()).animation).toEqual(playing);
      await hub.http().delete(`${base}/ledring`).query({ animation_id: 'not-it' }).set(owner()).expect(404);
      await hub.http().delete(`${base}/ledring`).query({ animation_id: playing.id }).set(owner()).expect(204);
      await stopped;
      expect(events).toEqual([{ event: 'animation.play', data: playing }, { event: 'animation.stop', data: { id: playing.id } }]);
      expect((await ledringState()).animation).toBeNull();
    } finally {
      client.close();
    }
    const { body: replaced } = await hub.http().post(`${base}/ledring`).set(owner()).send({ animation: { frames: [BLUE] } }).expect(200);
    await hub.http().post('/api/manager/ledring/animation/success/play').set(owner()).send({}).expect(200);
    await hub.http().delete(`${base}/ledring`).query({ animation_id: replaced.id }).set(owner()).expect(404);
    expect((await ledringState()).animation).toMatchObject({ id: 'success', source: 'catalogue' });
    await hub.http().delete(`${base}/ledring`).query({ animation_id: 'success' }).set(owner()).expect(404);
  });

  it('when the frames are not frames of 24 RGB pixels, or the timing is out of bounds, then 400', async () => {
    const bad = [
      {}, { animation: {} }, { animation: { frames: [] } }, { animation: { frames: [RED.slice(1)] } }, { animation: { frames: [[...RED, RED[0]]] } },
      { animation: { frames: [[{ r: 256, g: 0, b: 0 }, ...RED.slice(1)]] } }, { animation: { frames: [[{ r: 1.5, g: 0, b: 0 }, ...RED.slice(1)]] } },
      { animation: { frames: [[{ r: 1, g: 0 }, ...RED.slice(1)]] } }, { animation: { frames: [[{ r: 1, g: 0, b: 0, w: 9 }, ...RED.slice(1)]] } },
      { animation: { frames: [RED], transition: 5 } }, { animation: { frames: [RED], duration: 99 } }, { animation: { frames: [RED], loop: true } },
      { animation: { frames: Array.from({ length: 301 }, () => RED) } },
    ];
    for (const body of bad) await hub.http().post(`${base}/ledring`).set(owner()).send(body).expect(400);
    await hub.http().delete(`${base}/ledring`).set(owner()).expect(400);
  });
});

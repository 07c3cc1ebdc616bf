import { FakeClock } from '../../http/clock.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { STREAM_IDLE_MS } from './videos.js';

const base = '/api/manager/videos';

describe('videos manager', () => {
  let hub: TestHub;
  let clock: FakeClock;
  let owner: ReturnType<typeof bearer>;
  let videoId: string;
  beforeAll(async () => {
    clock = new FakeClock(Date.parse('2026-11-24T10:00:00.000Z'));
    hub = await startTestHub({ clock });
    owner = bearer(hub.token);
    videoId = Object.keys((await hub.http().get(`${base}/video`).set(owner).expect(200)).body)[0]!;
  });
  afterAll(() => hub.stop());

  it('when the demo home runs, then its front door camera has a video that streams over HTTP', async () => {
    const camera = hub.hub.store.values('device').find((device) => device.name === 'Front door camera')!;
    const { body: videos } = await hub.http().get(`${base}/video`).set(owner).expect(200);
    expect(Object.values(videos)).toEqual([{ id: videoId, ownerUri: `homey:device:${camera.id}`, type: 'http' }]);
    expect((await hub.http().get(`${base}/state`).set(owner).expect(200)).body).toEqual({ videoCount: 1, streamCount: 0 });
  });

  it('when a stream is opened, then its URL answers the camera\'s view at each fetch without a token, until it is left idle for 30 s', async () => {
    const { body: stream } = await hub.http().get(`${base}/video/${videoId}/video-url`).set(owner).expect(200);
    expect(stream).toEqual({ streamId: expect.stringMatching(/^[0-9a-f]{32}$/), url: `${base}/video/${videoId}/stream/${stream.streamId}`, expiresAt: '2026-11-24T10:00:30.000Z' });
    const first = await hub.http().get(stream.url).expect(200);
    expect(first.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(first.body.toString()).toContain('Front door camera');
    expect(first.body.toString()).toContain('2026-11-24 10:00:00 UTC');
    clock.advance(20_000);
    expect((await hub.http().get(stream.url).expect(200)).body.toString()).toContain('2026-11-24 10:00:20 UTC');
    clock.advance(20_000);
    const { body: kept } = await hub.http().post(`${base}/video/${videoId}/keep-alive`).set(owner).send({ streamId: stream.streamId }).expect(200);
    expect(kept.expiresAt).toBe('2026-11-24T10:01:10.000Z');
    expect((await hub.http().get(`${base}/state`).set(owner).expect(200)).body.streamCount).toBe(1);
    clock.advance(STREAM_IDLE_MS);
    await hub.http().get(stream.url).expect(404);
    await hub.http().post(`${base}/video/${videoId}/keep-alive`).set(owner).send({ streamId: stream.streamId }).expect(404);
    expect((await hub.http().get(`${base}/state`).set(owner).expect(200)).body.streamCount).toBe(0);
  });

  it('when a stream id is another video\'s or made up, then 404', async () => {
    const { body: stream } = await hub.http().get(`${base}/video/${videoId}/video-url`).set(owner).expect(200);
    await hub.http().get(`${base}/video/other/stream/${stream.streamId}`).expect(404);
    await hub.http().get(`${base}/video/${videoId}/stream/0123456789abcdef0123456789abcdef`).expect(404);
    await hub.http().get(`${base}/video/nope/video-url`).set(owner).expect(404);
  });

  it('when a camera joins the home and is removed, then its video comes and goes with it', async () => {
    const before = hub.hub.store.count('video');
    const added = hub.hub.store.insert('device', { ...hub.hub.store.values('device').find((device) => device.name === 'Front door camera')!, id: 'c0ffee00-0000-4000-8000-000000000001', name: 'Back door camera' });
    expect(hub.hub.store.count('video')).toBe(before + 1);
    await hub.http().delete(`/api/manager/devices/device/${added.id}`).set(owner).expect(204);
    expect(hub.hub.store.count('video')).toBe(before);
  });
});

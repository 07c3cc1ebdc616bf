import { HomeyAPI } from 'homey-api';
import { Vp8RtpPayload } from 'werift';
import { FakeClock } from '../../http/clock.js';
import { eventually } from '../apps/testing/eventually.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { cameraClip } from './clip.js';
import { openViewer, type Viewer } from './testing/viewer.js';
import { MAX_WEBRTC_SESSIONS, STREAM_IDLE_MS } from './videos.js';

const base = '/api/manager/videos';
/** Polls for up to 15 s: ICE, DTLS and SRTP over loopback take about a second on a busy machine. */
const TRIES = 300;
/** Each test opens real peer connections: bounded well above their second or two on a loaded machine. */
const TEST_LIMIT_MS = 40_000;

describe('videos manager over WebRTC', () => {
  let hub: TestHub;
  let clock: FakeClock;
  let owner: ReturnType<typeof bearer>;
  let videoId: string;
  const viewers: Viewer[] = [];
  const viewer = async () => {
    const opened = await openViewer();
    viewers.push(opened);
    return opened;
  };
  const state = async () => (await hub.http().get(`${base}/state`).set(owner).expect(200)).body as { streamCount: number };
  beforeAll(async () => {
    clock = new FakeClock(Date.parse('2026-11-29T10:00:00.000Z'));
    hub = await startTestHub({ clock });
    owner = bearer(hub.token);
    videoId = hub.hub.store.values('video')[0]!.id;
  });
  afterAll(async () => {
    await Promise.all(viewers.map((opened) => opened.close()));
    await hub.stop();
  });

  it('when a WebRTC client offers to receive the camera, then it gets the VP8 clip as RTP over loopback, frame after frame as the hub\'s clock moves, until the session is left idle', async () => {
    const client = await viewer();
    const { body: answer } = await hub.http().post(`${base}/video/${videoId}/offer`).set(owner).send({ offer: client.offerSdp }).expect(200);
    expect(answer).toEqual({ answerSdp: expect.stringContaining('a=rtpmap:96 VP8/90000'), streamId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(answer.answerSdp).toMatch(/a=candidate:\S+ 1 udp \d+ 127\.0\.0\.1 \d+ typ host/);
    expect(answer.answerSdp).toContain('a=sendonly');
    await client.accept(answer.answerSdp);
    await eventually(() => expect(client.connection.connectionState).toBe('connected'), TRIES);
    // The first frame goes at once: a keyframe, its first packet starting the frame, its last one marked.
    await eventually(() => expect(client.packets.some((packet) => packet.header.marker)).toBe(true), TRIES);
    const first = Vp8RtpPayload.deSerialize(client.packets[0]!.payload);
    expect([first.sBit, first.pid, first.isKeyframe]).toEqual([1, 0, true]);
    expect(client.packets[0]!.header.payloadType).toBe(96);
    const { frameMs, frames } = cameraClip();
    const received = () => new Set(client.packets.map((packet) => packet.header.timestamp)).size;
    // One frame per step of the hub's clock, past the clip's end (it loops); UDP may lose one on a loaded machine.
    for (let frame = 1; frame < frames.length + 2; frame++) clock.advance(frameMs);
    await eventually(() => expect(received()).toBeGreaterThanOrEqual(frames.length + 1), TRIES);
    expect((await state()).streamCount).toBe(1);

    const { body: kept } = await hub.http().post(`${base}/video/${videoId}/keep-alive`).set(owner).send({ streamId: answer.streamId }).expect(200);
    expect(kept).toEqual({ streamId: answer.streamId, url: `${base}/video/${videoId}/stream/${answer.streamId}`, expiresAt: new Date(clock.now() + STREAM_IDLE_MS).toISOString() });
    clock.advance(STREAM_IDLE_MS);
    expect((await state()).streamCount).toBe(0);
    await hub.http().post(`${base}/video/${videoId}/keep-alive`).set(owner).send({ streamId: answer.streamId }).expect(404);
  }, TEST_LIMIT_MS);

  it('when the official client (homey-api) sends videoOffer, then the same handler answers and the client\'s answer connects', async () => {
    const official = (await HomeyAPI.createLocalAPI({ address: hub.url, token: hub.token, debug: null })) as unknown as {
      videos: { videoOffer(args: { id: string; offer: string }): Promise<{ answerSdp: string; streamId: string }> };
      destroy(): void;
    };
    try {
      const client = await viewer();
      const answer = await official.videos.videoOffer({ id: videoId, offer: client.offerSdp });
      expect(answer.streamId).toMatch(/^[0-9a-f]{32}$/);
      await client.accept(answer.answerSdp);
      await eventually(() => expect(client.packets.length).toBeGreaterThan(0), TRIES);
      clock.advance(STREAM_IDLE_MS);
    } finally {
      official.destroy();
    }
  }, TEST_LIMIT_MS);

  it('when an offer cannot be answered with the camera\'s VP8 video, then 400 says why; an unknown video is a 404', async () => {
    const { offerSdp } = await viewer();
    const refused = async (offer: string, why: string) =>
      expect((await hub.http().post(`${base}/video/${videoId}/offer`).set(owner).send({ offer }).expect(400)).body.error_description).toContain(why);
    await refused('hello', 'not an SDP offer with a video stream');
    await refused(offerSdp.replace(/m=video[^]*$/, ''), 'not an SDP offer with a video stream');
    await refused(offerSdp.replace('a=recvonly', 'a=sendonly'), 'the camera only sends');
    await refused(offerSdp.replace(/VP8/g, 'H264'), 'no VP8 video codec');
    await refused(offerSdp.replace(/a=fingerprint:.*\r\n/g, ''), 'no ICE credentials or DTLS fingerprint');
    await refused(offerSdp.replace(/a=ice-pwd:.*\r\n/g, ''), 'no ICE credentials or DTLS fingerprint');
    await hub.http().post(`${base}/video/nope/offer`).set(owner).send({ offer: offerSdp }).expect(404);
    expect((await state()).streamCount).toBe(0);
  }, TEST_LIMIT_MS);

  it(`when ${MAX_WEBRTC_SESSIONS} WebRTC sessions are open, then another offer is a 503 naming the HTTP stream, also among offers sent at once, and is answered once one ends`, async () => {
    const offers: string[] = [];
    for (let made = 0; made <= MAX_WEBRTC_SESSIONS; made++) offers.push((await viewer()).offerSdp);
    const offer = (sdp: string) => hub.http().post(`${base}/video/${videoId}/offer`).set(owner).send({ offer: sdp });
    const answers = await Promise.all(offers.map(offer));
    expect(answers.map(({ status }) => status).sort()).toEqual([...Array(MAX_WEBRTC_SESSIONS).fill(200), 503]);
    expect(answers.find(({ status }) => status === 503)!.body.error_description).toContain(`${base}/video/${videoId}/video-url`);
    expect((await state()).streamCount).toBe(MAX_WEBRTC_SESSIONS);
    clock.advance(STREAM_IDLE_MS);
    expect((await offer((await viewer()).offerSdp)).status).toBe(200);
    clock.advance(STREAM_IDLE_MS);
  }, TEST_LIMIT_MS);

  it('when a camera is removed while it is watched, then its sessions end with it', async () => {
    const camera = hub.hub.store.values('device').find((device) => device.name === 'Front door camera')!;
    const added = hub.hub.store.insert('device', { ...camera, id: 'c0ffee00-0000-4000-8000-000000000002', name: 'Garden camera' });
    const video = hub.hub.store.values('video').find((one) => one.ownerUri === `homey:device:${added.id}`)!;
    await hub.http().post(`${base}/video/${video.id}/offer`).set(owner).send({ offer: (await viewer()).offerSdp }).expect(200);
    expect((await state()).streamCount).toBe(1);
    await hub.http().delete(`/api/manager/devices/device/${added.id}`).set(owner).expect(204);
    expect((await state()).streamCount).toBe(0);
  }, TEST_LIMIT_MS);
});

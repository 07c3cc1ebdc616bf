import { randomInt } from 'node:crypto';
import { MediaStreamTrack, RTCPeerConnection, SessionDescription, useVP8 } from 'werift';
import { every, type Clock } from '../../http/clock.js';
import { badRequest } from '../../http/errors.js';
import { cameraClip, VIDEO_CLOCK_RATE, Vp8Packetizer } from './clip.js';

const VP8 = 'video/vp8';
/** Offer directions under which the client receives the hub's video. */
const RECEIVING = new Set(['recvonly', 'sendrecv']);

/**
 * Refuses (400) an offer the hub cannot answer with its VP8 track: not SDP, no video the client receives, no VP8, or
 * no ICE credentials or DTLS fingerprint (the hub answers once, with every candidate: there is no trickle).
 */
export function checkOffer(sdp: string): void {
  if (!/^v=0\r?\n/.test(sdp)) throw badRequest('offer is not an SDP offer with a video stream');
  let media: SessionDescription['media'];
  try {
    media = SessionDescription.parse(sdp).media;
  } catch {
    throw badRequest('offer is not an SDP offer with a video stream');
  }
  const video = media.find((description) => description.kind === 'video');
  if (!video) throw badRequest('offer is not an SDP offer with a video stream');
  if (video.direction && !RECEIVING.has(video.direction)) throw badRequest(`offer's video is ${video.direction}: the camera only sends`);
  if (!video.rtp.codecs.some((codec) => codec.mimeType.toLowerCase() === VP8)) throw badRequest('offer has no VP8 video codec: the camera streams VP8');
  if (!video.iceParams?.usernameFragment || !video.iceParams.password || !video.dtlsParams?.fingerprints.length) {
    throw badRequest('offer has no ICE credentials or DTLS fingerprint');
  }
}

export interface WebRtcSession {
  answerSdp: string;
  /** Ends the session: stops the frames and closes the connection. */
  close(): void;
}

const gathered = (connection: RTCPeerConnection) =>
  new Promise<void>((resolve) => {
    if (connection.iceGatheringState === 'complete') return resolve();
    const { unSubscribe } = connection.iceGatheringStateChange.subscribe((state) => {
      if (state === 'complete') {
        unSubscribe();
        resolve();
      }
    });
  });

/** Sends the camera's clip on the track, looped, a frame each `frameMs` on `clock`; returns the stop. */
function sendClip(track: MediaStreamTrack, clock: Clock): () => void {
  const { frameMs, frames } = cameraClip();
  const packetizer = new Vp8Packetizer(randomInt(0x10000));
  const ticksPerFrame = Math.round((VIDEO_CLOCK_RATE * frameMs) / 1000);
  let timestamp = randomInt(2 ** 32 - ticksPerFrame);
  let next = 0;
  const sendFrame = () => {
    for (const packet of packetizer.packetize(frames[next]!, timestamp)) track.writeRtp(packet);
    next = (next + 1) % frames.length;
    timestamp = (timestamp + ticksPerFrame) >>> 0;
  };
  sendFrame();
  return every(clock, frameMs, sendFrame);
}

/**
 * Answers a checked SDP offer with a peer connection that sends the camera's VP8 clip once ICE and DTLS connect,
 * paced on `clock`. Host candidates are gathered on every interface and loopback (a client on the hub's own machine).
 * `onEnd` is called once the connection fails or closes, whoever ended it.
 */
export async function answerOffer(offerSdp: string, clock: Clock, onEnd: () => void): Promise<WebRtcSession> {
  const connection = new RTCPeerConnection({ codecs: { video: [useVP8()] }, iceAdditionalHostAddresses: ['127.0.0.1'] });
  const track = new MediaStreamTrack({ kind: 'video' });
  connection.addTransceiver(track, { direction: 'sendonly' });
  let stopSending = () => {};
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    stopSending();
    void connection.close();
    onEnd();
  };
  connection.connectionStateChange.subscribe((state) => {
    if (state === 'connected' && !ended) stopSending = sendClip(track, clock);
    else if (state === 'failed' || state === 'closed') end();
  });
  try {
    await connection.setRemoteDescription({ type: 'offer', sdp: offerSdp });
    await connection.setLocalDescription(await connection.createAnswer());
    await gathered(connection);
  } catch (error) {
    ended = true;
    void connection.close();
    throw badRequest(`offer cannot be answered: ${(error as Error).message}`);
  }
  return { answerSdp: connection.localDescription!.sdp, close: end };
}

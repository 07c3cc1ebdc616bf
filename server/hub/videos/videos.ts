import { randomBytes, randomUUID } from 'node:crypto';
import type { components } from '../../../generated/hub/videos.js';
import type { MediaBody } from '../../http/api.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import type { HubService, Nothing } from '../core/service.js';
import { deviceUri, type Device } from '../devices/device.js';
import { findDriver } from '../drivers/catalogue.js';
import { pictureOf } from '../images/camera.js';

type Video = components['schemas']['Video'];
type VideoStream = components['schemas']['VideoStream'];
type VideoAnswer = components['schemas']['VideoAnswer'];

const DEVICES_URI = 'homey:manager:devices';
/** A stream not kept alive or fetched for this long (on the hub's clock) ends. */
export const STREAM_IDLE_MS = 30_000;
/** WebRTC sessions open at once on a hub: each sends its own RTP and costs its share of the hub's CPU. */
export const MAX_WEBRTC_SESSIONS = 4;

export interface OpenStream {
  videoId: string;
  expiresAt: number;
  /** Cancels the expiry. */
  cancel: () => void;
  /** A WebRTC session's end (closes its connection). */
  end?: () => void;
}

declare module '../core/context.js' {
  interface Hub {
    /** The open video streams, by stream id: runtime only, as a camera's sessions are (the videos service's). */
    videoStreams: Map<string, OpenStream>;
  }
}

const requireVideo = (hub: HubCore, id: string): Video => hub.store.require('video', id, 'Video');
const streams404 = (streamId: string) => notFound(`Stream ${streamId}`);

export const videosState = (hub: HubCore & Pick<Hub, 'videoStreams'>) => ({ videoCount: hub.store.count('video'), streamCount: hub.videoStreams.size });

/** Forgets a stream and ends its WebRTC session, if any (which calls back here: a stream gone is left as it is). */
function closeStream(open: Map<string, OpenStream>, streamId: string): void {
  const stream = open.get(streamId);
  if (!stream) return;
  open.delete(streamId);
  stream.cancel();
  stream.end?.();
}

/** Opens (or keeps open) a stream until STREAM_IDLE_MS from now. */
function keepOpen(hub: HubCore & Pick<Hub, 'videoStreams'>, videoId: string, streamId: string, end?: () => void): VideoStream {
  const open = hub.videoStreams;
  const before = open.get(streamId);
  before?.cancel();
  const expiresAt = hub.now() + STREAM_IDLE_MS;
  const cancel = hub.clock.at(expiresAt, () => closeStream(hub.videoStreams, streamId));
  open.set(streamId, { videoId, expiresAt, cancel, end: end ?? before?.end });
  return { streamId, url: `/api/manager/videos/video/${videoId}/stream/${streamId}`, expiresAt: new Date(expiresAt).toISOString() };
}

/** A new stream of a video: its URL answers the camera's view at each fetch. The stream id is its credential. */
export function openStream(hub: HubCore & Pick<Hub, 'videoStreams'>, videoId: string): VideoStream {
  requireVideo(hub, videoId);
  return keepOpen(hub, videoId, randomBytes(16).toString('hex'));
}

function requireStream(hub: HubCore & Pick<Hub, 'videoStreams'>, videoId: string, streamId: string) {
  const stream = hub.videoStreams.get(streamId);
  if (!stream || stream.videoId !== videoId) throw streams404(streamId);
  return stream;
}

export function keepAlive(hub: HubCore & Pick<Hub, 'videoStreams'>, videoId: string, streamId: string): VideoStream {
  requireVideo(hub, videoId);
  requireStream(hub, videoId, streamId);
  return keepOpen(hub, videoId, streamId);
}

/** The camera's view now, stamped with the hub's time; fetching it keeps the stream open. */
export function frameOf(hub: HubCore & Pick<Hub, 'videoStreams'>, videoId: string, streamId: string): MediaBody {
  requireStream(hub, videoId, streamId);
  const video = requireVideo(hub, videoId);
  keepOpen(hub, videoId, streamId);
  return pictureOf(hub, { id: video.id, ownerUri: video.ownerUri, url: '', lastUpdated: new Date(hub.now()).toISOString() });
}

/**
 * The WebRTC side (werift and what it brings: about 7 MB of the hub's heap), loaded on the first offer: a hub whose
 * cameras are never watched over WebRTC need not hold it. The first offer waits for it once (tens of milliseconds).
 */
const webRtc = () => import('./webrtc.js');

/**
 * A WebRTC offer (checked: 400 if the hub cannot answer it) gets the hub's SDP answer: a session that sends the
 * camera's clip, open as a stream is (kept alive, ended after STREAM_IDLE_MS idle), and gone once its connection is.
 */
export async function offer(hub: HubCore & Pick<Hub, 'videoStreams'>, videoId: string, sdp: string): Promise<VideoAnswer> {
  requireVideo(hub, videoId);
  const { answerOffer, checkOffer } = await webRtc();
  checkOffer(sdp);
  const sessions = [...hub.videoStreams.values()].filter((stream) => stream.end).length;
  if (sessions >= MAX_WEBRTC_SESSIONS) throw new ApiError(503, 'service_unavailable', `${MAX_WEBRTC_SESSIONS} WebRTC sessions are open: end one, or open an HTTP stream (GET /api/manager/videos/video/${videoId}/video-url)`);
  // The session's place is taken before its answer is made, so that offers made meanwhile count it.
  const streamId = randomBytes(16).toString('hex');
  let close = () => {};
  keepOpen(hub, videoId, streamId, () => close());
  try {
    const session = await answerOffer(sdp, hub.clock, () => closeStream(hub.videoStreams, streamId));
    close = session.close;
    // Ended while its answer was made: its camera removed, the hub stopping, its connection already failed.
    if (!hub.videoStreams.has(streamId)) throw streams404(streamId);
    return { answerSdp: session.answerSdp, streamId };
  } catch (error) {
    close();
    closeStream(hub.videoStreams, streamId);
    throw error;
  }
}

const hasCamera = (device: Device) => findDriver(device.driverId)?.images?.includes('camera') === true;

/**
 * Keeps a video with each camera: made for a camera already there at start or added later, removed with it (its
 * streams closed). Gives the hub its open streams; stopping closes them all.
 */
export const videos: HubService<Nothing, Pick<Hub, 'videoStreams'>> = {
  name: 'videos',
  start: ({ store, bus }) => {
    const open = new Map<string, OpenStream>();
    const owned = new Set(store.values('video').map((video) => video.ownerUri));
    store.transaction(() => {
      for (const device of store.values('device')) {
        if (hasCamera(device) && !owned.has(deviceUri(device))) store.insert('video', { id: randomUUID(), ownerUri: deviceUri(device), type: 'http' });
      }
      for (const video of store.values('video')) {
        if (!store.get('device', video.ownerUri.slice('homey:device:'.length))) store.remove('video', video.id);
      }
    });
    const stopHearing = bus.subscribe(({ uri, event, data }) => {
      if (uri !== DEVICES_URI) return;
      const { id } = data as { id: string };
      const owner = deviceUri({ id });
      if (event === 'device.create') {
        const device = store.get('device', id);
        if (device && hasCamera(device)) store.insert('video', { id: randomUUID(), ownerUri: owner, type: 'http' });
      } else if (event === 'device.delete') {
        for (const video of store.values('video')) {
          if (video.ownerUri !== owner) continue;
          store.remove('video', video.id);
          for (const [streamId, stream] of open) if (stream.videoId === video.id) closeStream(open, streamId);
        }
      }
    });
    const stop = () => {
      stopHearing();
      for (const streamId of [...open.keys()]) closeStream(open, streamId);
    };
    return { gives: { videoStreams: open }, stop };
  },
};

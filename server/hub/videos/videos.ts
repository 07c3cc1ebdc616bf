import { randomBytes, randomUUID } from 'node:crypto';
import type { components } from '../../../generated/hub/videos.js';
import type { MediaBody } from '../../http/api.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { Hub } from '../core/context.js';
import { deviceUri, type Device } from '../devices/device.js';
import { findDriver } from '../drivers/catalogue.js';
import { pictureOf } from '../images/camera.js';

type Video = components['schemas']['Video'];
type VideoStream = components['schemas']['VideoStream'];

const DEVICES_URI = 'homey:manager:devices';
/** A stream not kept alive or fetched for this long (on the hub's clock) ends. */
export const STREAM_IDLE_MS = 30_000;

/** The open streams of each hub, by stream id: runtime only, as a camera's sessions are. */
const streams = new WeakMap<Hub, Map<string, { videoId: string; expiresAt: number; cancel: () => void }>>();
const streamsOf = (hub: Hub) => {
  let open = streams.get(hub);
  if (!open) streams.set(hub, (open = new Map()));
  return open;
};

const requireVideo = (hub: Hub, id: string): Video => hub.store.require('video', id, 'Video');
const streams404 = (streamId: string) => notFound(`Stream ${streamId}`);

export const videosState = (hub: Hub) => ({ videoCount: hub.store.count('video'), streamCount: streamsOf(hub).size });

/** Opens (or keeps open) a stream until STREAM_IDLE_MS from now. */
function keepOpen(hub: Hub, videoId: string, streamId: string): VideoStream {
  const open = streamsOf(hub);
  open.get(streamId)?.cancel();
  const expiresAt = hub.now() + STREAM_IDLE_MS;
  const cancel = hub.clock.at(expiresAt, () => open.delete(streamId));
  open.set(streamId, { videoId, expiresAt, cancel });
  return { streamId, url: `/api/manager/videos/video/${videoId}/stream/${streamId}`, expiresAt: new Date(expiresAt).toISOString() };
}

/** A new stream of a video: its URL answers the camera's view at each fetch. The stream id is its credential. */
export function openStream(hub: Hub, videoId: string): VideoStream {
  requireVideo(hub, videoId);
  return keepOpen(hub, videoId, randomBytes(16).toString('hex'));
}

function requireStream(hub: Hub, videoId: string, streamId: string) {
  const stream = streamsOf(hub).get(streamId);
  if (!stream || stream.videoId !== videoId) throw streams404(streamId);
  return stream;
}

export function keepAlive(hub: Hub, videoId: string, streamId: string): VideoStream {
  requireVideo(hub, videoId);
  requireStream(hub, videoId, streamId);
  return keepOpen(hub, videoId, streamId);
}

/** The camera's view now, stamped with the hub's time; fetching it keeps the stream open. */
export function frameOf(hub: Hub, videoId: string, streamId: string): MediaBody {
  requireStream(hub, videoId, streamId);
  const video = requireVideo(hub, videoId);
  keepOpen(hub, videoId, streamId);
  return pictureOf(hub, { id: video.id, ownerUri: video.ownerUri, url: '', lastUpdated: new Date(hub.now()).toISOString() });
}

/**
 * A WebRTC offer: read as an SDP offer that asks for video (else 400); the hub's cameras stream over HTTP, not
 * WebRTC, so an offer to one of them is a 409 that says where its stream is.
 */
export function offer(hub: Hub, videoId: string, sdp: string): never {
  const video = requireVideo(hub, videoId);
  const lines = sdp.split(/\r?\n/);
  if (lines[0] !== 'v=0' || !lines.some((line) => line.startsWith('m=video '))) throw badRequest('offer is not an SDP offer with a video stream');
  throw conflict(`Video ${video.id} streams over ${video.type}, not WebRTC: open its stream with GET /api/manager/videos/video/${video.id}/video-url`);
}

const hasCamera = (device: Device) => findDriver(device.driverId)?.images?.includes('camera') === true;

/**
 * Keeps a video with each camera: made for a camera already there at start or added later, removed with it.
 * Returns the stop, for the hub's close.
 */
export function startVideos(hub: Hub): () => void {
  const owned = new Set(hub.store.values('video').map((video) => video.ownerUri));
  hub.store.transaction(() => {
    for (const device of hub.store.values('device')) {
      if (hasCamera(device) && !owned.has(deviceUri(device))) hub.store.insert('video', { id: randomUUID(), ownerUri: deviceUri(device), type: 'http' });
    }
    for (const video of hub.store.values('video')) {
      if (!hub.store.get('device', video.ownerUri.slice('homey:device:'.length))) hub.store.remove('video', video.id);
    }
  });
  const stop = hub.bus.subscribe(({ uri, event, data }) => {
    if (uri !== DEVICES_URI) return;
    const { id } = data as { id: string };
    const owner = deviceUri({ id });
    if (event === 'device.create') {
      const device = hub.store.get('device', id);
      if (device && hasCamera(device)) hub.store.insert('video', { id: randomUUID(), ownerUri: owner, type: 'http' });
    } else if (event === 'device.delete') {
      for (const video of hub.store.values('video')) if (video.ownerUri === owner) hub.store.remove('video', video.id);
    }
  });
  return () => {
    stop();
    for (const { cancel } of streamsOf(hub).values()) cancel();
    streams.delete(hub);
  };
}

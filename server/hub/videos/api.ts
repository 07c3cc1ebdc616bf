import * as manifest from '../../../generated/hub/videos.operations.js';
import type { operations } from '../../../generated/hub/videos.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { frameOf, keepAlive, offer, openStream, videosState } from './videos.js';

export const videos = defineApi<operations, typeof manifest.operations, HubContextOf<'videoStreams'>>(manifest, {
  getState: (_args, { hub }) => videosState(hub),
  videoOffer: ({ id, offer: sdp }, { hub }) => offer(hub, id, sdp),
  videoKeepAlive: ({ id, streamId }, { hub }) => keepAlive(hub, id, streamId),
  getVideoUrl: ({ id }, { hub }) => openStream(hub, id),
  getVideoFrame: ({ id, streamId }, { hub }) => frameOf(hub, id, streamId),
});

import * as manifest from '../../../generated/hub/images.operations.js';
import type { operations } from '../../../generated/hub/images.js';
import { defineApi } from '../../http/api.js';
import type { HubContext } from '../context.js';
import { pictureOf, requireImage, takePicture } from './camera.js';

export const images = defineApi<operations, typeof manifest.operations, HubContext>(manifest, {
  getState: (_args, { hub }) => ({ imageCount: hub.store.count('image') }),
  getImageContent: ({ id }, { hub }) => pictureOf(hub, requireImage(hub, id)),
  refreshImage: ({ id }, { hub }) => takePicture(hub, requireImage(hub, id)),
});

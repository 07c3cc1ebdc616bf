import * as manifest from '../../../generated/hub/images.operations.js';
import type { operations } from '../../../generated/hub/images.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { imagePicture, isAppImage } from './app-images.js';
import { requireImage, takePicture } from './camera.js';

export const images = defineApi<operations, typeof manifest.operations, HubContextOf<'apps'>>(manifest, {
  getState: (_args, { hub }) => ({ imageCount: hub.store.count('image') }),
  getImageContent: ({ id }, { hub }) => imagePicture(hub, requireImage(hub, id)),
  /** A camera device takes a new picture; an app's image is asked of the app, which gives its source's picture again. */
  refreshImage: async ({ id }, { hub }) => {
    const image = requireImage(hub, id);
    if (!isAppImage(image)) return takePicture(hub, image);
    await hub.apps.worker(image.ownerUri.slice('homey:app:'.length)).call({ type: 'image.refresh', id });
    return requireImage(hub, id);
  },
});

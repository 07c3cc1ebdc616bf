import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError, badRequest, notFound } from '../../http/errors.js';
import type { MediaBody } from '../../http/api.js';
import type { Hub, HubCore } from '../core/context.js';
import { imageUrl, pictureOf, type Image } from './camera.js';

/** The pictures apps give their images (`Image.update`), one file each, named by image id and type. */
const FOLDER = 'app-images';
const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp', 'image/svg+xml': 'svg' };

const fileOf = (hub: HubCore, id: string, type: string) => join(hub.config.dataDir, FOLDER, `${id}.${EXTENSIONS[type]}`);

/** The image `id` of app `ownerUri`, or a 404 (an app reaches no other image). */
export function requireOwnImage(hub: Hub, ownerUri: string, id: unknown): Image {
  const image = typeof id === 'string' ? hub.store.get('image', id) : undefined;
  if (!image || image.ownerUri !== ownerUri) throw notFound(`Image ${String(id)}`);
  return image;
}

/** A new image of an app, without a picture until the app gives one. */
export function createAppImage(hub: Hub, ownerUri: string): Image {
  const id = randomUUID();
  return hub.store.insert('image', { id, ownerUri, url: imageUrl(id), lastUpdated: null });
}

/** The app's picture for the image: bytes of an image type kept on disk, or an https address clients load. */
export function updateAppImage(hub: Hub, image: Image, picture: { contentType?: unknown; data?: unknown; url?: unknown }): Image {
  const lastUpdated = new Date(hub.now()).toISOString();
  removePicture(hub, image.id);
  if (typeof picture.url === 'string') {
    if (!/^https:\/\//.test(picture.url)) throw badRequest('An image URL starts with https://');
    return hub.store.save('image', { ...image, url: picture.url, lastUpdated });
  }
  const type = String(picture.contentType).split(';')[0]!.trim().toLowerCase();
  if (!EXTENSIONS[type]) throw badRequest(`An image is ${Object.keys(EXTENSIONS).join(', ')}; this one is ${type}`);
  const data = Buffer.from(String(picture.data ?? ''), 'base64');
  if (data.length > MAX_PICTURE_BYTES) throw new ApiError(413, 'too_large', `An image may hold ${MAX_PICTURE_BYTES} bytes; this one holds ${data.length}`);
  mkdirSync(join(hub.config.dataDir, FOLDER), { recursive: true });
  writeFileSync(fileOf(hub, image.id, type), data);
  return hub.store.save('image', { ...image, url: imageUrl(image.id), lastUpdated });
}

/** The file of the picture an app gave its image, with its type; undefined before it gave one. */
function givenPicture(hub: HubCore, id: string): { type: string; file: string } | undefined {
  for (const type of Object.keys(EXTENSIONS)) {
    const file = fileOf(hub, id, type);
    if (existsSync(file)) return { type, file };
  }
  return undefined;
}

/**
 * The picture of an image as clients get it: a camera's as it took it; an app's as the app gave it, asked of the app
 * when it has given none yet (the app reads its image's source, as an SDK v3 app that only set a path expects). 404
 * when the app gives none or is not running, or when the picture is at its https url.
 */
export async function imagePicture(hub: HubCore & Pick<Hub, 'apps'>, image: Image): Promise<MediaBody> {
  if (!isAppImage(image)) return pictureOf(hub, image);
  const appId = image.ownerUri.slice('homey:app:'.length);
  const atUrl = image.url.startsWith('https://');
  let given = givenPicture(hub, image.id);
  if (!given && !atUrl && hub.apps.isRunning(appId)) {
    await hub.apps.worker(appId).call({ type: 'image.refresh', id: image.id }).catch(() => undefined);
    given = givenPicture(hub, image.id);
  }
  if (given) return { type: given.type, body: readFileSync(given.file) };
  throw notFound(atUrl ? `The picture of image ${image.id} is at ${image.url}` : `Image ${image.id} has no picture yet`);
}

function removePicture(hub: Hub, id: string): void {
  for (const type of Object.keys(EXTENSIONS)) rmSync(fileOf(hub, id, type), { force: true });
}

/** Removes an app's image, its picture, and its place among its devices' images. */
export function removeAppImage(hub: Hub, image: Image): void {
  removePicture(hub, image.id);
  hub.store.transaction(() => {
    for (const device of hub.store.values('device')) {
      const images = device.images.filter((entry) => (entry.imageObj as { id?: unknown }).id !== image.id);
      if (images.length !== device.images.length) hub.store.save('device', { ...device, images });
    }
    hub.store.remove('image', image.id);
  });
}

/** Removes every image of an owner that is gone (an uninstalled app). */
export function removeImagesOf(hub: Hub, ownerUri: string): void {
  for (const image of hub.store.values('image')) if (image.ownerUri === ownerUri) removeAppImage(hub, image);
}

/** Whether the image is an app's (its picture comes from the app), not a camera device's. */
export const isAppImage = (image: Image): boolean => image.ownerUri.startsWith('homey:app:');


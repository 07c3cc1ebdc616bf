import { randomUUID } from 'node:crypto';
import type { components } from '../../../generated/hub/images.js';
import type { MediaBody } from '../../http/api.js';
import type { Hub, HubCore } from '../core/context.js';
import { deviceUri, onCapabilityChanged, type Device } from '../devices/device.js';
import { findDriver } from '../drivers/catalogue.js';

export type Image = components['schemas']['Image'];

const DEVICES_URI = 'homey:manager:devices';

export const imageUrl = (id: string) => `/api/manager/images/image/${id}/image`;

export const requireImage = (hub: HubCore, id: string): Image => hub.store.require('image', id, 'Image');

/**
 * Gives a newly added device the images its driver has (a camera's picture, taken now), listed in its `images`.
 * A device that has them already is left as it is.
 */
export function attachImages(hub: HubCore, device: Device): Device {
  const kinds = findDriver(device.driverId)?.images ?? [];
  if (kinds.length === 0 || device.images.length > 0) return device;
  const lastUpdated = new Date(hub.now()).toISOString();
  return hub.store.transaction(() => {
    const images = kinds.map((type) => {
      const id = randomUUID();
      const image = hub.store.insert('image', { id, ownerUri: deviceUri(device), url: imageUrl(id), lastUpdated });
      return { type, id, imageObj: { id: image.id, url: image.url } };
    });
    return hub.store.save('device', { ...device, images });
  });
}

/** Removes the images of a device that left the home. */
export function detachImages(hub: HubCore, deviceId: string): void {
  const owner = deviceUri({ id: deviceId });
  const owned = hub.store.values('image').filter((image) => image.ownerUri === owner);
  if (owned.length) hub.store.transaction(() => owned.forEach(({ id }) => hub.store.remove('image', id)));
}

/** The camera takes a new picture: lastUpdated becomes now (subscribers get image.update). */
export const takePicture = (hub: HubCore, image: Image): Image => hub.store.save('image', { ...image, lastUpdated: new Date(hub.now()).toISOString() });

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * The picture a virtual camera took: its view of a doorway with the camera's name, zone and the time, and a
 * motion mark while it sees motion. Drawn from the stored state, so it is the same until the next picture.
 */
export function pictureOf(hub: HubCore, image: Image): MediaBody {
  const device = hub.store.get('device', image.ownerUri.slice('homey:device:'.length));
  const zone = device ? hub.store.get('zone', device.zone) : undefined;
  const motion = device?.capabilitiesObj.alarm_motion?.value === true;
  const taken = image.lastUpdated ? image.lastUpdated.replace('T', ' ').slice(0, 19) + ' UTC' : 'no picture yet';
  const caption = escapeXml([device?.name ?? 'Camera', zone?.name].filter(Boolean).join(' · '));
  const svg = [
    '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">',
    '<rect width="640" height="360" fill="#1d2733"/>',
    '<rect x="0" y="250" width="640" height="110" fill="#2e3b4a"/>',
    '<rect x="250" y="90" width="140" height="190" fill="#5b4636" stroke="#8a6f58" stroke-width="6"/>',
    '<circle cx="365" cy="190" r="6" fill="#d9b25f"/>',
    motion ? '<g fill="#e8c39e"><circle cx="180" cy="170" r="22"/><rect x="160" y="195" width="40" height="80" rx="12"/></g>' : '',
    motion ? '<rect x="540" y="18" width="82" height="26" rx="4" fill="#d0021b"/>' : '',
    motion ? '<text x="581" y="36" font-family="sans-serif" font-size="14" fill="#fff" text-anchor="middle">MOTION</text>' : '',
    `<text x="18" y="36" font-family="sans-serif" font-size="18" fill="#fff">${caption}</text>`,
    `<text x="18" y="342" font-family="monospace" font-size="14" fill="#c8d3df">${escapeXml(taken)}</text>`,
    '</svg>',
  ].join('');
  return { type: 'image/svg+xml', body: Buffer.from(svg) };
}

/**
 * Keeps images with their devices: made when a device with a camera is added, removed with it, and a new picture
 * taken when the camera sees motion (unless its setting says not to). Returns the stop, for the hub's close.
 */
export function startImages(hub: HubCore & Pick<Hub, 'capabilityChanges'>): () => void {
  const stopDevices = hub.bus.subscribe(({ uri, event, data }) => {
    if (uri !== DEVICES_URI) return;
    const { id } = data as { id: string };
    if (event === 'device.create') {
      const device = hub.store.get('device', id);
      if (device) attachImages(hub, device);
    } else if (event === 'device.delete') {
      detachImages(hub, id);
    }
  });
  const stopMotion = onCapabilityChanged(hub, ({ device, capabilityId, value, previous }) => {
    if (capabilityId !== 'alarm_motion' || value !== true || previous === true || device.settings.picture_on_motion === false) return;
    for (const { id } of device.images) {
      const image = hub.store.get('image', id);
      if (image) takePicture(hub, image);
    }
  });
  return () => {
    stopDevices();
    stopMotion();
  };
}

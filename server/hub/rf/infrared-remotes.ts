import { randomUUID } from 'node:crypto';
import type { components } from '../../../generated/cloud/infrared.js';
import { ApiError } from '../../http/errors.js';
import type { Listeners } from '../../http/listeners.js';
import { log } from '../../http/log.js';
import { fetchCloudJson } from '../cloud/cloud-fetch.js';
import type { Hub, HubCore } from '../core/context.js';
import { news } from '../core/service.js';
import { buildDevice, onCapabilityChanged, requireZone, saveValues, type Device } from '../devices/device.js';
import { findDriver, VDEVICE_OWNER } from '../drivers/catalogue.js';
import { sendPronto } from './transceiver.js';

/** A device of the cloud infrared library (AthomInfraredAPI `getDevice`): its keys and their Pronto codes. */
export type LibraryDevice = components['schemas']['Device'];

export const INFRARED_DRIVER_ID = `${VDEVICE_OWNER}:infrared`;

/** What a remote made from the library keeps of it in the device's store. */
interface RemoteStore {
  libraryId: string;
  brand: string;
  protocol: string;
  codes: Record<string, string>;
}

/** The library keys each capability value presses, the first the device has: a power toggle stands in for on and off. */
const KEYS: Record<string, (value: unknown) => string[]> = {
  onoff: (value) => (value ? ['powerOn', 'power'] : ['powerOff', 'power']),
  volume_up: () => ['volumeUp'],
  volume_down: () => ['volumeDown'],
  volume_mute: () => ['mute'],
  channel_up: () => ['channelUp'],
  channel_down: () => ['channelDown'],
};
/** Capabilities that are keys: pressed by true, released at once. */
const BUTTONS = new Set(['volume_up', 'volume_down', 'volume_mute', 'channel_up', 'channel_down']);

export interface KeySent {
  deviceId: string;
  key: string;
  pronto: string;
}

declare module '../core/context.js' {
  interface Hub {
    /** Keys the library's remotes sent, for in-process listeners (the infrared keys service's). */
    infraredKeys: Listeners<KeySent>;
  }
}

/** The news of keys the remotes sent. */
export const infraredKeys = news('infraredKeys', 'infrared keys sent');
/** Tells `listener` of each key a remote sends; returns the unsubscribe. */
export const onInfraredKey = (hub: Pick<Hub, 'infraredKeys'>, listener: (sent: KeySent) => void) => hub.infraredKeys.add(listener);

/**
 * The library's device `id` with its codes, from the infrared service at `infraredUrl`, which hubs ask with their
 * credential (`hub.config.hubSecret`); its errors as the hub's: 503, 404, 502.
 */
export async function fetchLibraryDevice(hub: Hub, infraredUrl: string, id: string): Promise<LibraryDevice> {
  const secret = hub.config.hubSecret;
  if (!secret) throw new ApiError(503, 'service_unavailable', 'The hub has no credential for the infrared library (hubSecret)');
  const url = `${infraredUrl.replace(/\/+$/, '')}/device/${encodeURIComponent(id)}?secret=${encodeURIComponent(secret)}`;
  return (await fetchCloudJson(url, 'infrared library')) as LibraryDevice;
}

/**
 * A device of the home made from a library device: the capabilities whose keys it has codes for, the codes kept
 * in its store, so that it works without the cloud from then on.
 */
export function addLibraryRemote(hub: Hub, library: LibraryDevice, placement: { name: string; zone: string }): Device {
  const driver = findDriver(INFRARED_DRIVER_ID)!;
  const capabilities = driver.capabilities.filter((id) => [true, false].some((value) => KEYS[id]!(value).some((key) => key in library.codes)));
  const store: RemoteStore = { libraryId: library.id, brand: library.brand, protocol: library.protocol, codes: library.codes };
  const zoneName = requireZone(hub, placement.zone).name;
  return hub.store.insert(
    'device',
    buildDevice({ driver, capabilities, name: placement.name, zone: placement.zone, zoneName, data: { id: `infrared:${library.id}:${randomUUID()}` }, store: { infrared: store } }, new Date(hub.now()).toISOString()),
  );
}

/**
 * Remotes made from the library send the key of each value set on them over the hub's infrared transmitter (one
 * way: the TV tells nothing back); their key capabilities are released right after.
 */
export function startInfraredRemotes(hub: HubCore & Pick<Hub, 'capabilityChanges' | 'radioChanges' | 'infraredKeys'>): () => void {
  return onCapabilityChanged(hub, ({ device, capabilityId, value, previous }) => {
    if (device.driverId !== INFRARED_DRIVER_ID || !KEYS[capabilityId]) return;
    // A key is sent when pressed, power when it changes: a toggle sent for an unchanged value would flip the TV.
    if (BUTTONS.has(capabilityId) ? value !== true : value === previous) return;
    const codes: Record<string, string> = (device.store as { infrared?: RemoteStore }).infrared?.codes ?? {};
    const key = KEYS[capabilityId](value).find((candidate) => candidate in codes);
    if (key) {
      try {
        sendPronto(hub, codes[key]!, 1);
        hub.infraredKeys.tell({ deviceId: device.id, key, pronto: codes[key]! });
      } catch (error) {
        log.warn({ err: error }, `The infrared code of ${key} could not be sent`);
      }
    }
    if (BUTTONS.has(capabilityId)) saveValues(hub, device, { [capabilityId]: false }, () => randomUUID());
  });
}

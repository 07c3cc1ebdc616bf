import type { Hub } from '../core/context.js';
import type { Device } from '../devices/device.js';
import { addLibraryRemote, fetchLibraryDevice } from '../rf/infrared-remotes.js';
import { rootZone } from '../zones/api.js';

/** The demo home's TV remote: the infrared library's Samsung TV, in the living room. */
export const DEMO_REMOTE = { libraryId: 'samsung-tv', name: 'Living room TV', zone: 'Living room' };
const ADDED = 'demoRemoteAdded';

/**
 * Adds the demo home's TV remote from the cloud infrared library at `infraredUrl` (asked with the hub's credential), once (a later start, or a
 * second call, changes nothing, also after the user removed it). Answers the device, or null when added before.
 */
export async function ensureDemoRemote(hub: Hub, infraredUrl: string): Promise<Device | null> {
  if (hub.settings.get(ADDED)) return null;
  const library = await fetchLibraryDevice(hub, infraredUrl, DEMO_REMOTE.libraryId);
  // Asked again after the wait: two starts racing add one remote.
  if (hub.settings.get(ADDED)) return null;
  const zone = hub.store.values('zone').find((candidate) => candidate.name === DEMO_REMOTE.zone) ?? rootZone(hub.store)!;
  return hub.store.transaction(() => {
    hub.settings.set(ADDED, true);
    return addLibraryRemote(hub, library, { name: DEMO_REMOTE.name, zone: zone.id });
  });
}

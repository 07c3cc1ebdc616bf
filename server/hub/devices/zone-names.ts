import type { HubCore } from '../core/context.js';
import type { Zone } from '../zones/api.js';
import type { Device } from './device.js';

const ZONES_URI = 'homey:manager:zones';

/**
 * Devices carry their zone's name beside its id (`zoneName`, for older clients). When a zone is renamed, the devices
 * in it are saved with the new name, so that subscribers hear `device.update`; at start, devices stored before they
 * carried it get it. Any other zone change (activity, many a minute) costs one comparison of names.
 */
export function followZoneNames(hub: HubCore): () => void {
  const names = new Map(hub.store.values('zone').map((zone) => [zone.id, zone.name]));
  const rename = (devices: Device[]) =>
    hub.store.transaction(() => devices.forEach((device) => hub.store.save('device', { ...device, zoneName: names.get(device.zone) ?? '' })));
  rename(hub.store.values('device').filter((device) => device.zoneName !== names.get(device.zone)));
  return hub.bus.subscribe(({ uri, event, data }) => {
    if (uri !== ZONES_URI) return;
    const zone = data as Zone;
    if (event === 'zone.delete') names.delete(zone.id);
    else if (names.get(zone.id) !== zone.name) {
      names.set(zone.id, zone.name);
      if (event === 'zone.update') rename(hub.store.values('device').filter((device) => device.zone === zone.id));
    }
  });
}

import type { HubCore } from '../core/context.js';
import { isGroup } from './group-values.js';

/** A device with some of the watched capabilities, their values now, and those alerting. */
export interface WatchedDevice {
  id: string;
  name: string;
  zone: string;
  values: Record<string, boolean | null>;
  alerting: string[];
}

/**
 * The devices of the home with any of `capabilities` (groups left out: their members tell), each with those values
 * now and the ones that alert: a value equal to the capability's alerting value (true for an alarm, false for a lock).
 */
export function watchedDevices(hub: HubCore, alertingValue: ReadonlyMap<string, boolean>): WatchedDevice[] {
  const watched: WatchedDevice[] = [];
  for (const device of hub.store.values('device')) {
    if (isGroup(device)) continue;
    const ids = device.capabilities.filter((id) => alertingValue.has(id));
    if (ids.length === 0) continue;
    const values: Record<string, boolean | null> = {};
    for (const id of ids) {
      const value = device.capabilitiesObj[id]?.value;
      values[id] = typeof value === 'boolean' ? value : null;
    }
    const alerting = ids.filter((id) => values[id] === alertingValue.get(id));
    watched.push({ id: device.id, name: device.name, zone: device.zone, values, alerting });
  }
  return watched;
}

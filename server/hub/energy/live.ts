import type { components } from '../../../generated/hub/energy.js';
import { notFound } from '../../http/errors.js';
import type { Hub } from '../context.js';
import type { Device } from '../devices/device.js';
import { isGroup } from '../devices/group-values.js';
import { rootZone, type Zone } from '../zones/api.js';

type LiveReport = components['schemas']['EnergyLiveReport'];

/** The zone and every zone below it, parents before children. */
function subtree(zones: readonly Zone[], top: Zone): Zone[] {
  const found = [top];
  for (let index = 0; index < found.length; index++) found.push(...zones.filter((zone) => zone.parent === found[index]!.id));
  return found;
}

/** Power right now in a zone (default the root) and the zones below it, from the devices' measure_power. */
export function liveReport(hub: Hub, zoneId: string | undefined): LiveReport {
  const top = zoneId === undefined ? rootZone(hub.store) : hub.store.get<Zone>('zone', zoneId);
  if (!top) throw notFound(`Zone ${zoneId ?? '(root)'}`);
  const zones = subtree(hub.store.values<Zone>('zone'), top);
  const inside = new Set(zones.map((zone) => zone.id));
  const devices: LiveReport['devices'] = {};
  const own = new Map<string, number>();
  for (const device of hub.store.values<Device>('device')) {
    const power = device.capabilitiesObj.measure_power;
    if (!inside.has(device.zone) || isGroup(device) || typeof power?.value !== 'number') continue;
    devices[device.id] = { id: device.id, name: device.name, zone: device.zone, W: power.value, lastUpdated: power.lastUpdated ?? null };
    own.set(device.zone, (own.get(device.zone) ?? 0) + power.value);
  }
  // Children come after their parents: summing in reverse adds each zone's total to its parent once complete.
  const totals = new Map(zones.map((zone) => [zone.id, own.get(zone.id) ?? 0]));
  for (const zone of [...zones].reverse()) {
    if (zone.id !== top.id && zone.parent !== null) totals.set(zone.parent, totals.get(zone.parent)! + totals.get(zone.id)!);
  }
  return {
    zone: top.id,
    W: totals.get(top.id)!,
    deviceCount: Object.keys(devices).length,
    devices,
    zones: Object.fromEntries(zones.map((zone) => [zone.id, { id: zone.id, name: zone.name, parent: zone.parent, W: totals.get(zone.id)! }])),
  };
}

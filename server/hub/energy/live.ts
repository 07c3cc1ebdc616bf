import type { components } from '../../../generated/hub/energy.js';
import { notFound } from '../../http/errors.js';
import type { HubCore } from '../core/context.js';
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

type LiveDevice = LiveReport['devices'][string];

/** A device that measures the whole home's use (a smart meter's dongle): its energy is `cumulative`. */
export const isCumulative = (device: Device) => device.energy?.cumulative === true;

/**
 * What a device draws right now: its measure_power; else its energy approximation (seed 002): a constant use, or
 * `usageOn` while on and `usageOff` while off. Undefined for a device that tells neither (a sensor on batteries).
 */
function powerOf(device: Device): Pick<LiveDevice, 'W' | 'lastUpdated' | 'approximated'> | undefined {
  const measured = device.capabilitiesObj.measure_power;
  if (typeof measured?.value === 'number') return { W: measured.value, lastUpdated: measured.lastUpdated ?? null, approximated: false };
  const approximation = device.energy?.approximation;
  if (approximation?.usageConstant !== undefined) return { W: approximation.usageConstant, lastUpdated: null, approximated: true };
  const onoff = device.capabilitiesObj.onoff;
  if (!approximation || typeof onoff?.value !== 'boolean') return undefined;
  const W = (onoff.value ? approximation.usageOn : approximation.usageOff) ?? 0;
  return { W, lastUpdated: onoff.lastUpdated ?? null, approximated: true };
}

/** Power right now in a zone (default the root) and the zones below it, measured or approximated per device. */
export function liveReport(hub: HubCore, zoneId: string | undefined): LiveReport {
  const top = zoneId === undefined ? rootZone(hub.store) : hub.store.get('zone', zoneId);
  if (!top) throw notFound(`Zone ${zoneId ?? '(root)'}`);
  const zones = subtree(hub.store.values('zone'), top);
  const inside = new Set(zones.map((zone) => zone.id));
  const devices: LiveReport['devices'] = {};
  const meters: LiveReport['cumulative']['devices'] = {};
  const own = new Map<string, number>();
  for (const device of hub.store.values('device')) {
    const power = inside.has(device.zone) && !isGroup(device) ? powerOf(device) : undefined;
    if (!power) continue;
    const entry = { id: device.id, name: device.name, zone: device.zone, ...power };
    // A meter of the whole home (a smart meter's dongle) already counts every other device: it is not one more.
    if (isCumulative(device)) {
      meters[device.id] = entry;
      continue;
    }
    devices[device.id] = entry;
    own.set(device.zone, (own.get(device.zone) ?? 0) + power.W);
  }
  // Children come after their parents: summing in reverse adds each zone's total to its parent once complete.
  const totals = new Map(zones.map((zone) => [zone.id, own.get(zone.id) ?? 0]));
  for (const zone of [...zones].reverse()) {
    if (zone.id !== top.id && zone.parent !== null) totals.set(zone.parent, totals.get(zone.parent)! + totals.get(zone.id)!);
  }
  // Approximations add tenths of watts: a total reads to the milliwatt, without the float's noise.
  const watts = (zone: Zone) => Math.round(totals.get(zone.id)! * 1000) / 1000;
  return {
    zone: top.id,
    W: watts(top),
    deviceCount: Object.keys(devices).length,
    devices,
    zones: Object.fromEntries(zones.map((zone) => [zone.id, { id: zone.id, name: zone.name, parent: zone.parent, W: watts(zone) }])),
    cumulative: {
      W: Object.keys(meters).length ? Math.round(Object.values(meters).reduce((sum, meter) => sum + meter.W, 0) * 1000) / 1000 : null,
      devices: meters,
    },
  };
}

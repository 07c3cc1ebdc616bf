import type { components } from '../../../generated/cloud/energy.js';
import { notFound } from '../../http/errors.js';
import { priceZoneList } from '../../common/price-zones.js';
import sample from './day-ahead-sample.json' with { type: 'json' };

export type Zone = components['schemas']['Zone'];

/** [south, west, north, east] in degrees: each zone's area as a box, rough at borders (see zoneAt). */
type Area = readonly [number, number, number, number];

/** The hub's zones (ids, names, currencies: server/hub/energy/prices.ts) with the sample's version. */
export const ZONES: ReadonlyMap<string, Zone> = new Map(
  Object.values(priceZoneList()).map(({ id, name, currency }) => [id, { id, name, currency, version: sample.zoneVersion }]),
);
const areas = new Map(Object.entries(sample.areas).map(([id, [south, west, north, east]]): [string, Area] => [id, [south!, west!, north!, east!]]));

export function requireZone(id: string): Zone {
  const zone = ZONES.get(id);
  if (!zone) throw notFound(`Zone ${id}`);
  return zone;
}

/** The zone whose area holds the place; where boxes overlap at a border, the one whose centre is nearest. */
export function zoneAt(latitude: number, longitude: number): Zone {
  let best: { id: string; distance: number } | undefined;
  for (const [id, [south, west, north, east]] of areas) {
    if (latitude < south || latitude > north || longitude < west || longitude > east) continue;
    const distance = Math.hypot(latitude - (south + north) / 2, (longitude - (west + east) / 2) * Math.cos((latitude * Math.PI) / 180));
    if (!best || distance < best.distance) best = { id, distance };
  }
  if (!best) throw notFound('Zone at this place');
  return requireZone(best.id);
}

/** Every zone has an area and a price level: checked by the tests, so that the hub's list and the sample never drift. */
export const sampleCovers = (id: string) => areas.has(id) && Object.hasOwn(sample.levels, id);

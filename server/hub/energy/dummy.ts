import type { components } from '../../../generated/hub/energy.js';
import { badRequest } from '../../http/errors.js';
import type { HubCore } from '../core/context.js';
import { isGroup } from '../devices/group-values.js';
import { rootZone } from '../zones/api.js';
import { DAY_MS, HOUR_MS, parseDay, periodOf } from './periods.js';
import type { UsageRow, UsageTable } from './usage.js';

type DummyReports = components['schemas']['EnergyDummyReports'];

export interface DummyOptions {
  fromDate?: string;
  toDate?: string;
  randomness?: number;
  numTopConsumers?: number;
}

const MAX_DAYS = 366;
/** How much of its base power a household load draws in each hour of the day: low at night, peaks at breakfast and dinner. */
const DAY_PROFILE = [0.5, 0.45, 0.4, 0.4, 0.4, 0.5, 0.8, 1.3, 1.2, 0.9, 0.8, 0.8, 0.9, 0.8, 0.8, 0.9, 1.1, 1.5, 1.8, 1.7, 1.5, 1.2, 0.9, 0.7];

/** A small seeded generator (mulberry32), so that the same request gives the same data. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Consumer = Pick<UsageRow, 'deviceId' | 'name' | 'zone' | 'category'>;

/** The hub's metering devices, then named stand-ins when it has fewer than asked for. */
function consumers(hub: HubCore, count: number): Consumer[] {
  const metering = hub.store
    .values('device')
    .filter((device) => !isGroup(device) && device.capabilities.some((id) => id === 'measure_power' || id === 'meter_power'))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((device) => ({ deviceId: device.id, name: device.name, zone: device.zone, category: device.class }));
  const zone = rootZone(hub.store)?.id ?? '';
  for (let n = metering.length + 1; metering.length < count; n++) {
    metering.push({ deviceId: `dummy-${n}`, name: `Dummy consumer ${n}`, zone, category: 'other' });
  }
  return metering.slice(0, count);
}

/** Replaces the dummy data with hourly electricity over the days asked for, up to the current hour. */
export function enableDummyReports(hub: HubCore, usage: UsageTable, options: DummyOptions): DummyReports {
  const today = periodOf('day', hub.now());
  const to = options.toDate === undefined ? today : parseDay(options.toDate, 'toDate');
  const from = options.fromDate === undefined ? periodOf('day', to.start - 29 * DAY_MS) : parseDay(options.fromDate, 'fromDate');
  if (from.start > to.start) throw badRequest(`fromDate ${from.id} is after toDate ${to.id}`);
  if ((to.end - from.start) / DAY_MS > MAX_DAYS) throw badRequest(`At most ${MAX_DAYS} days of dummy data at once`);
  const randomness = options.randomness ?? 0.3;
  const loads = consumers(hub, options.numTopConsumers ?? 5);
  const until = Math.min(to.end, periodOf('hour', hub.now()).start);
  const random = seeded(from.start / DAY_MS);
  const rows: UsageRow[] = [];
  for (let hour = from.start; hour < until; hour += HOUR_MS) {
    loads.forEach((load, rank) => {
      // The top consumer draws most: 1 kW, then 500 W, 333 W ... on average.
      const kWh = (DAY_PROFILE[(hour / HOUR_MS) % 24]! / (rank + 1)) * (1 + randomness * (random() * 2 - 1));
      rows.push({ ...load, hour, kWh: Math.round(kWh * 1e4) / 1e4 });
    });
  }
  hub.db.transaction(() => {
    usage.deleteDummy();
    usage.add(rows, true);
  })();
  return { fromDate: from.id, toDate: to.id, deviceCount: loads.length, hourCount: Math.max(0, (until - from.start) / HOUR_MS) };
}

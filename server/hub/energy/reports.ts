import type { components } from '../../../generated/hub/energy.js';
import type { HubCore } from '../core/context.js';
import { currencyInEffect, hourlyPrices } from './prices.js';
import { bucketStarts, type Period } from './periods.js';
import type { BucketSize, UsageSum, UsageTable } from './usage.js';

export type Report = components['schemas']['EnergyReport'];

const bucketSize = (period: Period): BucketSize => (period.type === 'hour' || period.type === 'day' ? 'hour' : period.type === 'year' ? 'month' : 'day');

const kWhOf = (value: number) => Math.round(value * 1e6) / 1e6;
const costOf = (value: number | null) => (value === null ? null : Math.round(value * 1e4) / 1e4);
const addCost = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);

/**
 * Each zone with electricity, counting its own devices' and those of the zones below it: the sums per zone come
 * from SQL, the roll-up walks the current zone tree. A zone deleted since keeps its own sum, with no name.
 */
function zoneTotals(hub: HubCore, own: UsageSum[]): Report['zones'] {
  const totals = new Map<string, { kWh: number; cost: number | null }>();
  for (const { key, kWh, cost } of own) {
    const seen = new Set<string>();
    for (let id: string | null = String(key); id !== null && !seen.has(id); id = hub.store.get('zone', id)?.parent ?? null) {
      seen.add(id);
      const total = totals.get(id) ?? { kWh: 0, cost: null };
      totals.set(id, { kWh: total.kWh + kWh, cost: addCost(total.cost, cost) });
    }
  }
  return Object.fromEntries(
    [...totals].map(([id, { kWh, cost }]) => {
      const zone = hub.store.get('zone', id);
      return [id, { id, name: zone?.name ?? null, parent: zone?.parent ?? null, kWh: kWhOf(kWh), cost: costOf(cost) }];
    }),
  );
}

/** A report of a period, every sum done by SQL over the hourly rows, priced at today's prices. */
export function buildReport(hub: HubCore, usage: UsageTable, period: Period): Report {
  const prices = hourlyPrices(hub);
  const sums = new Map(usage.buckets(bucketSize(period), period.start, period.end, prices).map((sum) => [Number(sum.key), sum]));
  const buckets = bucketStarts(period).map((start) => {
    const sum = sums.get(start);
    return { periodStart: new Date(start).toISOString(), kWh: kWhOf(sum?.kWh ?? 0), cost: costOf(sum ? sum.cost : null) };
  });
  const total = [...sums.values()].reduce((acc, sum) => ({ kWh: acc.kWh + sum.kWh, cost: addCost(acc.cost, sum.cost) }), { kWh: 0, cost: null as number | null });
  const devices = usage.devices(period.start, period.end, prices).map(({ key, name, zone, category, kWh, cost }) => [
    String(key),
    { id: String(key), name, zone, category, kWh: kWhOf(kWh), cost: costOf(cost) },
  ]);
  const categories = usage.categories(period.start, period.end, prices).map(({ key, kWh, cost }) => [String(key), { id: String(key), kWh: kWhOf(kWh), cost: costOf(cost) }]);
  return {
    id: period.id,
    periodStart: new Date(period.start).toISOString(),
    periodEnd: new Date(period.end).toISOString(),
    currency: currencyInEffect(hub).currency,
    kWh: kWhOf(total.kWh),
    cost: costOf(total.cost),
    buckets,
    devices: Object.fromEntries(devices),
    zones: zoneTotals(hub, usage.zones(period.start, period.end, prices)),
    categories: Object.fromEntries(categories),
  };
}

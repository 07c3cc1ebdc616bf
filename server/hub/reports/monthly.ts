import type { components } from '../../../generated/hub/reports.js';
import { notFound } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { report } from '../energy/manage.js';
import { parseMonth } from '../energy/periods.js';

type MonthlyReport = components['schemas']['MonthlyReport'];
type SummaryEntry = components['schemas']['MonthlyReportSummaryEntry'];

const TOP_DEVICES = 5;

/** Each month with recorded electricity, with its totals. */
export function monthlySummary(hub: HubCore & Pick<Hub, 'energy'>): Record<string, SummaryEntry> {
  const recorder = hub.energy;
  recorder.flush();
  return Object.fromEntries(
    recorder.usage.available().months.map((id) => {
      const { kWh, cost, currency } = report(recorder, hub, parseMonth(id), 'true');
      return [id, { id, kWh, cost, currency }];
    }),
  );
}

/** The month before `YYYY-MM`, as YYYY-MM. */
function previousMonth(id: string): string {
  const [year, month] = id.split('-').map(Number) as [number, number];
  const before = new Date(Date.UTC(year, month - 2, 1));
  return `${before.getUTCFullYear()}-${String(before.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** A month's report from the recorded electricity; 400 for a malformed month, 404 for one without records. */
export function monthlyReport(hub: HubCore & Pick<Hub, 'energy'>, id: string): MonthlyReport {
  const period = parseMonth(id);
  const recorder = hub.energy;
  recorder.flush();
  if (!recorder.usage.has(period.start, period.end)) throw notFound(`Monthly report of ${id}`);
  const month = report(recorder, hub, period, 'true');
  const before = parseMonth(previousMonth(id));
  const previousMonthKWh = recorder.usage.has(before.start, before.end) ? report(recorder, hub, before, 'true').kWh : null;
  const topDevices = Object.values(month.devices)
    .sort((a, b) => b.kWh - a.kWh)
    .slice(0, TOP_DEVICES)
    .map(({ id: deviceId, name, kWh, cost }) => ({ id: deviceId, name, kWh, cost }));
  return {
    id,
    periodStart: month.periodStart,
    periodEnd: month.periodEnd,
    currency: month.currency,
    kWh: month.kWh,
    cost: month.cost,
    previousMonthKWh,
    changePercent: previousMonthKWh ? Math.round(((month.kWh - previousMonthKWh) / previousMonthKWh) * 100) : null,
    topDevices,
    categories: month.categories,
  };
}

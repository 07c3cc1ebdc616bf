import type { components } from '../../../generated/hub/energy.js';
import { notFound } from '../../http/errors.js';
import type { HubCore } from '../core/context.js';
import { isGroup } from '../devices/group-values.js';
import { liveReport } from './live.js';
import { currencyInEffect, priceType } from './prices.js';
import { parseDay, periodOf, type Period, type PeriodType } from './periods.js';
import type { EnergyRecorder } from './recorder.js';
import { buildReport, type Report } from './reports.js';

/** A report, after recording the energy of devices still drawing power unless a cached answer will do. */
export function report(recorder: EnergyRecorder, hub: HubCore, period: Period, cache: string | undefined): Report {
  if (cache !== 'true') recorder.flush();
  return buildReport(hub, recorder.usage, period);
}

export function energyState(recorder: EnergyRecorder, hub: HubCore): components['schemas']['EnergyState'] {
  recorder.flush();
  const measured = hub.store
    .values('device')
    .filter((device) => !isGroup(device) && device.capabilities.some((id) => id === 'measure_power' || id === 'meter_power'));
  return {
    measuredDeviceCount: measured.length,
    liveW: liveReport(hub, undefined).W,
    todayKWh: buildReport(hub, recorder.usage, periodOf('day', hub.now())).kWh,
    reportDayCount: recorder.usage.dayCount(),
    priceType: priceType(hub),
    currency: currencyInEffect(hub).currency,
    dummyReports: recorder.usage.hasDummy(),
  };
}

/** Puts each device's electricity of that day under the class it has now; 404 when the day has no report. */
export function resetDayCategories(recorder: EnergyRecorder, hub: HubCore, date: string): Report {
  const day = parseDay(date);
  const deviceIds = recorder.usage.deviceIds(day.start, day.end);
  if (deviceIds.length === 0) throw notFound(`Energy report of ${day.id}`);
  hub.db.transaction(() => {
    for (const id of deviceIds) {
      const device = hub.store.get('device', id);
      if (device) recorder.usage.recategorize(id, device.class, day.start, day.end);
    }
  })();
  recorder.publish(day, 'update');
  return buildReport(hub, recorder.usage, day);
}

const availableTypes: Array<[PeriodType, 'days' | 'weeks' | 'months' | 'years']> = [['day', 'days'], ['week', 'weeks'], ['month', 'months'], ['year', 'years']];

/** Forgets every recorded hour, telling subscribers which reports are gone. */
export function deleteReports(recorder: EnergyRecorder): void {
  recorder.flush();
  const available = recorder.usage.available();
  recorder.usage.deleteAll();
  recorder.forgetPublished();
  for (const [type, list] of availableTypes) for (const id of available[list]) recorder.publishDelete(type, id);
}

import { every } from '../../http/clock.js';
import type { Hub, HubCore } from '../core/context.js';
import { onCapabilityChanged, type CapabilityChange, type Device } from '../devices/device.js';
import { isGroup } from '../devices/group-values.js';
import { isCumulative } from './live.js';
import { HOUR_MS, PERIOD_TYPES, periodOf, type Period, type PeriodType } from './periods.js';
import { buildReport } from './reports.js';
import { UsageTable, type UsageRow } from './usage.js';
import type { HubService } from '../core/service.js';

const MANAGER_URI = 'homey:manager:energy';
/** How often, on the hub's clock, a report that keeps changing is published again: the hour and day every minute, longer periods every hour. */
const THROTTLE_MS: Record<PeriodType, number> = { hour: 60_000, day: 60_000, week: HOUR_MS, month: HOUR_MS, year: HOUR_MS };
/** Devices still drawing power are recorded this often (real time) even when nothing changes. */
const FLUSH_INTERVAL_MS = 60_000;

interface OpenInterval {
  watts: number;
  since: number;
}

const powerOf = (device: Device) => {
  const value = device.capabilitiesObj.measure_power?.value;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/**
 * Whether a device's use is recorded as its own: not a group (its members are) nor a meter of the hub home (a
 * smart meter's dongle, whose use is every other device's together).
 */
const counted = (device: Device) => !isGroup(device) && !isCumulative(device);

/** Whether a device's electricity is recorded from measure_power (else, with only a meter, from meter_power). */
const measuresPower = (device: Device) => device.capabilities.includes('measure_power');

/**
 * Records electricity per device and hour: `measure_power` integrated over time on the hub's clock (the power
 * last reported holds until the next report), or for devices with only a meter its `meter_power` increases.
 * Device groups are skipped: their members are counted. Publishes report updates, throttled per period.
 */
export class EnergyRecorder {
  readonly usage: UsageTable;
  private readonly open = new Map<string, OpenInterval>();
  private readonly published = new Map<PeriodType, { id: string; at: number }>();
  private unsubscribe: (() => void) | null = null;
  private cancelFlush: (() => void) | null = null;

  constructor(private readonly hub: HubCore & Pick<Hub, 'capabilityChanges'>) {
    this.usage = new UsageTable(hub.db);
  }

  /** Starts from now: the power each device reports holds from this moment (time the hub was down is not counted). */
  start(): void {
    this.track(this.hub.now());
    this.unsubscribe = onCapabilityChanged(this.hub, (change) => this.changed(change));
    this.cancelFlush = every(this.hub.clock, FLUSH_INTERVAL_MS, () => this.flush());
  }

  stop(): void {
    this.unsubscribe?.();
    this.cancelFlush?.();
    this.cancelFlush = null;
    if (this.hub.db.open) this.flush();
  }

  /** Records the energy of every device still drawing power up to now. */
  flush(): void {
    const now = this.hub.now();
    const rows: UsageRow[] = [];
    for (const [deviceId, interval] of this.open) {
      const device = this.hub.store.get('device', deviceId);
      if (!device) {
        this.open.delete(deviceId);
        continue;
      }
      rows.push(...this.accrue(device, interval, now));
      interval.since = Math.max(interval.since, now);
    }
    this.track(now);
    this.record(rows, now);
  }

  /** Devices that report power but have not changed it since they were added: their power holds from now. */
  private track(now: number): void {
    for (const device of this.hub.store.values('device')) {
      const watts = powerOf(device);
      if (watts !== null && counted(device) && !this.open.has(device.id)) this.open.set(device.id, { watts, since: now });
    }
  }

  /** Forgets which reports were published, so that the next recorded energy announces them as new. */
  forgetPublished(): void {
    this.published.clear();
  }

  private changed({ device, capabilityId, value, previous, time }: CapabilityChange): void {
    if (!counted(device)) return;
    if (capabilityId === 'measure_power') {
      const interval = this.open.get(device.id);
      const rows = interval ? this.accrue(device, interval, time) : [];
      const watts = typeof value === 'number' && Number.isFinite(value) ? value : 0;
      this.open.set(device.id, { watts, since: Math.max(time, interval?.since ?? time) });
      this.record(rows, time);
    } else if (capabilityId === 'meter_power' && !measuresPower(device) && typeof value === 'number' && typeof previous === 'number' && value > previous) {
      // A meter that goes down was reset or replaced: nothing was used.
      this.record([this.row(device, periodOf('hour', time).start, value - previous)], time);
    }
  }

  /** The energy of an interval up to `until`, split over the hours it spans. */
  private accrue(device: Device, interval: OpenInterval, until: number): UsageRow[] {
    const rows: UsageRow[] = [];
    if (interval.watts <= 0) return rows;
    for (let from = interval.since; from < until; ) {
      const hour = periodOf('hour', from);
      const to = Math.min(until, hour.end);
      rows.push(this.row(device, hour.start, (interval.watts * (to - from)) / HOUR_MS / 1000));
      from = to;
    }
    return rows;
  }

  private row(device: Device, hour: number, kWh: number): UsageRow {
    return { deviceId: device.id, hour, name: device.name, zone: device.zone, category: device.class, kWh };
  }

  private record(rows: UsageRow[], now: number): void {
    if (rows.length === 0) return;
    const touched = new Map<string, Period>();
    for (const type of PERIOD_TYPES) {
      for (const { hour } of rows) {
        const period = periodOf(type, hour);
        touched.set(`${type}:${period.id}`, period);
      }
    }
    const news = [...touched.values()].filter((period) => this.due(period, now));
    const created = new Set(news.filter((period) => !this.usage.has(period.start, period.end)));
    this.usage.add(rows);
    for (const period of news) this.publish(period, created.has(period) ? 'create' : 'update', now);
  }

  private due(period: Period, now: number): boolean {
    const last = this.published.get(period.type);
    return !last || last.id !== period.id || now - last.at >= THROTTLE_MS[period.type];
  }

  /** Publishes a report as `energyreport<type>.<event>` on the manager's uri. */
  publish(period: Period, event: 'create' | 'update', now = this.hub.now()): void {
    this.published.set(period.type, { id: period.id, at: now });
    this.hub.bus.publish(MANAGER_URI, `energyreport${period.type}.${event}`, buildReport(this.hub, this.usage, period));
  }

  publishDelete(type: PeriodType, id: string): void {
    this.hub.bus.publish(MANAGER_URI, `energyreport${type}.delete`, { id });
  }
}

declare module '../core/context.js' {
  interface Hub {
    /** Energy use per device and period, and the reports made of it. */
    energy: EnergyRecorder;
  }
}

/** The hub's energy recorder: records usage from its start and stops with the hub. */
export const energyRecorder: HubService<Pick<Hub, 'capabilityChanges'>, Pick<Hub, 'energy'>> = {
  name: 'energy',
  start: (hub) => {
    const energy = new EnergyRecorder(hub);
    energy.start();
    return { gives: { energy }, stop: () => energy.stop() };
  },
};

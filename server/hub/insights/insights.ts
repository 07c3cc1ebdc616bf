import type { components } from '../../../generated/hub/insights.js';
import { badRequest, notFound } from '../../http/errors.js';
import { log } from '../../http/log.js';
import type { Hub, HubCore } from '../core/context.js';
import { deviceUri, onCapabilityChanged, type CapabilityChange, type Device } from '../devices/device.js';
import { stepTimes, windowOf, yearDayPhase, type Resolution } from './resolutions.js';
import { DAY_MS, InsightsTables, type Entry, type StepRow } from './tables.js';
import type { HubService } from '../core/service.js';

export type Log = components['schemas']['Log'];
type LogEntries = components['schemas']['LogEntries'];
/** A log as stored: its value fields come from the capability it follows (see `present`). */
export type StoredLog = Omit<Log, 'lastValue' | 'lastUpdated'>;
type InsightEntry = Device['insights'][number];

declare module '../core/items.js' {
  interface HubItems {
    /** Without its last value: reads and events take it from the capability the log follows. */
    log: StoredLog;
  }
}

const INSIGHTS_URI = 'homey:manager:insights';
const DEVICES_URI = 'homey:manager:devices';
/**
 * Values wait this long, or until this many wait, to be written in one transaction: a commit per value would more
 * than double the cost of a capability write. A power cut may lose the last second, as ItemStore.relaxed allows.
 */
const FLUSH_AFTER_MS = 1000;
const FLUSH_ROWS = 500;

const logId = (entry: Pick<InsightEntry, 'uri' | 'id'>) => `${entry.uri}:${entry.id}`;
/** Means rid of float noise (21.349999999 → 21.35). */
const tidy = (mean: number) => Math.round(mean * 1e6) / 1e6;

/**
 * A boolean log records changes, and its state holds until the next: a step is true when the state was true at any
 * time in it, and a step without changes has the state before it (`before`: the window's first steps).
 */
function fillStates(values: LogEntries['values'], steps: StepRow[], before: number | undefined): void {
  let state: boolean | null = before === undefined ? null : before > 0;
  let next = 0;
  values.forEach((entry, index) => {
    const step = steps[next]?.step === index ? steps[next++] : undefined;
    entry.v = step ? step.sum > 0 || state === true : state;
    if (step) state = step.last > 0;
  });
}

/**
 * Insights: a log per capability a device keeps insights of (made when the device is added, following its name,
 * deleted with it), every value of those capabilities recorded in the insights tables, entries answered per
 * resolution, and retention run daily on the hub's clock. Values are batched (see FLUSH_AFTER_MS) and written in one
 * relaxed transaction; every read, delete and the hub's close write the waiting ones first.
 */
export class Insights {
  private tables: InsightsTables | undefined;
  private pending: Entry[] = [];
  private stops: Array<() => void> = [];
  private cancelRetention: (() => void) | undefined;
  private cancelFlush: (() => void) | undefined;

  constructor(private readonly hub: HubCore & Pick<Hub, 'capabilityChanges'>) {}

  private get db(): InsightsTables {
    return (this.tables ??= new InsightsTables(this.hub.db, yearDayPhase(this.hub.now())));
  }

  /** Makes the logs of every device, follows devices and their values from now on, and starts retention. */
  start(): void {
    const { hub } = this;
    hub.store.presentAs('log', (log) => this.present(log));
    this.syncAll();
    this.stops.push(
      onCapabilityChanged(hub, (change) => this.record(change)),
      hub.bus.subscribe(({ uri, event, data }) => {
        if (uri !== DEVICES_URI) return;
        if (event === 'device.delete') this.removeOwner(deviceUri(data as { id: string }));
        else if (event === 'device.create' || event === 'device.update') this.syncDevice(data as Device);
      }),
    );
    this.retain();
  }

  close(): void {
    this.flush();
    this.cancelRetention?.();
    for (const stop of this.stops.splice(0)) stop();
  }

  /** Every device's logs, made where missing; logs whose owner (a device, an app) is gone are deleted. */
  syncAll(): void {
    const { store } = this.hub;
    const owners = new Set<string>(store.values('app').map((app) => `homey:app:${app.id}`));
    for (const device of store.values('device')) {
      owners.add(deviceUri(device));
      this.syncDevice(device);
    }
    for (const log of store.values('log')) if (!owners.has(log.ownerUri)) this.deleteLog(log.id);
  }

  /** Runs on every device write (each capability value too): only Map lookups unless a log is missing or renamed. */
  private syncDevice(device: Device): void {
    const { store } = this.hub;
    for (const entry of device.insights) {
      const log = store.get('log', logId(entry));
      if (!log) this.addLog(device, entry);
      else if (log.ownerName !== device.name) store.save('log', { ...log, ownerName: device.name });
    }
  }

  private addLog(device: Device, entry: InsightEntry): StoredLog {
    const type = device.capabilitiesObj[entry.id]?.type === 'boolean' ? 'boolean' : 'number';
    const { title, titleTrue, titleFalse, units, decimals } = entry;
    const log: StoredLog = {
      id: logId(entry), ownerUri: entry.uri, ownerId: device.id, ownerName: device.name, title, titleTrue, titleFalse, type, units, decimals,
    };
    this.db.addLog(log.id);
    return this.hub.store.insert('log', log);
  }

  /** A log an owner other than a device keeps (an app's `homey.insights.createLog`): its values come by `addEntry`. */
  addOwnLog(log: StoredLog): StoredLog {
    this.db.addLog(log.id);
    return this.hub.store.insert('log', log);
  }

  /** A value of a log that follows no capability, recorded now (a boolean as a change, as `record` does). */
  addEntry(log: StoredLog, value: number | boolean): void {
    this.queue(this.db.addLog(log.id), log.id, this.hub.now(), value);
  }

  /** Deletes the logs of an owner that is gone (a device, an app). */
  removeOwner(ownerUri: string): void {
    for (const log of this.hub.store.values('log')) if (log.ownerUri === ownerUri) this.deleteLog(log.id);
  }

  /** Records numbers as reported (a steady reading still fills its steps) and booleans when they change. */
  private record({ device, capabilityId, value, previous, time }: CapabilityChange): void {
    if (typeof value !== 'number' && (typeof value !== 'boolean' || value === previous)) return;
    const id = `${deviceUri(device)}:${capabilityId}`;
    let key = this.db.keyOf(id);
    if (key === undefined) {
      const entry = device.insights.find((insight) => insight.id === capabilityId);
      if (!entry) return;
      this.addLog(device, entry);
      key = this.db.keyOf(id)!;
    }
    this.queue(key, id, time, value);
  }

  private queue(key: number, id: string, time: number, value: number | boolean): void {
    if (!this.pending.length) this.cancelFlush = this.hub.clock.at(this.hub.now() + FLUSH_AFTER_MS, () => this.flush());
    this.pending.push([key, time, Number(value)]);
    if (this.pending.length >= FLUSH_ROWS) this.flush();
    if (typeof value === 'boolean') this.hub.bus.publish(INSIGHTS_URI, 'logentryboolean.create', { id, t: new Date(time).toISOString(), v: value });
  }

  /** Writes the values waiting for the database; reads and deletes call it first. */
  flush(): void {
    this.cancelFlush?.();
    this.cancelFlush = undefined;
    if (!this.pending.length) return;
    const rows = this.pending;
    this.pending = [];
    try {
      this.hub.store.relaxed(() => this.db.add(rows));
    } catch (error) {
      log.error({ err: error }, 'Insights could not record values');
    }
  }

  /**
   * Records a history of values (epoch ms, value) in a log at once: the demo home's, a bulk import. Its rows are
   * made as they are written: a year of minutes held as rows at once would outlive the young generation, for the
   * collector to copy and later compact.
   */
  importValues(log: StoredLog, values: Iterable<readonly [t: number, v: number | boolean]>): void {
    this.flush();
    const key = this.db.addLog(log.id);
    const rows = function* (): Generator<Entry> {
      for (const [t, v] of values) yield [key, t, Number(v)];
    };
    this.hub.store.relaxed(() => this.db.add(rows()));
  }

  /**
   * Deletes what has outlived its retention now and at every midnight (UTC) of the hub's clock: daily, so that a
   * clock moved on by months (a hub that was off, a test) catches up in few runs.
   */
  private retain(): void {
    this.flush();
    const now = this.hub.now();
    this.db.prune(now);
    this.cancelRetention = this.hub.clock.at(now - (now % DAY_MS) + DAY_MS, () => this.retain());
  }

  /** The log as the API answers it: with the current value of the capability it follows, or its last entry. */
  present(log: StoredLog): Log {
    if (!log.ownerUri.startsWith('homey:device:')) return { ...log, ...this.lastEntry(log) };
    const device = this.hub.store.get('device', log.ownerId);
    const capability = device?.capabilitiesObj[log.id.slice(log.ownerUri.length + 1)];
    const value = capability?.value;
    return {
      ...log,
      lastValue: typeof value === 'number' || typeof value === 'boolean' ? value : null,
      lastUpdated: capability?.lastUpdated ?? null,
    };
  }

  /** The last value of a log that follows no capability, and when it came. */
  private lastEntry(log: StoredLog): Pick<Log, 'lastValue' | 'lastUpdated'> {
    this.flush();
    const key = this.db.keyOf(log.id);
    const last = key === undefined ? undefined : this.db.lastEntry(key);
    if (!last) return { lastValue: null, lastUpdated: null };
    return { lastValue: log.type === 'boolean' ? last.v > 0 : last.v, lastUpdated: new Date(last.t).toISOString() };
  }

  logs(): Record<string, Log> {
    return Object.fromEntries(this.hub.store.values('log').map((log) => [log.id, this.present(log)]));
  }

  /** The log `id` of owner `uri`, or a 404 (also when the id is not the owner's). */
  requireLog(id: string, uri?: string): StoredLog {
    const log = this.hub.store.get('log', id);
    if (!log || (uri !== undefined && log.ownerUri !== uri)) throw notFound('Log');
    return log;
  }

  /** New titles; what a log calls true and false only a boolean log has. */
  updateLog(log: StoredLog, changes: Pick<Partial<Log>, 'title' | 'titleTrue' | 'titleFalse'>): Log {
    const stateTitle = [changes.titleTrue, changes.titleFalse].some((title) => title !== undefined && title !== null);
    if (stateTitle && log.type !== 'boolean') throw badRequest('titleTrue and titleFalse are for boolean logs; this log holds numbers');
    return this.present(this.hub.store.save('log', { ...log, ...changes }));
  }

  entries(log: StoredLog, resolution: Resolution): LogEntries {
    this.flush();
    const window = windowOf(resolution, this.hub.now());
    const key = this.db.keyOf(log.id);
    const values: LogEntries['values'] = stepTimes(window).map((t) => ({ t, v: null }));
    if (key !== undefined && log.type === 'boolean') fillStates(values, this.db.steps(key, window), this.db.valueBefore(key, window.start));
    else if (key !== undefined) for (const { step, mean } of this.db.means(key, window)) values[step]!.v = tidy(mean);
    const { lastValue } = this.present(log);
    return { resolution, start: new Date(window.start).toISOString(), end: new Date(window.end).toISOString(), step: window.step, lastValue, values };
  }

  deleteEntries(log: StoredLog): void {
    this.flush();
    const key = this.db.keyOf(log.id);
    if (key !== undefined) this.db.clear(key, Number.MAX_SAFE_INTEGER);
  }

  /** Deletes the log and its entries; a device that still keeps it makes it again with its next value. */
  deleteLog(id: string): void {
    this.flush();
    this.hub.store.transaction(() => {
      this.db.removeLog(id);
      this.hub.store.remove('log', id);
    });
  }

  deleteAll(): void {
    this.hub.store.transaction(() => {
      for (const log of this.hub.store.values('log')) this.deleteLog(log.id);
    });
  }

  storage(): components['schemas']['InsightsStorage'] {
    this.flush();
    return { logCount: this.hub.store.count('log'), ...this.db.storage() };
  }
}

declare module '../core/context.js' {
  interface Hub {
    /** Logs of capability values over time: records every value, answers entries per resolution, runs retention. */
    insights: Insights;
  }
}

/** The hub's insights, answering from the start; they record only once `insightsRecording` starts. */
export const insights: HubService<Pick<Hub, 'capabilityChanges'>, Pick<Hub, 'insights'>> = {
  name: 'insights',
  start: (hub) => ({ gives: { insights: new Insights(hub) } }),
};

/** The hub's insights record values and run retention while it runs. */
export const insightsRecording: HubService<Pick<Hub, 'insights'>> = {
  name: 'insights recording',
  start: ({ insights }) => {
    insights.start();
    return { gives: {}, stop: () => insights.close() };
  },
};

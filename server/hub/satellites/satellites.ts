import type { components } from '../../../generated/hub/satellites.js';
import { every } from '../../http/clock.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { onCapabilityChanged } from '../devices/device.js';
import { findDriver } from '../drivers/catalogue.js';
import type { HubService, Nothing } from '../core/service.js';

export type Satellite = components['schemas']['Satellite'];
type Peripheral = components['schemas']['SatellitePeripheral'];
type LogLine = components['schemas']['SatelliteDebugLog']['lines'][number];

/** What is stored of a satellite; when it was last heard is the running hub's. */
type StoredSatellite = Omit<Satellite, 'connected' | 'lastSeen'>;

const SETTING = 'satellites.list';
/** A satellite reports this often on the hub's clock; one not heard for three reports is not connected. */
export const REPORT_INTERVAL_MS = 60_000;
const CONNECTED_WITHIN_MS = 3 * REPORT_INTERVAL_MS;
const MAX_LOG_LINES = 200;

/** The satellites while the hub runs: as stored, and what the running hub knows of them. */
interface Satellites {
  /** As stored, read once and written through (reports read them every minute). */
  known?: StoredSatellite[];
  /** When each satellite was last heard, its debug lines, and the frames relayed per peripheral since its last report. */
  lastSeen: Map<string, number>;
  logs: Map<string, LogLine[]>;
  relayed: Map<Peripheral, number>;
}

declare module '../core/context.js' {
  interface Hub {
    /** The satellites while the hub runs (the satellites service's). */
    satellites: Satellites;
  }
}

/** The satellites' state, started before the demo home that adds its bridge; their reports start after it. */
export const satellites: HubService<Nothing, { satellites: Satellites }> = {
  name: 'satellites',
  start: () => ({ gives: { satellites: { lastSeen: new Map(), logs: new Map(), relayed: new Map() } } }),
};

/** What the satellites' functions read of the hub. */
type SatelliteHub = HubCore & Pick<Hub, 'satellites'>;

function stored(hub: SatelliteHub): StoredSatellite[] {
  const state = hub.satellites;
  state.known ??= hub.settings.get<StoredSatellite[]>(SETTING) ?? [];
  return state.known;
}
function store(hub: SatelliteHub, list: StoredSatellite[]): void {
  hub.settings.set(SETTING, list);
  hub.satellites.known = list;
}

function requireSatellite(hub: SatelliteHub, serial: string): StoredSatellite {
  const satellite = stored(hub).find((one) => one.serial === serial);
  if (!satellite) throw notFound(`Satellite ${serial}`);
  return satellite;
}

/** Adds a satellite to the hub (the demo home's bridge), its debug logging off. */
export function addSatellite(hub: SatelliteHub, satellite: Omit<StoredSatellite, 'debugLogging'>): void {
  const debugLogging = Object.fromEntries(satellite.peripherals.map((peripheral) => [peripheral, false]));
  store(hub, [...stored(hub).filter((one) => one.serial !== satellite.serial), { ...satellite, debugLogging }]);
}

export function satellitesState(hub: SatelliteHub): { satellites: Record<string, Satellite> } {
  const now = hub.now();
  const satellites: Record<string, Satellite> = {};
  for (const satellite of stored(hub)) {
    const seen = hub.satellites.lastSeen.get(satellite.serial);
    satellites[satellite.serial] = {
      ...satellite,
      connected: seen !== undefined && now - seen < CONNECTED_WITHIN_MS,
      lastSeen: seen === undefined ? null : new Date(seen).toISOString(),
    };
  }
  return { satellites };
}

/** Debug logging on or off: for one peripheral or all, of one satellite or all. */
export function setDebugLogging(hub: SatelliteHub, { serial, peripheral, enabled }: { serial?: string; peripheral?: Peripheral; enabled: boolean }): void {
  if (serial !== undefined) {
    const satellite = requireSatellite(hub, serial);
    if (peripheral && !satellite.peripherals.includes(peripheral)) throw badRequest(`Satellite ${serial} has no ${peripheral} peripheral`);
  }
  store(hub, stored(hub).map((satellite) => {
    if (serial !== undefined && satellite.serial !== serial) return satellite;
    const debugLogging = { ...satellite.debugLogging };
    for (const id of satellite.peripherals) if (!peripheral || id === peripheral) debugLogging[id] = enabled;
    return { ...satellite, debugLogging };
  }));
}

export function debugLog(hub: SatelliteHub, serial: string): { serial: string; lines: LogLine[] } {
  requireSatellite(hub, serial);
  return { serial, lines: [...(hub.satellites.logs.get(serial) ?? [])] };
}

/** A report of every satellite: heard now, and for each peripheral with debug logging on, a line of what it relayed. */
function report(hub: SatelliteHub, state: Satellites): void {
  const now = hub.now();
  const time = new Date(now).toISOString();
  for (const satellite of stored(hub)) {
    state.lastSeen.set(satellite.serial, now);
    const lines = state.logs.get(satellite.serial) ?? [];
    for (const peripheral of satellite.peripherals) {
      if (!satellite.debugLogging[peripheral]) continue;
      const frames = state.relayed.get(peripheral) ?? 0;
      lines.push({ time, peripheral, message: `heartbeat, ${frames} frame${frames === 1 ? '' : 's'} relayed since the last report` });
    }
    state.logs.set(satellite.serial, lines.slice(-MAX_LOG_LINES));
  }
  state.relayed.clear();
}

const PERIPHERALS: ReadonlySet<string> = new Set<Peripheral>(['zigbee', 'rf433', 'infrared']);

/**
 * The satellites report every minute on the hub's clock; between reports they count the frames of the devices on
 * their radios (each value a device of that connectivity sends), which their debug lines tell.
 */
export const satelliteReports: HubService<Pick<Hub, 'satellites' | 'capabilityChanges'>> = {
  name: 'satellite reports',
  start: (hub) => {
    const state = hub.satellites;
    const stopCounting = onCapabilityChanged(hub, ({ device }) => {
      for (const connectivity of findDriver(device.driverId)?.connectivity ?? []) {
        if (PERIPHERALS.has(connectivity)) state.relayed.set(connectivity as Peripheral, (state.relayed.get(connectivity as Peripheral) ?? 0) + 1);
      }
    });
    // Satellites report only where there are any.
    const stopReports = stored(hub).length ? every(hub.clock, REPORT_INTERVAL_MS, () => report(hub, state)) : () => {};
    return {
      gives: {},
      stop: () => {
        stopCounting();
        stopReports();
      },
    };
  },
};

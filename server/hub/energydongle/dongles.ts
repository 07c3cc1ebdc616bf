import { randomUUID } from 'node:crypto';
import type { components } from '../../../generated/hub/energydongle.js';
import { every } from '../../http/clock.js';
import { ApiError, conflict, notFound } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { saveValues, type Device } from '../devices/device.js';
import { liveReport } from '../energy/live.js';
import { rootZone } from '../zones/api.js';
import type { HubService } from '../core/service.js';
import { NEW_COUNTERS, readMeter, type Counters } from './meter.js';
import { checkPhaseLoad, type PhaseLimits } from './phase-load.js';
import { telegramOf } from './telegram.js';

type UartConfig = components['schemas']['EnergyDongleUartConfig'];
type Frame = components['schemas']['EnergyDongleFrame'];
type Firmware = components['schemas']['EnergyDongleFirmware'];

export const DONGLE_DRIVER_ID = 'homey:manager:vdevice:energydongle';
export const MANAGER_URI = 'homey:manager:energydongle';
/** The meter sends a telegram this often on the hub's clock (DSMR 5 meters send one a second; the hub reads every tenth). */
export const FRAME_INTERVAL_MS = 10_000;
export const REBOOT_MS = 5_000;
export const INSTALL_MS = 30_000;
export const LATEST_FIRMWARE = '1.3.1';
const FIRST_FIRMWARE = '1.2.0';

/** The serial settings of a DSMR 5 meter's P1 port: what the dongle must use to read it. */
export const METER_UART: UartConfig = {
  baudRate: 115200, dataBits: 8, stopBits: 1, parity: 'none', inverseRx: true, dataTimeoutMs: 2000, persistent: true, dataRequestActiveState: 'high', mode: 'auto',
};
const readsMeter = (uart: UartConfig) =>
  uart.baudRate === METER_UART.baudRate && uart.dataBits === METER_UART.dataBits && uart.stopBits === METER_UART.stopBits &&
  uart.parity === METER_UART.parity && uart.inverseRx === METER_UART.inverseRx;

/** What a dongle keeps across restarts of the hub (its settings, firmware, limits and the meter's counters). */
interface Kept {
  uart: UartConfig;
  firmware: string;
  phaseLimits: PhaseLimits;
  counters: Counters;
}

/** A dongle as it runs: what it keeps, and what lives only while the hub runs. */
export interface Dongle {
  kept: Kept;
  /** Settings in use; differ from `kept.uart` when set without `persistent`. */
  uart: UartConfig;
  framesRead: number;
  framesFailed: number;
  lastFrame: Frame | null;
  lastReadAt: number;
  /** Reads nothing until then (rebooting, installing). */
  offlineUntil: number;
  installing: boolean;
  waiting: Set<(frame: Frame) => void>;
  /** Phases over their threshold, notified once until they drop below it. */
  overloaded: Set<string>;
}

const keyOf = (deviceId: string) => `energydongle.${deviceId}`;

declare module '../core/context.js' {
  interface Hub {
    /** The home's energy dongles being read, by device id (the energy dongles service's; empty once it stops). */
    energyDongles: Map<string, Dongle>;
  }
}

function load(hub: HubCore, device: Device): Dongle {
  const kept = hub.settings.get<Kept>(keyOf(device.id)) ?? { uart: METER_UART, firmware: FIRST_FIRMWARE, phaseLimits: { phasesConfigured: 3, capacity: 25 }, counters: NEW_COUNTERS };
  return { kept, uart: kept.uart, framesRead: 0, framesFailed: 0, lastFrame: null, lastReadAt: hub.now(), offlineUntil: 0, installing: false, waiting: new Set(), overloaded: new Set() };
}

const save = (hub: HubCore, deviceId: string, dongle: Dongle) => hub.settings.set(keyOf(deviceId), dongle.kept);

/** The dongle behind a device id: 404 for an unknown device or one that is not an energy dongle. */
export function requireDongle(hub: HubCore & Pick<Hub, 'energyDongles'>, deviceId: string): { device: Device; dongle: Dongle } {
  const device = hub.store.get('device', deviceId);
  const dongle = device?.driverId === DONGLE_DRIVER_ID ? hub.energyDongles.get(device.id) : undefined;
  if (!device || !dongle) throw notFound(`Energy dongle ${deviceId}`);
  return { device, dongle };
}

/** What reading a telegram reads of the hub (and the service needs): the device's values change, a phase overload is a notification. */
type ReadingPart = 'capabilityChanges' | 'notificationPushes';
type ReadingHub = HubCore & Pick<Hub, ReadingPart>;

/** The meter sends a telegram: the dongle reads it if it can, and the device, listeners and waiters get it. */
function receive(hub: ReadingHub, device: Device, dongle: Dongle): void {
  const now = hub.now();
  if (now < dongle.offlineUntil) return;
  // What the home's devices draw, as the energy manager counts them (a home without zones has none to count).
  const home = rootZone(hub.store) ? liveReport(hub, undefined).W : 0;
  const { counters, values } = readMeter(dongle.kept.counters, home, now, now - dongle.lastReadAt);
  dongle.kept = { ...dongle.kept, counters };
  dongle.lastReadAt = now;
  if (dongle.uart.mode === 'discovering') dongle.uart = { ...METER_UART, persistent: dongle.uart.persistent };
  if (!readsMeter(dongle.uart)) {
    dongle.framesFailed += 1;
    save(hub, device.id, dongle);
    return;
  }
  const frame: Frame = { deviceId: device.id, time: new Date(now).toISOString(), telegram: telegramOf(device.id, now, values), values };
  dongle.framesRead += 1;
  dongle.lastFrame = frame;
  save(hub, device.id, dongle);
  const meterKWh = Math.round((values.energyDeliveredTariff1 + values.energyDeliveredTariff2) * 1000) / 1000;
  saveValues(hub, device, { measure_power: values.powerDelivered - values.powerReturned, meter_power: meterKWh }, () => randomUUID());
  hub.bus.publish(MANAGER_URI, 'frame', frame);
  for (const resolve of dongle.waiting) resolve(frame);
  dongle.waiting.clear();
  checkPhaseLoad(hub, device, frame, dongle.kept.phaseLimits, dongle.overloaded);
}

/** The next telegram the dongle reads, within `timeoutMs` on the hub's clock (else 503). */
export function nextFrame(hub: HubCore & Pick<Hub, 'energyDongles'>, deviceId: string, timeoutMs: number): Promise<Frame> {
  const { dongle } = requireDongle(hub, deviceId);
  return new Promise((resolve, reject) => {
    const got = (frame: Frame) => {
      cancel();
      resolve(frame);
    };
    const cancel = hub.clock.at(hub.now() + timeoutMs, () => {
      dongle.waiting.delete(got);
      reject(new ApiError(503, 'service_unavailable', `Energy dongle ${deviceId} read no telegram within ${timeoutMs} ms`));
    });
    dongle.waiting.add(got);
  });
}

/** A report of a dongle with the telegram it reads next (null when none comes within `timeoutMs`). */
export async function diagnosticReport(hub: HubCore & Pick<Hub, 'energyDongles'>, deviceId: string, timeoutMs: number) {
  const frame = await nextFrame(hub, deviceId, timeoutMs).catch((error: unknown) => {
    if (error instanceof ApiError && error.statusCode === 503) return null;
    throw error;
  });
  const { dongle } = requireDongle(hub, deviceId);
  return {
    id: randomUUID(), deviceId, createdAt: new Date(hub.now()).toISOString(), firmware: dongle.kept.firmware, uart: dongle.uart,
    framesRead: dongle.framesRead, framesFailed: dongle.framesFailed, frame,
  };
}

export const uartConfig = (hub: HubCore & Pick<Hub, 'energyDongles'>, deviceId: string): UartConfig => requireDongle(hub, deviceId).dongle.uart;

/** Replaces the fields given; the mode becomes manual unless given. Persistent settings are kept across reboots. */
export function setUartConfig(hub: HubCore & Pick<Hub, 'energyDongles'>, deviceId: string, fields: Partial<Omit<UartConfig, 'mode'>> & { mode?: 'auto' | 'manual' }): UartConfig {
  const { dongle } = requireDongle(hub, deviceId);
  dongle.uart = { ...dongle.uart, mode: 'manual', ...fields };
  if (dongle.uart.persistent) {
    dongle.kept = { ...dongle.kept, uart: dongle.uart };
    save(hub, deviceId, dongle);
  }
  return dongle.uart;
}

/** The dongle looks for the meter's settings again, found with the next telegram. */
export function restartDiscovery(hub: HubCore & Pick<Hub, 'energyDongles'>, deviceId: string): UartConfig {
  const { dongle } = requireDongle(hub, deviceId);
  dongle.uart = { ...dongle.uart, mode: 'discovering' };
  return dongle.uart;
}

/** Reads nothing for `ms`, then starts again with its kept settings. */
function goOffline(hub: HubCore, dongle: Dongle, ms: number, then: () => void = () => {}): void {
  dongle.offlineUntil = hub.now() + ms;
  hub.clock.at(dongle.offlineUntil, () => {
    dongle.uart = dongle.kept.uart;
    then();
  });
}

export const reboot = (hub: HubCore & Pick<Hub, 'energyDongles'>, deviceId: string): void => goOffline(hub, requireDongle(hub, deviceId).dongle, REBOOT_MS);

export function firmware(hub: HubCore & Pick<Hub, 'energyDongles'>, deviceId: string): Firmware {
  const { dongle } = requireDongle(hub, deviceId);
  const current = dongle.kept.firmware;
  return { current, latest: LATEST_FIRMWARE, updateAvailable: current !== LATEST_FIRMWARE, installing: dongle.installing };
}

/** Installs the newest firmware: offline while it installs (and reboots, if asked), then running it. */
export function installFirmware(hub: HubCore & Pick<Hub, 'energyDongles'>, deviceId: string, throughReboot = false): Firmware {
  const { dongle } = requireDongle(hub, deviceId);
  if (dongle.installing) throw conflict(`Energy dongle ${deviceId} is installing firmware already`);
  if (dongle.kept.firmware === LATEST_FIRMWARE) throw conflict(`Energy dongle ${deviceId} runs the newest firmware, ${LATEST_FIRMWARE}`);
  dongle.installing = true;
  goOffline(hub, dongle, INSTALL_MS + (throughReboot ? REBOOT_MS : 0), () => {
    dongle.installing = false;
    dongle.kept = { ...dongle.kept, firmware: LATEST_FIRMWARE };
    if (hub.db.open) save(hub, deviceId, dongle);
  });
  return firmware(hub, deviceId);
}

/** The phase limits and each configured phase's load in % of its capacity by the last telegram. */
export function phaseLoad(hub: HubCore & Pick<Hub, 'energyDongles'>, deviceId: string) {
  const { dongle } = requireDongle(hub, deviceId);
  const { phasesConfigured, capacity } = dongle.kept.phaseLimits;
  const phases = (dongle.lastFrame?.values.phases ?? []).slice(0, phasesConfigured);
  const ids = phasesConfigured === 1 ? ['l1'] : ['l1', 'l2', 'l3'];
  const load = Object.fromEntries(ids.map((id) => {
    const phase = phases.find((one) => one.id === id);
    return [id, phase ? Math.round((phase.current / capacity) * 1000) / 10 : null];
  }));
  return { phasesConfigured, capacity, load };
}

export function setPhaseLimits(hub: HubCore & Pick<Hub, 'energyDongles'>, deviceId: string, phaseLimits: PhaseLimits) {
  const { dongle } = requireDongle(hub, deviceId);
  dongle.kept = { ...dongle.kept, phaseLimits };
  dongle.overloaded.clear();
  save(hub, deviceId, dongle);
  return phaseLoad(hub, deviceId);
}

/**
 * The home's energy dongles read their meters every FRAME_INTERVAL_MS on the hub's clock: those there at start and
 * those paired later; a dongle removed takes what it kept with it.
 */
export const energyDongles: HubService<Pick<Hub, ReadingPart>, Pick<Hub, 'energyDongles'>> = {
  name: 'energy dongles',
  start: (hub) => {
    const running = new Map<string, Dongle>();
    // The meter's clock runs only while the home has a dongle: a home without one pays nothing for it.
    let stopFrames: (() => void) | null = null;
    const follow = () => {
      if (running.size > 0 && !stopFrames) {
        stopFrames = every(hub.clock, FRAME_INTERVAL_MS, () => {
          for (const [id, dongle] of running) {
            const device = hub.store.get('device', id);
            if (device) receive(hub, device, dongle);
          }
        });
      } else if (running.size === 0 && stopFrames) {
        stopFrames();
        stopFrames = null;
      }
    };
    for (const device of hub.store.values('device')) if (device.driverId === DONGLE_DRIVER_ID) running.set(device.id, load(hub, device));
    follow();
    const stopDevices = hub.bus.subscribe(({ uri, event, data }) => {
      if (uri !== 'homey:manager:devices') return;
      const { id } = data as { id: string };
      const device = hub.store.get('device', id);
      if (event === 'device.create' && device?.driverId === DONGLE_DRIVER_ID) running.set(id, load(hub, device));
      if (event === 'device.delete' && running.delete(id)) hub.settings.unset(keyOf(id));
      follow();
    });
    return {
      gives: { energyDongles: running },
      stop: () => {
        stopDevices();
        stopFrames?.();
        running.clear();
      },
    };
  },
};

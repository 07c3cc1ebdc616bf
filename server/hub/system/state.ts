import type { EventBus } from '../../http/events.js';
import { Listeners } from '../../http/listeners.js';
import type { Settings } from '../core/settings.js';
import { HubLog } from './log.js';
import { CpuProfiler } from './profiler.js';

export type RebootReason = 'reboot' | 'reboot-ota' | 'reboot-recovery' | 'factory-reset';

export interface RebootRecord {
  reason: RebootReason;
  requestedAt: string;
}

export const DEFAULT_NAME = 'Home hub';

const keys = {
  name: 'system.name',
  lastReboot: 'system.lastReboot',
  wifiEnabled: 'system.wifiEnabled',
  forwardedPort: 'system.forwardedPort',
} as const;

/**
 * What the system manager remembers about the hub. Reboots are simulated: the process keeps running, but the
 * reboot is recorded (kept across restarts), uptime counts from it again and runtime state (debug namespaces, a
 * running CPU profile) is cleared, as after a real boot. Connections stay up, so that a client's call is answered
 * and nobody has to reconnect; clients see the new `bootedAt` in getInfo and getState.
 */
export class SystemState {
  bootedAt: Date;
  debugNamespaces = '';
  readonly log: HubLog;
  readonly profiler = new CpuProfiler();
  /** Told of each (simulated) reboot once it is done, as software that runs at boot would notice it. */
  readonly rebooted = new Listeners<RebootRecord>('reboots');

  constructor(private readonly settings: Settings, bus: EventBus, startedAt: Date, private readonly now: () => number) {
    this.bootedAt = startedAt;
    this.log = new HubLog(bus, now);
    this.log.write('info', 'homey:manager:system', `started, last reboot: ${this.lastReboot?.reason ?? 'none'}`);
  }

  get name(): string {
    return this.settings.get<string>(keys.name) ?? DEFAULT_NAME;
  }

  set name(name: string) {
    this.settings.set(keys.name, name);
    this.log.write('info', 'homey:manager:system', `renamed to "${name}"`);
  }

  get lastReboot(): RebootRecord | null {
    return this.settings.get<RebootRecord>(keys.lastReboot) ?? null;
  }

  reboot(reason: RebootReason): RebootRecord {
    const record: RebootRecord = { reason, requestedAt: new Date(this.now()).toISOString() };
    this.settings.set(keys.lastReboot, record);
    this.setDebug('');
    this.profiler.cancel();
    this.bootedAt = new Date(this.now());
    this.log.write('info', 'homey:manager:system', `${reason} requested; booted again`);
    this.rebooted.tell(record);
    return record;
  }

  get wifiEnabled(): boolean {
    return this.settings.get<boolean>(keys.wifiEnabled) ?? true;
  }

  set wifiEnabled(enabled: boolean) {
    this.settings.set(keys.wifiEnabled, enabled);
    this.log.write('info', 'homey:manager:system', `wifi ${enabled ? 'enabled' : 'disabled'}`);
  }

  get forwardedPort(): number | null {
    return this.settings.get<number>(keys.forwardedPort) ?? null;
  }

  set forwardedPort(port: number | null) {
    if (port === null) this.settings.unset(keys.forwardedPort);
    else this.settings.set(keys.forwardedPort, port);
  }

  setDebug(namespaces: string): void {
    this.debugNamespaces = namespaces;
    this.log.setDebug(namespaces);
    this.log.write('info', 'homey:manager:system', namespaces ? `debug on for ${namespaces}` : 'debug off');
  }
}

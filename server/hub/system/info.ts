import os from 'node:os';
import type { components } from '../../../generated/hub/system.js';
import type { HubCore } from '../core/context.js';
import { hubLanguage } from '../i18n/i18n.js';
import { memoryTotals } from './resources.js';
import { UnderVoltageSampler } from './under-voltage.js';

export type SystemInfo = components['schemas']['SystemInfo'];
export type SystemStateBody = components['schemas']['SystemState'];

/** The hardware this hub presents itself as: the newer Pro model, whose radios the hub simulates. */
export const HUB_MODEL = { id: 'hub-pro-2', name: 'Open Hub Pro (2nd generation)', platform: 'local', platformVersion: 2 } as const;

const underVoltage = new UnderVoltageSampler();

const seconds = (ms: number) => Math.max(0, Math.floor(ms / 1000));

/** The hub's IPv4 addresses, loopback excluded. */
const addresses = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .filter((address) => address && address.family === 'IPv4' && !address.internal)
    .map((address) => address!.address);

export function systemInfo(hub: HubCore): SystemInfo {
  const { system } = hub;
  return {
    id: hub.id,
    homeyId: hub.id,
    name: system.name,
    homeyVersion: hub.version,
    homeyModelId: HUB_MODEL.id,
    homeyModelName: HUB_MODEL.name,
    homeyPlatform: HUB_MODEL.platform,
    homeyPlatformVersion: HUB_MODEL.platformVersion,
    hostname: os.hostname(),
    platform: process.platform,
    arch: process.arch,
    nodeVersion: process.version,
    cpus: os.cpus().map(({ model, speed }) => ({ model, speed })),
    loadavg: os.loadavg(),
    memory: memoryTotals(),
    uptime: seconds(hub.now() - system.bootedAt.getTime()),
    uptimeProcess: seconds(process.uptime() * 1000),
    bootedAt: system.bootedAt.toISOString(),
    lastReboot: system.lastReboot,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    language: hubLanguage(hub),
    wifi: { enabled: system.wifiEnabled },
    addresses: addresses(),
    videoCoreUnderVoltageCurrentlyRatio: underVoltage.ratio(),
  };
}

export function systemState(hub: HubCore): SystemStateBody {
  const { system } = hub;
  return {
    name: system.name,
    bootedAt: system.bootedAt.toISOString(),
    uptime: seconds(hub.now() - system.bootedAt.getTime()),
    lastReboot: system.lastReboot,
    wifi: { enabled: system.wifiEnabled },
    debug: { namespace: system.debugNamespaces },
    forwardedPort: system.forwardedPort,
    profile: system.profiler.status(),
  };
}

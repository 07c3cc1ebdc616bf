import type { HubCore } from '../core/context.js';
import type { HubItemType } from '../core/items.js';
import { HUB_MODEL } from './info.js';
import { memoryInfo, storageInfo } from './resources.js';

const LOG_LINES = 200;
const MB = 1024 * 1024;
const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

function duration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const [days, hours] = [Math.floor(minutes / 1440), Math.floor((minutes % 1440) / 60)];
  return `${days} d ${hours} h ${minutes % 60} min`;
}

/** How many items of each kind the hub holds; kinds that no manager stores yet count 0. */
function itemCounts(hub: HubCore): string {
  const kinds: Array<[type: HubItemType, plural: string]> = [['device', 'devices'], ['zone', 'zones'], ['flow', 'flows'], ['advancedflow', 'advanced flows'], ['app', 'apps'], ['user', 'users']];
  return kinds.map(([type, plural]) => `${hub.store.count(type)} ${plural}`).join(', ');
}

/** The plain-text diagnostic report that sendLog answers and the support form attaches to a ticket. */
export function diagnosticReport(hub: HubCore, append?: string): string {
  const { system } = hub;
  const now = new Date(hub.now());
  const memory = memoryInfo();
  const storage = storageInfo(hub.config.dataDir);
  const reboot = system.lastReboot;
  const log = system.log.recent(LOG_LINES);
  const lines = [
    `Diagnostic report of hub ${hub.id} "${system.name}"`,
    `Generated: ${now.toISOString()}`,
    `Model: ${HUB_MODEL.name} (${HUB_MODEL.id}), software ${hub.version}, Node.js ${process.version} on ${process.platform} ${process.arch}`,
    `Booted: ${system.bootedAt.toISOString()} (uptime ${duration(now.getTime() - system.bootedAt.getTime())}); ` +
      `last reboot: ${reboot ? `${reboot.reason} at ${reboot.requestedAt}` : 'none'}`,
    `Memory: ${mb(memory.used)} used of ${mb(memory.total)}; hub process ${mb(memory.process.rss)}`,
    `Storage: ${mb(storage.used)} used of ${mb(storage.total)}; hub database ${mb(storage.types.database!.size)}`,
    `Wi-Fi: ${system.wifiEnabled ? 'on' : 'off'}; debug: ${system.debugNamespaces || 'off'}`,
    `Items: ${itemCounts(hub)}`,
    '',
    `Recent log (${log.length} lines):`,
    ...log,
  ];
  if (append) lines.push('', append);
  return lines.join('\n');
}

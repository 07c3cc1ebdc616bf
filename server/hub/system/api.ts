import * as manifest from '../../../generated/hub/system.operations.js';
import type { operations } from '../../../generated/hub/system.js';
import { defineApi } from '../../http/api.js';
import { badRequest } from '../../http/errors.js';
import type { HubContextOf } from '../core/context.js';
import { requireOwner } from '../users/users.js';
import { collectGarbage, writeHeapSnapshot } from './diagnostics.js';
import { factoryReset } from './factory-reset.js';
import { systemInfo, systemState } from './info.js';
import { namespacesOfMask } from './namespaces.js';
import { diagnosticReport } from './report.js';
import { memoryInfo, memoryTotals, storageInfo, storageTotals } from './resources.js';

function validName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw badRequest('The name must contain a character other than a space');
  return trimmed;
}

export const system = defineApi<operations, typeof manifest.operations, HubContextOf<'cards' | 'insights' | 'notificationPushes' | 'radioChanges' | 'radios' | 'rf' | 'satellites' | 'setup' | 'widgets'>>(manifest, {
  ping: ({ id }, { hub }) => id === undefined || id === hub.id,
  getInfo: (_args, { hub }) => systemInfo(hub),
  getState: (_args, { hub }) => systemState(hub),
  getSystemName: (_args, { hub }) => hub.system.name,
  setSystemName: ({ name }, { hub }) => (hub.system.name = validName(name)),
  reboot: (_args, { hub }) => hub.system.reboot('reboot'),
  rebootOTA: (_args, { hub }) => hub.system.reboot('reboot-ota'),
  rebootRecovery: (_args, { hub }) => hub.system.reboot('reboot-recovery'),
  factoryReset: { guard: (_path, context) => requireOwner(context, 'reset the hub'), handle: (_args, { hub }) => factoryReset(hub) },
  enableWifi: (_args, { hub }) => void (hub.system.wifiEnabled = true),
  disableWifi: (_args, { hub }) => void (hub.system.wifiEnabled = false),
  setDebug: ({ namespace }, { hub }) => hub.system.setDebug(namespace.trim()),
  setDebugMask: ({ mask }, { hub }) => hub.system.setDebug(namespacesOfMask(mask)),
  getMemoryInfo: () => memoryInfo(),
  getMemoryInfoTotal: () => memoryTotals(),
  getStorageInfo: (_args, { hub }) => storageInfo(hub.config.dataDir),
  getStorageInfoTotal: (_args, { hub }) => storageTotals(hub.config.dataDir),
  sendLog: ({ append }, { hub }) => diagnosticReport(hub, append),
  getOptionForwardedPort: (_args, { hub }) => ({ value: hub.system.forwardedPort }),
  setOptionForwardedPort: ({ value }, { hub }) => void (hub.system.forwardedPort = value),
  unsetOptionForwardedPort: (_args, { hub }) => void (hub.system.forwardedPort = null),
  startProfile: ({ duration }, { hub }) => hub.system.profiler.start(duration),
  stopProfile: (_args, { hub }) => hub.system.profiler.stop(),
  collectGarbage: () => collectGarbage(),
  createHeapSnapshot: (_args, { hub }) => writeHeapSnapshot(hub.config.dataDir, new Date(hub.now())),
  getSetupSession: (_args, { hub }) => hub.setup.state(),
  joinSetupSession: (link, { hub }) => hub.setup.handOver(link),
});

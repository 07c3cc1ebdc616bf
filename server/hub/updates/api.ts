import * as manifest from '../../../generated/hub/updates.operations.js';
import type { operations } from '../../../generated/hub/updates.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { requireScope } from '../access/require-scope.js';

export const updates = defineApi<operations, typeof manifest.operations, HubContextOf<'updates'>>(manifest, {
  getState: (_args, { hub }) => hub.updates.state(),
  getUpdates: (_args, { hub }) => hub.updates.check(),
  installUpdate: ({ reboot = true, silent = false }, { hub }) => hub.updates.start(reboot, silent),
  abortInstallUpdate: { guard: requireScope('homey.updates'), handle: (_args, { hub }) => hub.updates.abort() },
  getHotfixes: (_args, { hub }) => hub.updates.hotfixes.list(),
  applyHotfix: ({ id }, { hub }) => hub.updates.hotfixes.apply(id),
  revertHotfix: ({ id }, { hub }) => hub.updates.hotfixes.revert(id),
  getOptionChannel: (_args, { hub }) => ({ value: hub.updates.chosenChannel }),
  setOptionChannel: ({ value }, { hub }) => hub.updates.setOption('channel', value),
  unsetOptionChannel: (_args, { hub }) => hub.updates.setOption('channel', null),
  getOptionForceChannel: (_args, { hub }) => ({ value: hub.updates.forceChannel }),
  setOptionForceChannel: ({ value }, { hub }) => hub.updates.setOption('forceChannel', value),
  unsetOptionForceChannel: (_args, { hub }) => hub.updates.setOption('forceChannel', null),
  getOptionAutoupdate: (_args, { hub }) => ({ value: hub.updates.autoupdate }),
  setOptionAutoupdate: ({ value }, { hub }) => hub.updates.setOption('autoupdate', value),
  unsetOptionAutoupdate: (_args, { hub }) => hub.updates.setOption('autoupdate', null),
  getOptionUpdateNotifications: (_args, { hub }) => ({ value: hub.updates.notifications }),
  setOptionUpdateNotifications: ({ value }, { hub }) => hub.updates.setOption('notifications', value),
  unsetOptionUpdateNotifications: (_args, { hub }) => hub.updates.setOption('notifications', null),
});

import * as manifest from '../../../generated/hub/updates.operations.js';
import type { operations } from '../../../generated/hub/updates.js';
import { defineApi } from '../../http/api.js';
import type { HubContext } from '../context.js';
import { requireScope } from '../require-scope.js';
import { updatesOf } from './updates.js';

export const updates = defineApi<operations, typeof manifest.operations, HubContext>(manifest, {
  getState: (_args, { hub }) => updatesOf(hub).state(),
  getUpdates: (_args, { hub }) => updatesOf(hub).check(),
  installUpdate: ({ reboot = true, silent = false }, { hub }) => updatesOf(hub).start(reboot, silent),
  abortInstallUpdate: (_args, { hub }) => updatesOf(hub).abort(),
  getHotfixes: (_args, { hub }) => updatesOf(hub).hotfixes.list(),
  applyHotfix: ({ id }, { hub }) => updatesOf(hub).hotfixes.apply(id),
  revertHotfix: ({ id }, { hub }) => updatesOf(hub).hotfixes.revert(id),
  getOptionChannel: (_args, { hub }) => ({ value: updatesOf(hub).chosenChannel }),
  setOptionChannel: ({ value }, { hub }) => updatesOf(hub).setOption('channel', value),
  unsetOptionChannel: (_args, { hub }) => updatesOf(hub).setOption('channel', null),
  getOptionForceChannel: (_args, { hub }) => ({ value: updatesOf(hub).forceChannel }),
  setOptionForceChannel: ({ value }, { hub }) => updatesOf(hub).setOption('forceChannel', value),
  unsetOptionForceChannel: (_args, { hub }) => updatesOf(hub).setOption('forceChannel', null),
  getOptionAutoupdate: (_args, { hub }) => ({ value: updatesOf(hub).autoupdate }),
  setOptionAutoupdate: ({ value }, { hub }) => updatesOf(hub).setOption('autoupdate', value),
  unsetOptionAutoupdate: (_args, { hub }) => updatesOf(hub).setOption('autoupdate', null),
  getOptionUpdateNotifications: (_args, { hub }) => ({ value: updatesOf(hub).notifications }),
  setOptionUpdateNotifications: ({ value }, { hub }) => updatesOf(hub).setOption('notifications', value),
  unsetOptionUpdateNotifications: (_args, { hub }) => updatesOf(hub).setOption('notifications', null),
}, {
  guards: { abortInstallUpdate: requireScope('homey.updates') },
});

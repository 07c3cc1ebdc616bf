import * as manifest from '../../../generated/hub/backup.operations.js';
import type { operations } from '../../../generated/hub/backup.js';
import { defineApi } from '../../http/api.js';
import { badRequest } from '../../http/errors.js';
import type { HubContextOf, HubCore } from '../core/context.js';
import { requireScope } from '../access/require-scope.js';
import { listCloudBackups, restoreCloudBackup } from './cloud-backups.js';

/** A time recorded as the last successful backup: a real time, not in the future, stored as ISO 8601 UTC. */
function pastTime(hub: HubCore, value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw badRequest('value must be an ISO 8601 date-time');
  if (time > hub.now()) throw badRequest('value must not be in the future');
  return new Date(time).toISOString();
}

export const backup = defineApi<operations, typeof manifest.operations, HubContextOf<'backups' | 'cloudBackups'>>(manifest, {
  getState: (_args, { hub }) => hub.backups.state(),
  scheduleBackup: (_args, { hub }) => hub.backups.start('manual'),
  getOptionAutomaticBackupsEnabled: (_args, { hub }) => ({ value: hub.backups.automatic }),
  setOptionAutomaticBackupsEnabled: ({ value }, { hub }) => void (hub.backups.automatic = value),
  unsetOptionAutomaticBackupsEnabled: (_args, { hub }) => void (hub.backups.automatic = null),
  getOptionLastSuccessfulBackup: (_args, { hub }) => ({ value: hub.backups.lastSuccessful }),
  setOptionLastSuccessfulBackup: { guard: requireScope('homey.system'), handle: ({ value }, { hub }) => void (hub.backups.lastSuccessful = pastTime(hub, value)) },
  unsetOptionLastSuccessfulBackup: { guard: requireScope('homey.system'), handle: (_args, { hub }) => void (hub.backups.lastSuccessful = null) },
  getCloudBackups: (_args, { hub }) => listCloudBackups(hub),
  restoreCloudBackup: ({ backupId }, context) => restoreCloudBackup(context.hub, backupId, context),
});

import * as manifest from '../../../generated/cloud/backup.operations.js';
import type { operations } from '../../../generated/cloud/backup.js';
import { defineApi } from '../../http/api.js';
import { queryTokenGuard, queryTokenUser } from '../callers/query-token.js';
import { completeBackup, completeBackups, createBackup, deleteBackups, requireBackup, backupView } from './backups.js';
import type { BackupContext } from './context.js';
import { dropBackupFiles } from './files.js';
import { ownerHubCalls, ownHubCalls, userSelf } from './guards.js';

const userCalls = queryTokenGuard<BackupContext>();
/** The bytes go up and down on raw routes (files.ts): streamed, not parsed. */
const { uploadBackup: _upload, downloadBackup: _download, ...dispatched } = manifest.operations;

export const backupApi = defineApi<operations, typeof dispatched, BackupContext>(
  { manager: manifest.manager, operations: dispatched },
  {
    getMyBackups: (_args, context) => completeBackups(context.service.db, queryTokenUser(context)),
    deleteMyBackup: async ({ homeyId, backupId }, context) => {
      const { db } = context.service;
      const row = await requireBackup(db, queryTokenUser(context), backupId, homeyId);
      dropBackupFiles(context.service)(await deleteBackups(db, row.user_id, row.id));
    },
    getBackups: ({ userId }, { service }) => completeBackups(service.db, userId),
    deleteBackups: async ({ userId }, { service }) => dropBackupFiles(service)(await deleteBackups(service.db, userId)),
    getBackup: async ({ userId, backupId }, { service }) => backupView(await requireBackup(service.db, userId, backupId)),
    createBackup: ({ userId, homeyId, ...input }, { service }) => {
      const { secret: _secret, ...fields } = input;
      return createBackup(service.db, { userId, homeyId, quotaBytes: service.quotaBytes, now: service.clock.now() }, fields, dropBackupFiles(service));
    },
    setBackupComplete: async ({ userId, homeyId, backupId, size, hash, meta }, { service }) =>
      completeBackup(service.db, await requireBackup(service.db, userId, backupId, homeyId), { size, hash, meta }, service.clock.now()),
  },
  {
    guards: {
      getMyBackups: userCalls,
      deleteMyBackup: userCalls,
      getBackups: ownerHubCalls,
      deleteBackups: userSelf,
      getBackup: ownerHubCalls,
      createBackup: ownHubCalls,
      setBackupComplete: ownHubCalls,
    },
  },
);

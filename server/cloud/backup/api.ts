import * as manifest from '../../../generated/cloud/backup.operations.js';
import type { operations } from '../../../generated/cloud/backup.js';
import { defineGuardedApi } from '../../http/api.js';
import { queryTokenGuard, queryTokenUser } from '../callers/query-token.js';
import { completeBackup, completeBackups, createBackup, deleteBackups, requireBackup, backupView } from './backups.js';
import type { BackupContext } from './context.js';
import { dropBackupFiles } from './files.js';
import { ownerHubCalls, ownHubCalls, userSelf } from './guards.js';

const userCalls = queryTokenGuard<BackupContext>();
/** The bytes go up and down on raw routes (files.ts): streamed, not parsed. */
const { uploadBackup: _upload, downloadBackup: _download, ...dispatched } = manifest.operations;

export const backupApi = defineGuardedApi<operations, typeof dispatched, BackupContext>(
  { manager: manifest.manager, operations: dispatched },
  {
    getMyBackups: { guard: userCalls, handle: (_args, context) => completeBackups(context.service.db, queryTokenUser(context)) },
    deleteMyBackup: {
      guard: userCalls,
      handle: async ({ homeyId, backupId }, context) => {
      const { db } = context.service;
      const row = await requireBackup(db, queryTokenUser(context), backupId, homeyId);
      dropBackupFiles(context.service)(await deleteBackups(db, row.user_id, row.id));
      },
    },
    getBackups: { guard: ownerHubCalls, handle: ({ userId }, { service }) => completeBackups(service.db, userId) },
    deleteBackups: { guard: userSelf, handle: async ({ userId }, { service }) => dropBackupFiles(service)(await deleteBackups(service.db, userId)) },
    getBackup: { guard: ownerHubCalls, handle: async ({ userId, backupId }, { service }) => backupView(await requireBackup(service.db, userId, backupId)) },
    createBackup: {
      guard: ownHubCalls,
      handle: ({ userId, homeyId, ...input }, { service }) => {
      const { secret: _secret, ...fields } = input;
      return createBackup(service.db, { userId, homeyId, quotaBytes: service.quotaBytes, now: service.clock.now() }, fields, dropBackupFiles(service));
      },
    },
    setBackupComplete: {
      guard: ownHubCalls,
      handle: async ({ userId, homeyId, backupId, size, hash, meta }, { service }) =>
        completeBackup(service.db, await requireBackup(service.db, userId, backupId, homeyId), { size, hash, meta }, service.clock.now()),
    },
  },
);

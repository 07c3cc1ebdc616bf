import { createReadStream, rmSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Request } from 'express';
import { operations } from '../../../generated/cloud/backup.operations.js';
import { ApiError, conflict, notFound } from '../../http/errors.js';
import { receiveFile } from '../../http/receive-file.js';
import type { RawRoute } from '../../http/router.js';
import { recordUpload, requireBackup, roomFor } from './backups.js';
import type { BackupContext, BackupState } from './context.js';
import { ownerHubCalls, ownHubCalls } from './guards.js';

/** Where a backup's bytes are kept (ids are base64url: no path separators). */
export const backupFile = (state: BackupState, backupId: string) => path.join(state.filesDir, `${backupId}.bin`);

export const dropBackupFiles = (state: BackupState) => (ids: string[]) => {
  for (const id of ids) rmSync(backupFile(state, id), { force: true });
};

const tooLarge = (room: number) => new ApiError(413, 'payload_too_large', `The backup is larger than the ${room} bytes left of your quota`);

/** A raw route's caller, checked by the operation's guard as a dispatched operation's is. */
const admitWith = (state: BackupState, guard: typeof ownerHubCalls) => (req: Request) =>
  guard(req.params as Record<string, string>, { session: null, remoteAddress: '', service: state } as BackupContext, req.query as Record<string, unknown>);

/** PUT .../backup/{backupId}/upload: the bytes streamed to disk, hashed and capped by the quota as they come. */
export function uploadBackupRoute(state: BackupState): RawRoute {
  return {
    api: 'backup',
    spec: operations.uploadBackup,
    authorizes: true,
    admit: admitWith(state, ownHubCalls),
    async serve(req, res) {
      const { userId, homeyId, backupId } = req.params as Record<string, string>;
      const backup = await requireBackup(state.db, userId!, backupId!, homeyId);
      if (backup.state === 'complete') throw conflict('The backup is complete: create a new backup for new bytes');
      const room = await roomFor(state.db, userId!, backup.id, state.quotaBytes);
      if (Number(req.headers['content-length'] ?? 0) > room) throw tooLarge(room);
      const { size, sha256: digest } = await receiveFile(req, backupFile(state, backup.id), room, () => tooLarge(room), 'the backup');
      await recordUpload(state.db, backup.id, size, digest);
      res.json({ size, hash: digest });
    },
  };
}

/** GET .../backup/{backupId}/download: a complete backup's bytes. */
export function downloadBackupRoute(state: BackupState): RawRoute {
  return {
    api: 'backup',
    spec: operations.downloadBackup,
    authorizes: true,
    admit: admitWith(state, ownerHubCalls),
    async serve(req, res) {
      const { userId, backupId } = req.params as Record<string, string>;
      const backup = await requireBackup(state.db, userId!, backupId!);
      if (backup.state !== 'complete') throw notFound('Complete backup');
      res.setHeader('Content-Type', 'application/octet-stream');
      res.setHeader('Content-Length', String(backup.size));
      await pipeline(createReadStream(backupFile(state, backup.id)), res);
    },
  };
}

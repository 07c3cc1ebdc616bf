import { mkdirSync } from 'node:fs';
import path from 'node:path';
import spec from '../../../generated/cloud/backup.openapi.json' with { type: 'json' };
import { systemClock } from '../../http/clock.js';
import { createServiceHttp, withDatabase, withState, type ServiceHttp } from '../../http/service.js';
import type { ContentServiceConfig } from '../content/config.js';
import { delegationTokenVerifier, type CloudSession } from '../callers/identity.js';
import { backupApi } from './api.js';
import { DEFAULT_QUOTA_BYTES } from './backups.js';
import type { BackupState } from './context.js';
import { openBackupDb, type BackupDb } from './db.js';
import { downloadBackupRoute, uploadBackupRoute } from './files.js';

export interface BackupServiceConfig extends ContentServiceConfig {
  /** Holds the SQLite file (without databaseUrl) and the backups' bytes. */
  dataDir: string;
  /** postgres://... to keep the records in PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  /** The account service's public key (PEM, `GET /delegation/key`) that verifies callers' delegation tokens offline. */
  accountKey: string;
  /** The bytes one user's backups may take together (default 5 GiB). */
  quotaBytes?: number;
  /**
   * The account that owns a hub, as the account service records it (`hubOwner` over its database: the services of
   * a deployment share it); hubs keep and read only their owner's backups.
   */
  ownerOf(hubId: string): Promise<string | null>;
}

export interface BackupService extends ServiceHttp {
  db: BackupDb;
  state: BackupState;
}

/** The cloud backup service: hubs upload their backups for their owner, who lists them; a new hub restores from one. */
export async function createBackupService(config: BackupServiceConfig): Promise<BackupService> {
  const filesDir = path.join(config.dataDir, 'backups');
  mkdirSync(filesDir, { recursive: true });
  const db = await openBackupDb(config);
  const clock = config.clock ?? systemClock;
  const verifyToken = delegationTokenVerifier(config.accountKey, 'backup');
  const state: BackupState = {
    db,
    clock,
    filesDir,
    quotaBytes: config.quotaBytes ?? DEFAULT_QUOTA_BYTES,
    hubSecretKey: config.hubSecretKey,
    verifyToken,
    ownerOf: config.ownerOf,
  };
  const http = createServiceHttp({
    ...config,
    contract: spec,
    api: backupApi,
    context: withState<BackupState, CloudSession>(state),
    verify: verifyToken,
    rawRoutes: [uploadBackupRoute(state), downloadBackupRoute(state)],
  });
  return withDatabase(http, db, { db, state });
}

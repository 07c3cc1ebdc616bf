import { mkdirSync } from 'node:fs';
import spec from '../../../generated/cloud/setup.openapi.json' with { type: 'json' };
import { systemClock } from '../../http/clock.js';
import { createServiceHttp, withDatabase, withState, type ServiceHttp } from '../../http/service.js';
import type { ContentServiceConfig } from '../content/config.js';
import { delegationTokenVerifier } from '../callers/identity.js';
import { setupApi } from './api.js';
import { setupVerifier, type CloudBackup, type HubCaller, type SetupState } from './callers.js';
import { openSetupDb, type SetupDb } from './db.js';
import type { CloudSession } from '../callers/identity.js';

export interface SetupServiceConfig extends Omit<ContentServiceConfig, 'hubSecretKey'> {
  /** Holds the SQLite file (without databaseUrl). */
  dataDir: string;
  /** postgres://... to keep the data in PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  /** The account service's public key (PEM, `GET /delegation/key`) that verifies callers' delegation tokens offline. */
  accountKey: string;
  /**
   * A user's complete cloud backups, newest first, as the backup service keeps them (`completeBackups` over its
   * database: the services of a deployment share it): what a new hub may be restored from (getSessionBackups).
   */
  backupsOf(userId: string): Promise<CloudBackup[]>;
}

export interface SetupService extends ServiceHttp {
  db: SetupDb;
}

/** The cloud setup service: setup sessions through which a user's app sets up a new hub. */
export async function createSetupService(config: SetupServiceConfig): Promise<SetupService> {
  mkdirSync(config.dataDir, { recursive: true });
  const db = await openSetupDb(config);
  const clock = config.clock ?? systemClock;
  const http = createServiceHttp({
    ...config,
    contract: spec,
    api: setupApi,
    context: withState<SetupState, CloudSession | HubCaller>({ db, clock, backupsOf: config.backupsOf }),
    verify: setupVerifier(db, delegationTokenVerifier(config.accountKey, 'setup')),
  });
  return withDatabase(http, db, { db });
}

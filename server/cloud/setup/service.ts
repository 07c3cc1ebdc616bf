import { mkdirSync } from 'node:fs';
import spec from '../../../generated/cloud/setup.openapi.json' with { type: 'json' };
import { systemClock } from '../../http/clock.js';
import { createServiceHttp, withDatabase, withState, type ServiceHttp } from '../../http/service.js';
import type { ContentServiceConfig } from '../content.js';
import { delegationTokenVerifier } from '../identity.js';
import { setupApi } from './api.js';
import { setupVerifier, type HubCaller } from './callers.js';
import { openSetupDb, type SetupDb } from './db.js';
import type { CloudSession } from '../identity.js';

export interface SetupServiceConfig extends Omit<ContentServiceConfig, 'hubSecretKey'> {
  /** Holds the SQLite file (without databaseUrl). */
  dataDir: string;
  /** postgres://... to keep the data in PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  /** The account service's public key (PEM, `GET /delegation/key`) that verifies callers' delegation tokens offline. */
  accountKey: string;
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
    context: withState<{ db: SetupDb; clock: typeof systemClock }, CloudSession | HubCaller>({ db, clock }),
    verify: setupVerifier(db, delegationTokenVerifier(config.accountKey, 'setup')),
  });
  return withDatabase(http, db, { db });
}

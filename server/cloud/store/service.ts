import { mkdirSync } from 'node:fs';
import spec from '../../../generated/cloud/store.openapi.json' with { type: 'json' };
import { accountTokenVerifier } from '../identity.js';
import { createServiceHttp, withDatabase, withState, type ServiceHttp } from '../../http/service.js';
import { storeApi } from './api.js';
import { openStoreDb, type StoreDb } from './db.js';

export interface StoreServiceConfig {
  /** Holds the SQLite file (without databaseUrl). */
  dataDir: string;
  /** postgres://... to keep the data in PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  /** The account service that issued the callers' access tokens. */
  accountUrl: string;
  hostNames?: string[];
  validateResponses?: boolean;
  development?: boolean;
}

export interface StoreService extends ServiceHttp {
  db: StoreDb;
}

/** The cloud store service: customers' orders of the web shop. */
export async function createStoreService(config: StoreServiceConfig): Promise<StoreService> {
  mkdirSync(config.dataDir, { recursive: true });
  const db = await openStoreDb(config);
  const http = createServiceHttp({ ...config, contract: spec, api: storeApi, context: withState({ db }), verify: accountTokenVerifier(config.accountUrl) });
  return withDatabase(http, db, { db });
}

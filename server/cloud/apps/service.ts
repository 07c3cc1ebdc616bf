import { mkdirSync } from 'node:fs';
import spec from '../../../generated/cloud/apps.openapi.json' with { type: 'json' };
import { createServiceHttp, withDatabase, withState, type ServiceHttp } from '../../http/service.js';
import { appsApi } from './api.js';
import { publishCatalogue } from './catalogue.js';
import { openAppsDb, type AppsDb } from './db.js';

export interface AppsServiceConfig {
  /** Holds the SQLite file (without databaseUrl). */
  dataDir: string;
  /** postgres://... to keep the data in PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  hostNames?: string[];
  validateResponses?: boolean;
  development?: boolean;
}

export interface AppsService extends ServiceHttp {
  db: AppsDb;
}

/**
 * The cloud apps service: the app store's published app details, public as the store's pages are (no token). The
 * apps shipped with the platform (the hub's catalogue and a few more) are published on every start.
 */
export async function createAppsService(config: AppsServiceConfig): Promise<AppsService> {
  mkdirSync(config.dataDir, { recursive: true });
  const db = await openAppsDb(config);
  await publishCatalogue(db);
  const http = createServiceHttp({ ...config, contract: spec, api: appsApi, context: withState({ db }) });
  return withDatabase(http, db, { db });
}

import { mkdirSync } from 'node:fs';
import spec from '../../../generated/cloud/flow.openapi.json' with { type: 'json' };
import { systemClock } from '../../http/clock.js';
import { createServiceHttp, withDatabase, withState, type ServiceHttp } from '../../http/service.js';
import type { ContentServiceConfig } from '../content/config.js';
import { delegationTokenVerifier } from '../callers/identity.js';
import { flowApi } from './api.js';
import { openFlowDb, type FlowDb } from './db.js';

export interface FlowServiceConfig extends ContentServiceConfig {
  /** Holds the SQLite file (without databaseUrl). */
  dataDir: string;
  /** postgres://... to keep the data in PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  /** The account service's public key (PEM, `GET /delegation/key`) that verifies callers' delegation tokens offline. */
  accountKey: string;
}

export interface FlowService extends ServiceHttp {
  db: FlowDb;
}

/** The cloud flow sharing service: users share flows, anyone with the id reads them back. */
export async function createFlowService(config: FlowServiceConfig): Promise<FlowService> {
  mkdirSync(config.dataDir, { recursive: true });
  const db = await openFlowDb(config);
  const state = { db, clock: config.clock ?? systemClock };
  const http = createServiceHttp({ ...config, contract: spec, api: flowApi, context: withState(state), verify: delegationTokenVerifier(config.accountKey, 'flow') });
  return withDatabase(http, db, { db });
}

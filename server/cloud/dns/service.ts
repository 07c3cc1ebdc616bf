import { mkdirSync } from 'node:fs';
import spec from '../../../generated/cloud/dns.openapi.json' with { type: 'json' };
import { systemClock } from '../../http/clock.js';
import { createServiceHttp, withDatabase, withState, type ServiceHttp } from '../../http/service.js';
import type { ContentServiceConfig } from '../content/config.js';
import { dnsApi } from './api.js';
import { openDnsDb, type DnsDb } from './db.js';

export interface DnsServiceConfig extends ContentServiceConfig {
  /** Holds the SQLite file (without databaseUrl). */
  dataDir: string;
  /** postgres://... to keep the data in PostgreSQL instead of SQLite. */
  databaseUrl?: string;
}

export interface DnsService extends ServiceHttp {
  db: DnsDb;
}

/** The cloud local certificate service: certificates for hubs' local names, signed by an authority it keeps. */
export async function createDnsService(config: DnsServiceConfig): Promise<DnsService> {
  mkdirSync(config.dataDir, { recursive: true });
  const db = await openDnsDb(config);
  const state = { db, clock: config.clock ?? systemClock, hubSecretKey: config.hubSecretKey ?? '' };
  const http = createServiceHttp({ ...config, contract: spec, api: dnsApi, context: withState(state) });
  return withDatabase(http, db, { db });
}

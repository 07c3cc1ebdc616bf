import { mkdirSync } from 'node:fs';
import spec from '../../../generated/cloud/icons.openapi.json' with { type: 'json' };
import { systemClock } from '../../http/clock.js';
import { createServiceHttp, withDatabase, withState, type ServiceHttp } from '../../http/service.js';
import type { ContentServiceConfig } from '../content/config.js';
import { publicOnlyAgents } from '../outbound/agents.js';
import { iconsApi } from './api.js';
import { loadCatalogue } from './catalogue.js';
import { openIconsDb, type IconsDb } from './db.js';
import { createIconRoute } from './upload.js';

export interface IconsServiceConfig extends ContentServiceConfig {
  /** Holds the SQLite file (without databaseUrl). */
  dataDir: string;
  /** postgres://... to keep the data in PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  /** Addresses that are not public which URL uploads may still be fetched from (IPs, CIDRs): a test's loopback. */
  fetchAllowList?: string[];
}

export interface IconsService extends ServiceHttp {
  db: IconsDb;
}

/** The cloud icons service (the official AthomIconsAPI): named and uploaded icons, drawn as PNG at any size. */
export async function createIconsService(config: IconsServiceConfig): Promise<IconsService> {
  mkdirSync(config.dataDir, { recursive: true });
  const db = await openIconsDb(config);
  const state = { db, clock: config.clock ?? systemClock, catalogue: loadCatalogue(), fetchAgents: publicOnlyAgents(config.fetchAllowList) };
  const http = createServiceHttp({
    ...config,
    contract: spec,
    api: iconsApi,
    context: withState(state),
    rawRoutes: [createIconRoute(state)],
  });
  return withDatabase(http, db, { db });
}

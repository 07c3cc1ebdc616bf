import { mkdirSync } from 'node:fs';
import spec from '../../../generated/cloud/callback.openapi.json' with { type: 'json' };
import { systemClock } from '../../http/clock.js';
import { createServiceHttp, withDatabase, withState, type ServiceHttp } from '../../http/service.js';
import type { Session } from '../../http/api.js';
import type { ContentServiceConfig } from '../content/config.js';
import type { HubDelivery } from '../outbound/hub-delivery.js';
import { hubCredentialVerifier } from '../callers/hub-secret.js';
import { callbackApi, landingRoute } from './api.js';
import type { CallbackState } from './context.js';
import { openCallbackDb, type CallbackDb } from './db.js';

export interface CallbackServiceConfig extends ContentServiceConfig {
  /** Holds the SQLite file (without databaseUrl). */
  dataDir: string;
  /** postgres://... to keep the data in PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  /** How codes reach hubs: through the connect service (connect/delivery.ts). */
  delivery: HubDelivery;
  /** The service's public base URL (the redirect URI providers know starts with it); default the address it listens on. */
  publicUrl?: string;
}

export interface CallbackService extends ServiceHttp {
  db: CallbackDb;
  state: CallbackState;
}

/** The cloud OAuth2 callback service: hubs' apps' sign-ins with providers, their codes handed on to the hubs. */
export async function createCallbackService(config: CallbackServiceConfig): Promise<CallbackService> {
  mkdirSync(config.dataDir, { recursive: true });
  const db = await openCallbackDb(config);
  const state: CallbackState = { db, clock: config.clock ?? systemClock, hubSecretKey: config.hubSecretKey, delivery: config.delivery, publicUrl: config.publicUrl ?? '' };
  // Bearer tokens here are hubs' credentials.
  const verify = hubCredentialVerifier(config.hubSecretKey);
  const http = createServiceHttp({ ...config, contract: spec, api: callbackApi, context: withState<CallbackState, Session>(state), verify, rawRoutes: [landingRoute(state)] });
  const service = withDatabase(http, db, { db, state });
  return {
    ...service,
    async listen(port, host) {
      const url = await http.listen(port, host);
      state.publicUrl ||= url;
      return url;
    },
  };
}

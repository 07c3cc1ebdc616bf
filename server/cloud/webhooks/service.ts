import { mkdirSync } from 'node:fs';
import spec from '../../../generated/cloud/webhooks.openapi.json' with { type: 'json' };
import { systemClock } from '../../http/clock.js';
import { createServiceHttp, withDatabase, withState, type ServiceHttp } from '../../http/service.js';
import type { ContentServiceConfig } from '../content/config.js';
import { deliveryInOrder, directHubDelivery, type HubDelivery } from '../outbound/hub-delivery.js';
import { hubCredentialVerifier } from '../callers/hub-secret.js';
import { delegationTokenVerifier } from '../callers/identity.js';
import { callWebhookRoute, webhooksApi } from './api.js';
import type { WebhooksState } from './context.js';
import { openWebhooksDb, type WebhooksDb } from './db.js';
import { registeredAddress } from './webhooks.js';
import { CALLBACK_ALLOW_VARIABLE, parseCallbackAllowList } from './callback-address.js';

export interface WebhooksServiceConfig extends ContentServiceConfig {
  /** Holds the SQLite file (without databaseUrl). */
  dataDir: string;
  /** postgres://... to keep the data in PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  /** The account service's public key (PEM, `GET /delegation/key`) that verifies callers' delegation tokens offline. */
  accountKey: string;
  /** The service's public base URL (webhooks' URLs start with it); default the address it listens on. */
  publicUrl?: string;
  /**
   * How calls reach a hub first: through the connect service when the hub is connected (connect/delivery.ts).
   * Where that path does not reach it (not connected, or none given), the call goes to the hub's own address as it
   * registered it (`callback_url`).
   */
  connectDelivery?: HubDelivery;
  /**
   * IPs and CIDRs a hub's callback_url may be at besides public addresses; default WEBHOOK_CALLBACK_ALLOW (unset: none).
   * Loopback and private addresses are otherwise refused, at registration and at delivery (callback-address.ts).
   */
  callbackAllowList?: string[];
}

export interface WebhooksService extends ServiceHttp {
  db: WebhooksDb;
  state: WebhooksState;
}

/** The cloud webhooks service: developers' webhooks, hubs registered for them, calls delivered to the matching hubs. */
export async function createWebhooksService(config: WebhooksServiceConfig): Promise<WebhooksService> {
  mkdirSync(config.dataDir, { recursive: true });
  const callbackAllowList = config.callbackAllowList ?? parseCallbackAllowList(process.env[CALLBACK_ALLOW_VARIABLE]);
  const db = await openWebhooksDb(config);
  const clock = config.clock ?? systemClock;
  const state: WebhooksState = {
    db,
    clock,
    hubSecretKey: config.hubSecretKey,
    verifyToken: delegationTokenVerifier(config.accountKey, 'webhooks'),
    delivery: deliveryInOrder(...(config.connectDelivery ? [config.connectDelivery] : []), directHubDelivery((hubId) => registeredAddress({ db }, hubId), { allowAddresses: callbackAllowList })),
    publicUrl: config.publicUrl ?? '',
    callbackAllowList,
    deliveries: new Set(),
  };
  // Bearer tokens here are hubs' credentials (unregisterWebhookClient); developers send their delegation token as ?token=.
  const verify = hubCredentialVerifier(config.hubSecretKey);
  const http = createServiceHttp({ ...config, contract: spec, api: webhooksApi, context: withState(state), verify, rawRoutes: [callWebhookRoute(state)] });
  const service = withDatabase(http, db, { db, state });
  return {
    ...service,
    async close() {
      await Promise.all(state.deliveries);
      await service.close();
    },
    async listen(port, host) {
      const url = await http.listen(port, host);
      state.publicUrl ||= url;
      return url;
    },
  };
}

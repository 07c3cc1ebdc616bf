import type { Session } from '../../http/api.js';
import type { Clock } from '../../http/clock.js';
import type { ServiceContext } from '../../http/service.js';
import type { HubDelivery } from '../outbound/hub-delivery.js';
import type { HubSecretState } from '../callers/hub-secret.js';
import type { QueryTokenState } from '../callers/query-token.js';
import type { WebhooksDb } from './db.js';

export interface WebhooksState extends HubSecretState, QueryTokenState {
  db: WebhooksDb;
  clock: Clock;
  delivery: HubDelivery;
  /** The service's own base URL, for webhooks' public URLs (set when it listens, or given). */
  publicUrl: string;
  /** IPs and CIDRs a hub's callback_url may be at besides public addresses (the operator's WEBHOOK_CALLBACK_ALLOW). */
  callbackAllowList: readonly string[];
  /** Calls being delivered after their answer: closing the service waits for them. */
  deliveries: Set<Promise<void>>;
}

export type WebhooksContext = ServiceContext<WebhooksState, Session>;

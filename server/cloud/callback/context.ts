import type { Session } from '../../http/api.js';
import type { Clock } from '../../http/clock.js';
import type { ServiceContext } from '../../http/service.js';
import type { HubDelivery } from '../outbound/hub-delivery.js';
import type { HubSecretState } from '../callers/hub-secret.js';
import type { CallbackDb } from './db.js';

export interface CallbackState extends HubSecretState {
  db: CallbackDb;
  clock: Clock;
  /** How codes reach hubs: through the connect service. */
  delivery: HubDelivery;
  /** The service's own base URL, for the redirect URI providers send browsers back to (set when it listens, or given). */
  publicUrl: string;
}

export type CallbackContext = ServiceContext<CallbackState, Session>;

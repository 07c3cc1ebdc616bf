import type { Clock } from '../../http/clock.js';
import { ApiError } from '../../http/errors.js';
import type { ServiceContext } from '../../http/service.js';
import type { CloudSession } from '../callers/identity.js';
import type { Subscription, SubscriptionDb } from '../account/subscriptions.js';
import type { StoreDb } from './db.js';
import type { PaymentProvider } from './payment-provider.js';

/** What every handler of the store reaches. */
export interface Store {
  db: StoreDb;
  /** The accounts' database as their subscriptions see it (../subscriptions.ts): shared with the account service. */
  accounts: SubscriptionDb;
  provider: PaymentProvider;
  clock: Clock;
  /** ISO time from the clock. */
  iso(offsetMs?: number): string;
  /** The operators' secret (STORE_SECRET); unset, their calls answer 403 to everyone. */
  secret?: string;
}

export type StoreContext = ServiceContext<Store, CloudSession>;

/** The signed-in customer of a call that needs a token (the dispatcher has refused it without one). */
export function customerOf(context: StoreContext): CloudSession {
  if (!context.session) throw new ApiError(401, 'unauthorized', 'Missing access token: send Authorization: Bearer <token>');
  return context.session;
}

/** The id under which the account shows a subscription of `type` billed by `provider`: `premium_shop`. */
export const subscriptionId = (type: string, provider: 'shop' | 'apple' | 'google' = 'shop') => `${type}_${provider}`;

/** A subscription of the account as the store shows it: with its id, without billing's own fields. */
export const subscriptionView = (id: string, subscription: Subscription) => ({
  id,
  startedAt: subscription.startedAt,
  expiresAt: subscription.expiresAt ?? null,
  status: subscription.status,
});

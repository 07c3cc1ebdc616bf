import { mkdirSync } from 'node:fs';
import spec from '../../../generated/cloud/store.openapi.json' with { type: 'json' };
import { systemClock, type Clock } from '../../http/clock.js';
import { createServiceHttp, withDatabase, withState, type ServiceHttp } from '../../http/service.js';
import { delegationTokenVerifier } from '../callers/identity.js';
import type { SubscriptionDb } from '../account/subscriptions.js';
import { storeApi } from './api.js';
import { publishCatalogue } from './catalogue.js';
import type { Store } from './context.js';
import { openStoreDb, type StoreDb } from './db.js';
import type { PaymentProvider } from './payment-provider.js';
import { storeRawRoutes } from './raw-routes.js';
import { shopSessionVerifier } from './sessions.js';

export interface StoreServiceConfig {
  /** Holds the SQLite file (without databaseUrl). */
  dataDir: string;
  /** postgres://... to keep the data in PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  /** The account service's public key (PEM, `GET /delegation/key`) that verifies callers' delegation tokens offline. */
  accountKey: string;
  /** The account service's database, where accounts' subscriptions live (AccountService.account.subscriptions). */
  accounts: SubscriptionDb;
  /** Who charges orders and verifies app store purchases (SimulatedPaymentProvider in the demo and tests). */
  provider: PaymentProvider;
  /** The operators' secret for offers, coupons and expired subscriptions (STORE_SECRET); unset, those answer 403. */
  secret?: string;
  clock?: Clock;
  hostNames?: string[];
  validateResponses?: boolean;
  development?: boolean;
}

export interface StoreService extends ServiceHttp {
  db: StoreDb;
  store: Store;
}

/** The cloud store service: the web shop, its orders and payments, subscriptions, offers and coupons. */
export async function createStoreService(config: StoreServiceConfig): Promise<StoreService> {
  mkdirSync(config.dataDir, { recursive: true });
  const db = await openStoreDb(config);
  await publishCatalogue(db);
  const clock = config.clock ?? systemClock;
  const store: Store = { db, accounts: config.accounts, provider: config.provider, clock, iso: (offsetMs = 0) => new Date(clock.now() + offsetMs).toISOString(), secret: config.secret };
  const http = createServiceHttp({
    ...config,
    contract: spec,
    api: storeApi,
    context: withState(store),
    verify: shopSessionVerifier(store, delegationTokenVerifier(config.accountKey, 'store')),
    rawRoutes: storeRawRoutes(store),
  });
  return withDatabase(http, db, { db, store });
}

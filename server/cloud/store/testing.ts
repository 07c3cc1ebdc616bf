import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { FakeClock } from '../../http/clock.js';
import { freshDatabase } from '../account/testing/postgres.js';
import { startTestAccount, type TestAccount } from '../account/testing/test-account.js';
import { SimulatedPaymentProvider } from './payment-provider.js';
import { createStoreService, type StoreService } from './service.js';

export const STORE_SECRET = 'store-operators-secret';
export const PROVIDER_SECRET = 'provider-webhook-secret';

/** A shopper's user data as the checkout takes it (`PUT /store/userdata`): a Dutch address. */
export const SHOPPER = {
  email: 'anna@example.com',
  billing_firstname: 'Anna',
  billing_lastname: 'de Vries',
  billing_street: 'Museumstraat',
  billing_number: '1',
  billing_zipcode: '1071 XX',
  billing_city: 'Amsterdam',
  billing_country: 'NL',
};

export interface TestStore {
  account: TestAccount;
  service: StoreService;
  url: string;
  provider: SimulatedPaymentProvider;
  /** The store's and the provider's clock, from the real time on: tests move it to expire things. */
  clock: FakeClock;
  http(): ReturnType<typeof request>;
  /** `?secret=` of the operators' calls. */
  secret: { secret: string };
  stop(): Promise<void>;
}

/**
 * The store on port 0 beside a real account service (whose tokens it verifies and whose database holds the
 * subscriptions), with the simulated payment provider sending its webhooks to it. In CI (DATABASE_URL) the store's
 * data is in a fresh PostgreSQL database, as npm start keeps it given CLOUD_DATABASE_URL.
 */
export async function startTestStore(): Promise<TestStore> {
  const account = await startTestAccount();
  const database = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-test-'));
  const clock = new FakeClock(Date.now());
  const provider = new SimulatedPaymentProvider({ secret: PROVIDER_SECRET, clock });
  const service = await createStoreService({
    dataDir,
    databaseUrl: database?.url,
    accountKey: account.account.keys.publicPem,
    accounts: account.account.subscriptions,
    provider,
    secret: STORE_SECRET,
    clock,
    validateResponses: true,
    development: true,
  });
  const url = await service.listen(0);
  provider.webhookUrl = `${url}/payment/webhook`;
  return {
    account,
    service,
    url,
    provider,
    clock,
    http: () => request(url),
    secret: { secret: STORE_SECRET },
    async stop() {
      await service.close();
      await account.stop();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

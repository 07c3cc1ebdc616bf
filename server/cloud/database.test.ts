import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeWhen } from '../../scripts/system-programs.js';
import { loadDelegationKeys } from './account/delegation.js';
import { freshDatabase } from './account/testing/postgres.js';
import { startTestAccount, type TestAccount } from './account/testing/test-account.js';
import { faultRelay, type FaultRelay } from './testing/fault-relay.js';

/**
 * Cloud services on one PostgreSQL database, as several instances share it. Two started at once on a new database
 * both come up. One whose server goes away and comes back (a restart, an outage): it stays up, answers
 * 503 with Retry-After meanwhile, and serves again once the server is back. The server is reached through a relay
 * that cuts its connections and refuses new ones, as a restarting server does.
 */
const serverUrl = process.env.DATABASE_URL;
const describeWithPostgres = describeWhen(Boolean(serverUrl), 'DATABASE_URL names no PostgreSQL server (.ci/run starts one)');

describeWithPostgres('a cloud service while PostgreSQL cannot be reached', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let relay: FaultRelay;
  let account: TestAccount;

  beforeAll(async () => {
    database = await freshDatabase(serverUrl!);
    relay = await faultRelay(new URL(database.url), 5432);
    account = await startTestAccount({ databaseUrl: relay.url });
  }, 30_000);
  afterAll(async () => {
    await account?.stop();
    await relay?.close();
    await database?.drop();
  });

  it('when the server ends its connections and refuses new ones, then calls answer 503 with Retry-After, and succeed once it is back', async () => {
    const user = await account.user();
    await account.http().get('/user/me').set(user.auth).expect(200);
    await relay.cut();
    const refused = await account.http().get('/user/me').set(user.auth).expect(503);
    expect(refused.body).toMatchObject({ error: 'service_unavailable', statusCode: 503 });
    expect(refused.headers['retry-after']).toBe('5');
    await relay.restore();
    await account.http().get('/user/me').set(user.auth).expect(200);
  });
});

describeWithPostgres('cloud services started at once on a new database', () => {
  it('when two apps services start at once, then both migrate and publish the catalogue, one after the other, and come up', async () => {
    const { createAppsService } = await import('./apps/service.js');
    const database = await freshDatabase(serverUrl!);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'apps-at-once-'));
    const config = { dataDir, databaseUrl: database.url, accountKey: (await loadDelegationKeys(dataDir)).publicPem, secret: 'at-once' };
    const started = await Promise.allSettled([createAppsService(config), createAppsService(config)]);
    for (const each of started) if (each.status === 'fulfilled') await each.value.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    expect(started.map((each) => (each.status === 'fulfilled' ? 'up' : String(each.reason)))).toEqual(['up', 'up']);
  }, 60_000);
});

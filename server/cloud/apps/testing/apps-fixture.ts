import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { FakeClock } from '../../../http/clock.js';
import type { Mail } from '../../account/context.js';
import { loadDelegationKeys, signDelegationToken, type DelegationKeys } from '../../account/delegation.js';
import { freshDatabase } from '../../account/testing/postgres.js';
import { newId } from '../context.js';
import { createAppsService, type AppsService, type AppsServiceConfig } from '../service.js';

export const SECRET = 'platform-secret-for-tests';

export interface TestUser {
  id: string;
  name: string;
  email: string;
  auth: { Authorization: string };
}

export interface AppsFixture {
  apps: AppsService;
  /** What the service was made with: another service of the same data is another instance of it. */
  config: AppsServiceConfig;
  /** The service's origin; its API is under `${url}/api/v1`. */
  url: string;
  clock: FakeClock;
  mails: Mail[];
  keys: DelegationKeys;
  /** supertest on the API's base path. */
  api(): ReturnType<typeof request>;
  /** A delegation token of audience `apps`, as the account service signs it, for a new user with these roles. */
  user(roles?: string[], audience?: string): Promise<TestUser>;
  restart(overrides?: Partial<AppsServiceConfig>): Promise<void>;
  stop(): Promise<void>;
}

let counter = 0;

/**
 * A real apps service on port 0 in a fresh data folder (or a fresh PostgreSQL database with DATABASE_URL), on a
 * fake clock, with every answer checked against the contract. Its callers' tokens are signed by the account
 * service's own signing code with a key pair of the fixture: the service only ever sees the public key.
 */
export async function startApps(overrides: Partial<AppsServiceConfig> = {}): Promise<AppsFixture> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'apps-test-'));
  const keys = await loadDelegationKeys(dataDir);
  const database = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
  const clock = new FakeClock(Date.parse('2026-11-20T10:00:00.000Z'));
  const mails: Mail[] = [];
  const config = (more: Partial<AppsServiceConfig>): AppsServiceConfig => ({
    dataDir,
    databaseUrl: database?.url,
    accountKey: keys.publicPem,
    secret: SECRET,
    clock,
    mailer: (mail) => void mails.push(mail),
    validateResponses: true,
    development: true,
    ...overrides,
    ...more,
  });
  const fixture: AppsFixture = {
    apps: await createAppsService(config({})),
    config: config({}),
    url: '',
    clock,
    mails,
    keys,
    api: () => request(`${fixture.url}/api/v1`),
    async user(roles = [], audience = 'apps') {
      const id = newId();
      const n = ++counter;
      const token = await signDelegationToken(keys, {
        userId: id,
        audience,
        scopes: ['homey'],
        clientName: 'Test App',
        profile: { email: `user${n}@example.com`, given_name: 'User', family_name: String(n), roles },
        nowMs: clock.now(),
      });
      return { id, name: `User ${n}`, email: `user${n}@example.com`, auth: { Authorization: `Bearer ${token}` } };
    },
    async restart(more = {}) {
      await fixture.apps.close();
      fixture.apps = await createAppsService(config(more));
      fixture.url = await fixture.apps.listen(0);
    },
    async stop() {
      await fixture.apps.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  fixture.url = await fixture.apps.listen(0);
  return fixture;
}

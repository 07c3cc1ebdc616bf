import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { Mail } from '../context.js';
import type { PasswordCost } from '../crypto.js';
import { markVerified } from '../email-verification.js';
import { isHubUser } from '../hubs.js';
import { freshDatabase } from './postgres.js';
import type { ClientRegistration } from '../oauth/clients.js';
import type { TokenAnswer } from '../oauth/tokens.js';
import { createAccountService, type AccountService, type AccountServiceConfig } from '../service.js';

export const APP: Required<ClientRegistration> = {
  id: 'test-app',
  secret: 'test-app-secret-0123456789',
  name: 'Test App',
  redirectUris: ['http://127.0.0.1:9999/callback'],
  grants: ['authorization_code', 'refresh_token', 'client_credentials', 'password'],
  scopes: ['account', 'homey'],
  // A third party's app: its users meet the consent page (oauth/testing.ts allows it where a test is not about it).
  trusted: false,
};

export const BROWSER_APP: ClientRegistration = {
  id: 'browser-app',
  name: 'Browser App',
  redirectUris: ['http://127.0.0.1:9998/'],
  grants: ['authorization_code', 'refresh_token'],
  scopes: ['account.readonly', 'homey.device.readonly'],
  // The support form in the tests (server/support/testing.ts): the platform's own, asking no consent, as in npm start.
  trusted: true,
};

export const PASSWORD = 'correct horse battery';

/** argon2id's smallest cost, for tests: hashing is not what they test. */
export const CHEAP_PASSWORD_COST: PasswordCost = { memoryKiB: 64, passes: 1, parallelism: 1 };

export interface TestAccount extends AccountService {
  url: string;
  dataDir: string;
  /** Mails the service sent, oldest first. */
  mails: Mail[];
  http(): ReturnType<typeof request>;
  /** A new account through the API: its `_id` and e-mail. */
  signUp(email?: string, password?: string): Promise<{ id: string; email: string }>;
  /** Marks an account's address verified, as following its mailed link would (email-verification.test.ts follows it). */
  verify(userId: string): Promise<void>;
  /** Tokens of the password grant for the test app. */
  tokens(email: string, password?: string, scope?: string): Promise<TokenAnswer>;
  /**
   * A new account and an access token with every scope of the test app; given a cloud service's audience, `token`
   * and `auth` carry a delegation token of that audience instead (what the service takes), `accessToken` the other.
   */
  user(audience?: string): Promise<TestUser>;
  /** As user(), with the role admin. */
  admin(audience?: string): Promise<TestUser>;
  /** A delegation token of `audience` for the holder of an access token. */
  delegation(accessToken: string, audience: string): Promise<string>;
  /** What the connect service is given of the account service: its key, and its record of who uses which hub. */
  connectAccount(): { accountKey: string; isHubUser(userId: string, hubId: string): Promise<boolean> };
  /** Stops the service and starts a new one on the same data (folder and database). */
  restart(): Promise<TestAccount>;
  stop(): Promise<void>;
}

export interface TestUser {
  id: string;
  email: string;
  token: string;
  auth: { Authorization: string };
  /** The account's own access token, and its header for calls of the account service. */
  accessToken: string;
  accountAuth: { Authorization: string };
}

type Database = Awaited<ReturnType<typeof freshDatabase>>;

let counter = 0;

/**
 * A real account service on port 0 in a fresh data folder, with the test clients registered, cheap password
 * hashing, sign-ups unlimited (one address makes every account) and every answer checked against the contract. Its data is in SQLite, or, when the environment has
 * DATABASE_URL (CI), in a fresh database on that PostgreSQL server, dropped by stop().
 */
export async function startTestAccount(overrides: Partial<AccountServiceConfig> = {}): Promise<TestAccount> {
  const serverUrl = process.env.DATABASE_URL;
  const database = !('databaseUrl' in overrides) && serverUrl ? await freshDatabase(serverUrl) : undefined;
  return start(overrides, database);
}

async function start(overrides: Partial<AccountServiceConfig>, database: Database | undefined): Promise<TestAccount> {
  const dataDir = overrides.dataDir ?? mkdtempSync(path.join(tmpdir(), 'account-test-'));
  const mails: Mail[] = [];
  const service = await createAccountService({
    clients: [APP, BROWSER_APP],
    passwordCost: CHEAP_PASSWORD_COST,
    mailer: (mail) => void mails.push(mail),
    validateResponses: true,
    development: true,
    databaseUrl: database?.url,
    ...overrides,
    limits: { signUps: { points: 100_000, durationMs: 60 * 60 * 1000 }, ...overrides.limits },
    dataDir,
  });
  const url = await service.listen(0);
  const http = () => request(url);
  const signUp = async (email = `user${++counter}-${Date.now()}@example.com`, password = PASSWORD) => {
    const res = await http().post('/user').send({ email, password, firstname: 'Test' }).expect(200);
    return { id: res.body._id as string, email };
  };
  const verify = (userId: string) => markVerified(service.account, userId);
  const tokens = async (email: string, password = PASSWORD, scope?: string) => {
    const form: Record<string, string> = { grant_type: 'password', username: email, password };
    if (scope) form.scope = scope;
    const res = await http().post('/oauth2/token').auth(APP.id, APP.secret).type('form').send(form).expect(200);
    return res.body as TokenAnswer;
  };
  const delegation = async (accessToken: string, audience: string) =>
    (await http().post('/delegation/token').query({ audience }).set('Authorization', `Bearer ${accessToken}`).send({}).expect(200)).body as string;
  const user = async (audience?: string): Promise<TestUser> => {
    const { id, email } = await signUp();
    const accessToken = (await tokens(email)).access_token;
    const token = audience ? await delegation(accessToken, audience) : accessToken;
    return { id, email, token, auth: { Authorization: `Bearer ${token}` }, accessToken, accountAuth: { Authorization: `Bearer ${accessToken}` } };
  };
  return {
    ...service,
    url,
    dataDir,
    mails,
    http,
    signUp,
    verify,
    tokens,
    user,
    delegation,
    connectAccount: () => ({ accountKey: service.account.keys.publicPem, isHubUser: (userId, hubId) => isHubUser(service.account, userId, hubId) }),
    async admin(audience?: string) {
      const plain = await user();
      await service.addRole(plain.id, 'admin');
      // The roles are signed into a delegation token: it is asked for once the account holds them.
      if (!audience) return plain;
      const token = await delegation(plain.accessToken, audience);
      return { ...plain, token, auth: { Authorization: `Bearer ${token}` } };
    },
    async restart() {
      await service.close();
      return start({ ...overrides, dataDir }, database);
    },
    async stop() {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

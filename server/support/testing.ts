import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { BROWSER_APP, startTestAccount, type TestAccount } from '../cloud/account/testing/test-account.js';
import { createSupportService, type SupportService, type SupportServiceConfig } from './service.js';

type TestUser = Awaited<ReturnType<TestAccount['user']>>;

export interface TestSupport extends SupportService {
  url: string;
  dataDir: string;
  account: TestAccount;
  /** A new customer whose `token` and `auth` carry a delegation token of audience `support`, what the back end takes. */
  user(): Promise<TestUser>;
  /** A new customer whose address is verified, as a customer verifies it: through the link mailed to it. */
  verifiedUser(): Promise<TestUser>;
  /** A new customer whose address is not verified: changed to a new one whose mailed link nobody followed. */
  unverifiedUser(): Promise<TestUser>;
  http(): ReturnType<typeof request>;
  stop(): Promise<void>;
}

/** The support back end on port 0 in a fresh data folder, beside a real account service that issues the tokens. */
export async function startTestSupport(overrides: Partial<SupportServiceConfig> = {}): Promise<TestSupport> {
  const account = await startTestAccount();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'support-test-'));
  const service = await createSupportService({
    dataDir,
    services: { cloudUrl: account.url, clientId: BROWSER_APP.id, storeUrl: `${account.url}/store`, appsUrl: `${account.url}/apps` },
    accountKey: account.account.keys.publicPem,
    validateResponses: true,
    development: true,
    ...overrides,
  });
  const url = await service.listen(0);
  service.support.publicUrl = url;
  const withNewAddress = async () => {
    const user = await account.user();
    const email = `changed-${user.id}@example.com`;
    await account.http().put(`/user/${user.id}`).set(user.auth).send({ email }).expect(200);
    const link = /(http\S+)/.exec(account.mails.filter((mail) => mail.to === email).at(-1)!.text)![1]!;
    return { user: { ...user, email }, link };
  };
  /** The verification state and address are signed into the token: it is asked for once the account holds them. */
  const forSupport = async (user: TestUser): Promise<TestUser> => {
    const token = await account.delegation(user.accessToken, 'support');
    return { ...user, token, auth: { Authorization: `Bearer ${token}` } };
  };
  return {
    ...service,
    url,
    dataDir,
    account,
    http: () => request(url),
    user: () => account.user('support'),
    async verifiedUser() {
      const { user, link } = await withNewAddress();
      await account.http().get('/login/email-verification').query({ token: new URL(link).searchParams.get('token')! }).expect(200);
      return forSupport(user);
    },
    async unverifiedUser() {
      return forSupport((await withNewAddress()).user);
    },
    async stop() {
      await service.close();
      await account.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

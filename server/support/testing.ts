import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { BROWSER_APP, startTestAccount, type TestAccount } from '../cloud/account/testing/test-account.js';
import { createSupportService, type SupportService, type SupportServiceConfig } from './service.js';

export interface TestSupport extends SupportService {
  url: string;
  dataDir: string;
  account: TestAccount;
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
    validateResponses: true,
    development: true,
    ...overrides,
  });
  const url = await service.listen(0);
  service.support.publicUrl = url;
  return {
    ...service,
    url,
    dataDir,
    account,
    http: () => request(url),
    async stop() {
      await service.close();
      await account.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

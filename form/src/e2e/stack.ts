/**
 * The real servers behind the support form, started in-process on free ports as `npm start` starts them: the demo
 * hub, the cloud account service (with the demo account and the public client whose redirect URI is the form's
 * host), the store and apps services, and the support back end serving the built form.
 */
import { mkdirSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import path from 'node:path';
import { DEMO_PUBLIC_CLIENT_ID, ensureDemo } from '../../../server/cloud/account/demo.js';
import { loadDelegationKeys } from '../../../server/cloud/account/delegation.js';
import { createAccountService } from '../../../server/cloud/account/service.js';
import { createAppsService } from '../../../server/cloud/apps/service.js';
import { ensureDemoOrders } from '../../../server/cloud/store/demo.js';
import { createStoreService } from '../../../server/cloud/store/service.js';
import { linkDemoOwner } from '../../../server/hub/demo-cloud.js';
import { createHub } from '../../../server/hub/hub.js';
import { HUB_MODEL } from '../../../server/hub/system/info.js';
import { createSupportService } from '../../../server/support/service.js';

export interface Stack {
  formUrl: string;
  email: string;
  password: string;
  close(): Promise<void>;
}

export async function startStack(dataDir: string, formDir: string): Promise<Stack> {
  const cloudDir = path.join(dataDir, 'cloud');
  mkdirSync(cloudDir, { recursive: true });
  const { publicPem } = await loadDelegationKeys(cloudDir);
  const running = createHub({ dataDir: path.join(dataDir, 'hub'), demoHome: true, validateResponses: false, development: false, cloudPublicKey: publicPem, mdns: false });
  const hubUrl = await running.listen(0, '127.0.0.1');
  // As npm start: the store and apps services answer under /store and /apps of the account service's host.
  const mounts = new Map<string, RequestListener>();
  const account = await createAccountService({ dataDir: cloudDir, validateResponses: false, development: false, mounts });
  const cloudUrl = await account.listen(0, '127.0.0.1');
  account.account.publicUrl = cloudUrl;
  const store = await createStoreService({ dataDir: cloudDir, accountUrl: cloudUrl });
  const apps = await createAppsService({ dataDir: cloudDir });
  mounts.set('/store', store.handler).set('/apps', apps.handler);
  const services = { cloudUrl, clientId: DEMO_PUBLIC_CLIENT_ID, storeUrl: `${cloudUrl}/store`, appsUrl: `${cloudUrl}/apps` };
  const support = await createSupportService({ dataDir: path.join(dataDir, 'support'), formDir, services });
  const formUrl = `${await support.listen(0, '127.0.0.1')}/`;
  support.support.publicUrl = formUrl.slice(0, -1);

  const { hub } = running;
  const demo = await ensureDemo(account, cloudDir, {
    redirectUri: 'http://localhost:3000/oauth2/callback',
    publicRedirectUri: formUrl,
    hub: { _id: hub.id, name: hub.system.name, platform: 'local', apiVersion: 3, model: HUB_MODEL.id, softwareVersion: hub.version, localUrl: hubUrl },
  });
  linkDemoOwner(hub, demo.accountId);
  await ensureDemoOrders(store.db, demo.accountId);
  return {
    formUrl,
    email: demo.email,
    password: demo.password,
    async close() {
      await Promise.allSettled([support.close(), apps.close(), store.close(), account.close()]);
      await running.close();
    },
  };
}

/**
 * npm start's cloud process (scripts/start.ts supervises it): the cloud services as scripts/cloud.ts starts them (the
 * account service and those beside it on CLOUD_PORT, the connect service on CONNECT_PORT, data in DATA_DIR/cloud),
 * with the demo: once the supervisor names the hub and the form, the demo account that owns the hub, its OAuth
 * clients and its shop; it answers the hub's requests for its owner's tokens (scripts/start-protocol.ts).
 */
import path from 'node:path';
import { root } from './apis.js';
import { startCloud } from './cloud.js';
import { appsSecret, onMessage, stopWith, tell } from './start-protocol.js';
import { browsableOrigin, fail, listenError, startSettingsOrFail } from './start-settings.js';

const settings = startSettingsOrFail(process.env, root);
const cloudDir = path.join(settings.dataDir, 'cloud');
const cloud = await startCloud({
  settings,
  cloudDir,
  appsSecret: appsSecret(),
  listen: async (service, name, port) =>
    browsableOrigin(await service.listen(port, settings.host).catch((error: NodeJS.ErrnoException) => fail(listenError(error, settings.host, name, port)))),
}).catch((error: Error) => fail(error.message));
stopWith('cloud', () => cloud.close());
const { account, store, cloudUrl, connectUrl } = cloud;
const { ensureDemo, DEMO_PUBLIC_CLIENT_ID } = await import('../server/cloud/account/demo.js');
tell({ type: 'cloud-ready', cloudUrl, connectUrl, publicClientId: DEMO_PUBLIC_CLIENT_ID });

const { ensureDemoShop } = await import('../server/cloud/store/demo.js');
const { delegateFor } = await import('../server/cloud/account/account-flows.js');
onMessage('demo', async ({ hub, formUrl }) => {
  const demo = await ensureDemo(account, cloudDir, {
    // A server-side app a developer runs on this machine; the browser app is the support form.
    redirectUri: 'http://localhost:3000/oauth2/callback',
    publicRedirectUri: formUrl,
    hub,
  });
  await ensureDemoShop(store.store, demo.accountId);
  tell({ type: 'demo-ready', demo });
});
onMessage('owner-token', async ({ id, accountId, clientName }) => {
  const token = await delegateFor(account.account, accountId!, { audience: 'apps', scopes: ['homey'], clientName: clientName! }).catch(() => undefined);
  tell({ type: 'owner-token', id, token });
});

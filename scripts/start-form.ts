/**
 * npm start's form process (scripts/start.ts supervises it): the built support form and its back end on FORM_PORT
 * (data in DATA_DIR/support), whose confirmation e-mails share the hub's outbox, once the supervisor names the cloud
 * whose account, store and apps services the form uses. The back end verifies its callers' delegation tokens (audience
 * `support`) with the account service's key, asked for once here.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createSupportService } from '../server/support/service.js';
import { root } from './apis.js';
import { nextMessage, stopWith, tell } from './start-protocol.js';
import { browsableOrigin, fail, listenError, startSettingsOrFail } from './start-settings.js';

const { host, formPort, dataDir, hostNames } = startSettingsOrFail(process.env, root);
const formDir = path.join(root, 'form', 'dist');
const formBuilt = existsSync(path.join(formDir, 'index.html'));
const { cloudUrl, publicClientId } = await nextMessage('cloud');
const accountKey = await fetch(new URL('/delegation/key', cloudUrl), { signal: AbortSignal.timeout(5000) })
  .then((response) => (response.ok ? (response.json() as Promise<string>) : Promise.reject(new Error(`it answered ${response.status}`))))
  .catch((error: Error) => fail(`The account service at ${cloudUrl} gave no delegation key (${error.message})`));
const support = await createSupportService({
  dataDir: path.join(dataDir, 'support'),
  outboxDir: path.join(dataDir, 'outbox'),
  formDir: formBuilt ? formDir : undefined,
  services: { cloudUrl, clientId: publicClientId, storeUrl: `${cloudUrl}/store`, appsUrl: `${cloudUrl}/apps/api/v1` },
  accountKey,
  hostNames,
});
stopWith('support form', () => support.close());
const formOrigin = browsableOrigin(await support.listen(formPort, host).catch((error: NodeJS.ErrnoException) => fail(listenError(error, host, 'FORM_PORT', formPort))));
support.support.publicUrl = formOrigin;
tell({ type: 'form-ready', formUrl: `${formOrigin}/`, formBuilt });

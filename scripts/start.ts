/**
 * npm start: the demo hub on HOST:HUB_PORT (its SQLite data in DATA_DIR, kept across restarts) with the API docs at
 * /docs, the built support form with its back end on FORM_PORT (data in DATA_DIR/support) and the cloud account
 * service on CLOUD_PORT (data in DATA_DIR/cloud) with the store, apps and content services beside it under /store,
 * /apps (the app store's API under /apps/api/v1), /weather, /geolocate, /infrared, /firmware, /energy, /solarforecast,
 * /flow, /dns, /setup, /backup, /webhooks, /callback and /notifications, the connect service on CONNECT_PORT (the hub's remoteUrl), whose
 * demo account owns the hub, and whose weather, energy prices and infrared library (a TV remote) the hub shows; the hub also serves HTTPS on
 * HUB_SECURE_PORT with the certificate for its local name from /dns (its localUrlSecure). Prints
 * the hub URL, the demo owner's personal access token, the cloud URL, the hub's secure URL, the
 * demo account's credentials and the demo OAuth clients. The cloud services are started as scripts/cloud.ts starts
 * them, which `npm run start:cloud` runs without the hub (one instance of several: docs/several-instances.md).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadDelegationKeys } from '../server/cloud/account/delegation.js';
import { linkDemoOwner } from '../server/hub/demo-cloud.js';
import { ensureDemoToken } from '../server/hub/demo-home.js';
import { createHub, type RunningHub } from '../server/hub/hub.js';
import { HUB_MODEL } from '../server/hub/system/info.js';
import { root } from './apis.js';
import type { RunningCloud } from './cloud.js';
import { demoListPath } from './demo-list.js';
import { fail, startSettingsOrFail } from './start-settings.js';

const settings = startSettingsOrFail(process.env, root);
const { host, hubPort, formPort, hubSecurePort, dataDir, docsDir, hostNames, cloudSharedSecret, weatherUrl, mdns } = settings;
const formDir = path.join(root, 'form', 'dist');

function listenError(error: NodeJS.ErrnoException, name: string, port: number): string {
  if (error.code === 'EADDRINUSE') {
    return `Port ${port} is already in use: is another hub or npm start running? Stop it, or choose another port: ${name}=${port + 10} npm start`;
  }
  return `Cannot listen on ${host}:${port} (${name}): ${error.message}`;
}

/** The services started so far beside the hub (the support form's host, the store and apps services), closed with it. */
const services: Array<{ close(): Promise<void> }> = [];

async function closeAll(running: RunningHub, cloud: RunningCloud | undefined): Promise<void> {
  await Promise.all([running.close(), cloud?.close(), ...services.map((service) => service.close())]);
}

/** The cloud account service's data (its SQLite file, its signing key, the demo's secrets), or CLOUD_DATABASE_URL. */
const cloudDir = path.join(dataDir, 'cloud');
mkdirSync(cloudDir, { recursive: true });
// Without CLOUD_PUBLIC_KEY_FILE the hub trusts the delegation tokens of the account service started here (its key
// made now on a first start), so that the hub can serve before that service is loaded.
const cloudPublicKey = settings.cloudPublicKey ?? (await loadDelegationKeys(cloudDir)).publicPem;

const running = createHub({ dataDir, demoHome: true, validateResponses: false, development: false, docsDir, cloudPublicKey, cloudSharedSecret, hostNames, weatherUrl, mdns });
let cloud: RunningCloud | undefined;
async function listenOr<T>(listen: () => Promise<T>, name: string, port: number): Promise<T> {
  try {
    return await listen();
  } catch (error) {
    await closeAll(running, cloud);
    fail(listenError(error as NodeJS.ErrnoException, name, port));
  }
}
const hubUrl = await listenOr(() => running.listen(hubPort, host), 'HUB_PORT', hubPort);

const { token, replaced } = ensureDemoToken(running.hub);
const docsBuilt = existsSync(path.join(docsDir, 'index.html'));
const formBuilt = existsSync(path.join(formDir, 'index.html'));
/** A URL of this machine at another port, written as the hub's (a wildcard HOST is shown as localhost). */
const besideHub = (port: string | number) => Object.assign(new URL(hubUrl), { port: String(port) });
console.log(`Hub URL: ${hubUrl}`);
if (replaced === 'revoked') console.log('The previous personal access token had been revoked: a new one was issued.');
if (replaced === 'ownerChanged') console.log('The previous personal access token belongs to a former owner: a new one was issued for the current owner.');
console.log(`Personal access token: ${token}`);
console.log(docsBuilt ? `API docs: ${hubUrl}/docs/` : `API docs: not built (npm run docs builds them into ${docsDir})`);

// Loaded once the hub serves: its query builder alone takes a good part of a second to load.
const { ensureDemo, DEMO_PUBLIC_CLIENT_ID } = await import('../server/cloud/account/demo.js');
const { startCloud } = await import('./cloud.js');
// The demo hub installs its store apps from the demo store with this secret (CLOUD_SHARED_SECRET, else one of this start).
const appsSecret = cloudSharedSecret ?? randomBytes(32).toString('hex');
let started: RunningCloud;
try {
  started = await startCloud({
    settings,
    cloudDir,
    appsSecret,
    listen: async (service, name, port) => besideHub(new URL(await listenOr(() => service.listen(port, host), name, port)).port).origin,
  });
} catch (error) {
  await closeAll(running, cloud);
  fail((error as Error).message);
}
cloud = started;
const { account, store, cloudUrl, connectUrl, hubSecretKey } = started;
running.hub.config.notificationsUrl = `${cloudUrl}/notifications`;
// The demo hub asks them for its weather and its energy prices (WEATHER_URL, when set, names another weather service).
running.hub.config.weatherUrl ??= `${cloudUrl}/weather`;
running.hub.config.energyUrl = `${cloudUrl}/energy`;
// The hub keeps its tunnel open to the connect service with its credential, so that clients reach it where its
// local address is not.
const { hubSecret } = await import('../server/cloud/hub-secret.js');
running.hub.config.connectUrl = connectUrl;
running.hub.config.hubSecret = hubSecret(hubSecretKey, running.hub.id);
running.hub.config.callbackUrl = `${cloudUrl}/callback`;
// The demo home's TV remote is a device made from the infrared library's codes, asked with that credential (added once).
const { ensureDemoRemote } = await import('../server/hub/demo-infrared.js');
await ensureDemoRemote(running.hub, `${cloudUrl}/infrared`).catch((error: Error) => console.log(`The demo TV remote could not be added: ${error.message}`));
running.connectRemote();
// It serves HTTPS too, with the certificate for its local name that the certificate service signs (its localUrlSecure).
running.hub.config.certificateUrl = `${cloudUrl}/dns`;
let hubSecureUrl: string | undefined;
let hubSecureProblem: string | undefined;
try {
  hubSecureUrl = await running.listenSecure(hubSecurePort, host);
} catch (error) {
  const { code } = error as NodeJS.ErrnoException;
  if (code === 'EADDRINUSE' || code === 'EACCES') {
    await closeAll(running, cloud);
    fail(listenError(error as NodeJS.ErrnoException, 'HUB_SECURE_PORT', hubSecurePort));
  }
  hubSecureProblem = (error as Error).message;
}
// It backs up to the cloud for its owner, proving who it is with the same credential.
running.hub.config.backupUrl = `${cloudUrl}/backup`;
const { adoptZoneOfLocation } = await import('../server/hub/energy/market.js');
await adoptZoneOfLocation(running.hub);
// The form's host serves the built form and its back end, whose confirmation e-mails share the hub's outbox.
const { createSupportService } = await import('../server/support/service.js');
const support = await createSupportService({
  dataDir: path.join(dataDir, 'support'),
  outboxDir: path.join(dataDir, 'outbox'),
  formDir: formBuilt ? formDir : undefined,
  services: { cloudUrl, clientId: DEMO_PUBLIC_CLIENT_ID, storeUrl: `${cloudUrl}/store`, appsUrl: `${cloudUrl}/apps/api/v1` },
  hostNames,
});
services.push(support);
const formUrl = besideHub(new URL(await listenOr(() => support.listen(formPort, host), 'FORM_PORT', formPort)).port).href;
support.support.publicUrl = new URL(formUrl).origin;
console.log(formBuilt ? `Support form: ${formUrl}` : 'Support form: not built (form/dist is missing; npm run build:form builds it)');

const { hub } = running;
// Its record names its secure URL only while clients can find its local name, over mDNS: a name they cannot
// resolve would only be a failed first try of their discovery.
const demo = await ensureDemo(account, cloudDir, {
  // A server-side app a developer runs on this machine; the browser app is the support form.
  redirectUri: 'http://localhost:3000/oauth2/callback',
  publicRedirectUri: formUrl,
  hub: { _id: hub.id, name: hub.system.name, platform: 'local', apiVersion: 3, model: HUB_MODEL.id, softwareVersion: hub.version, localUrl: hubUrl, ...(mdns && hubSecureUrl ? { localUrlSecure: hubSecureUrl } : {}), remoteUrl: connectUrl },
});
const linked = linkDemoOwner(hub, demo.accountId);
// The hub installs and updates its store apps from the demo store, and reports their crashes to it as its owner.
const { delegateFor } = await import('../server/cloud/account/account-flows.js');
const { syncAppStoreNow } = await import('../server/hub/apps/store-sync.js');
hub.config.appStore = {
  url: `${cloudUrl}/apps/api/v1`,
  secret: appsSecret,
  ownerToken: () => delegateFor(account.account, demo.accountId, { audience: 'apps', scopes: ['homey'], clientName: hub.system.name }),
};
void syncAppStoreNow(hub);
const { ensureDemoShop } = await import('../server/cloud/store/demo.js');
await ensureDemoShop(store.store, demo.accountId);
console.log(`Cloud URL: ${cloudUrl}`);
console.log(`Connect URL: ${connectUrl}`);
console.log(hubSecureUrl ? `Hub secure URL: ${hubSecureUrl}` : `Hub secure URL: not served (${hubSecureProblem})`);
if (demo.restored) console.log("The demo account's e-mail address or password had been changed: both were set back to the ones below.");
console.log(`Demo account: ${demo.email} ${demo.password}`);
if (!linked) console.log("The hub's owner is not the demo owner any more: the hub refuses the demo account's delegated login.");
console.log(`OAuth client: ${demo.client.id} ${demo.client.secret} ${demo.client.redirectUri}`);
console.log(`Public OAuth client: ${demo.publicClient.id} ${demo.publicClient.redirectUri}`);
console.log(`Data: ${dataDir} (kept across restarts)`);
console.log(`Try: curl -H "Authorization: Bearer ${token}" ${hubUrl}${demoListPath}`);
console.log('Ctrl-C stops the hub and the cloud account service.');

let stopping = false;
async function shutdown(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping the hub and the cloud account service...`);
  // A client holding a connection open must not keep the hub from exiting.
  setTimeout(() => fail('The hub did not stop within 5 s; exiting anyway.'), 5000).unref();
  await closeAll(running, cloud);
  console.log('Hub stopped.');
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

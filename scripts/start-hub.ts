/**
 * npm start's hub process (scripts/start.ts supervises it): the demo hub on HOST:HUB_PORT with its API docs, its data
 * in DATA_DIR. Once the supervisor names the cloud, it uses the cloud's services (weather, energy prices, the infrared
 * library's TV remote, notifications, backups, callbacks), keeps its tunnel open to the connect service, and serves
 * HTTPS on HUB_SECURE_PORT with the certificate for its local name; once the cloud's demo account is known, that account
 * owns it and the hub installs its store apps as it. It tells the supervisor what to print (scripts/start-protocol.ts).
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadDelegationKeys } from '../server/cloud/account/delegation.js';
import { hubSecret, loadHubSecretKey } from '../server/cloud/callers/hub-secret.js';
import { linkDemoOwner } from '../server/hub/demo/cloud.js';
import { ensureDemoToken } from '../server/hub/demo/home.js';
import { createHub } from '../server/hub/core/hub.js';
import { HUB_MODEL } from '../server/hub/system/info.js';
import { root } from './apis.js';
import { appsSecret, nextMessage, onMessage, stopWith, tell } from './start-protocol.js';
import { fail, listenError, startSettingsOrFail } from './start-settings.js';

const settings = startSettingsOrFail(process.env, root);
const { host, hubPort, hubSecurePort, dataDir, docsDir, hostNames, cloudSharedSecret, weatherUrl, mdns } = settings;

// The cloud's keys live in its data folder: made here on a first start, before the cloud process starts (once the hub
// listens), so that the two never both make them. The hub trusts the delegation tokens of that account service (unless
// CLOUD_PUBLIC_KEY_FILE names another's key), and proves who it is with a credential made from the deployment's key.
const cloudDir = path.join(dataDir, 'cloud');
mkdirSync(cloudDir, { recursive: true });
const cloudPublicKey = settings.cloudPublicKey ?? (await loadDelegationKeys(cloudDir)).publicPem;
const hubSecretKey = loadHubSecretKey(cloudDir);

const running = createHub({ dataDir, demoHome: true, validateResponses: false, development: false, docsDir, cloudPublicKey, cloudSharedSecret, hostNames, weatherUrl, mdns });
stopWith('hub', () => running.close());
const hubUrl = await running.listen(hubPort, host).catch(async (error: NodeJS.ErrnoException) => {
  await running.close();
  return fail(listenError(error, host, 'HUB_PORT', hubPort));
});
const { hub } = running;
const { token, replaced } = ensureDemoToken(hub);
tell({ type: 'hub-listening', hubUrl, token, replaced: replaced || undefined, docsBuilt: existsSync(path.join(docsDir, 'index.html')) });

const { cloudUrl, connectUrl } = await nextMessage('cloud');
hub.config.notificationsUrl = `${cloudUrl}/notifications`;
// The demo hub asks them for its weather and its energy prices (WEATHER_URL, when set, names another weather service).
hub.config.weatherUrl ??= `${cloudUrl}/weather`;
hub.config.energyUrl = `${cloudUrl}/energy`;
// The hub keeps its tunnel open to the connect service with its credential, so that clients reach it where its local
// address is not.
hub.config.connectUrl = connectUrl;
hub.config.hubSecret = hubSecret(hubSecretKey, hub.id);
hub.config.callbackUrl = `${cloudUrl}/callback`;
// Its apps register for cloud webhooks there; the calls come back through the tunnel.
hub.config.webhooksUrl = `${cloudUrl}/webhooks`;
// The demo home's TV remote is a device made from the infrared library's codes, asked with that credential (added once).
const { ensureDemoRemote } = await import('../server/hub/demo/infrared.js');
await ensureDemoRemote(hub, `${cloudUrl}/infrared`).catch((error: Error) => console.log(`The demo TV remote could not be added: ${error.message}`));
// Its energy dongle reads the simulated smart meter into the energy manager (added once).
const { ensureDemoEnergyDongle } = await import('../server/hub/energydongle/demo.js');
ensureDemoEnergyDongle(hub);
running.connectRemote();
// It serves HTTPS too, with the certificate for its local name that the certificate service signs (its localUrlSecure).
hub.config.certificateUrl = `${cloudUrl}/dns`;
let secureUrl: string | undefined;
let secureProblem: string | undefined;
try {
  secureUrl = await running.listenSecure(hubSecurePort, host);
} catch (error) {
  const { code } = error as NodeJS.ErrnoException;
  if (code === 'EADDRINUSE' || code === 'EACCES') {
    await running.close();
    fail(listenError(error as NodeJS.ErrnoException, host, 'HUB_SECURE_PORT', hubSecurePort));
  }
  secureProblem = (error as Error).message;
}
// It backs up to the cloud for its owner, proving who it is with the same credential.
hub.config.backupUrl = `${cloudUrl}/backup`;
const { adoptZoneOfLocation } = await import('../server/hub/energy/market.js');
await adoptZoneOfLocation(hub);
// Its record names its secure URL only while clients can find its local name, over mDNS: a name they cannot resolve
// would only be a failed first try of their discovery.
tell({
  type: 'hub-joined',
  hub: { _id: hub.id, name: hub.system.name, platform: 'local', apiVersion: 3, model: HUB_MODEL.id, softwareVersion: hub.version, localUrl: hubUrl, ...(mdns && secureUrl ? { localUrlSecure: secureUrl } : {}), remoteUrl: connectUrl },
  secureUrl,
  secureProblem,
});

// Tokens for its owner come from the cloud's account service, asked through the supervisor.
const tokenRequests = new Map<number, (token: string | undefined) => void>();
let lastRequest = 0;
onMessage('owner-token', ({ id, token }) => {
  tokenRequests.get(id)?.(token);
  tokenRequests.delete(id);
});
const { accountId } = await nextMessage('owner');
const linked = linkDemoOwner(hub, accountId);
// The hub installs and updates its store apps from the demo store, and reports their crashes to it as its owner.
const { syncAppStoreNow } = await import('../server/hub/apps/store-sync.js');
hub.config.appStore = {
  url: `${cloudUrl}/apps/api/v1`,
  secret: appsSecret(),
  ownerToken: () => new Promise((resolve) => {
    const id = ++lastRequest;
    tokenRequests.set(id, resolve);
    tell({ type: 'owner-token', id, clientName: hub.system.name });
  }),
};
void syncAppStoreNow(hub);
tell({ type: 'hub-linked', linked });

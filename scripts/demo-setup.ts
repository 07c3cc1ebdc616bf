/**
 * npm run demo:setup: a new hub set up end to end through a session of the cloud setup service (scripts/new-hub-setup.ts),
 * against a running `npm start` with the same settings (HOST, CLOUD_PORT, DATA_DIR; CLOUD_URL names another cloud):
 * as its demo account, with the deployment's hub key from its data folder; `-- --restore` restores it from the
 * account's newest cloud backup. The new hub listens on `-- --port <port>`, else SETUP_HUB_PORT, else a free port
 * (scripts/new-hub-setup-args.ts reads the arguments and settings), is listed among the
 * account's hubs and keeps running until Ctrl-C, which removes it from the account; its data lives in a temporary
 * folder for the length of the demo.
 */
import { demoSignIn } from '../server/cloud/account/demo.js';
import { loadHubSecretKey } from '../server/cloud/callers/hub-secret.js';
import { root } from './apis.js';
import { demoSetupPlan, type DemoSetupPlan } from './new-hub-setup-args.js';
import { setUpNewHub } from './new-hub-setup.js';
import { fail } from './start-settings.js';

let plan: DemoSetupPlan;
try {
  plan = demoSetupPlan(process.argv.slice(2), process.env, root);
} catch (error) {
  fail((error as Error).message);
}
const { cloudUrl, cloudDir, host, port, restore } = plan;
const signIn = demoSignIn(cloudDir) ?? fail(`No demo account in ${cloudDir}: start the platform with npm start first (with the same DATA_DIR).`);
// The key the running account service signs delegation tokens with, which the new hub must trust.
const cloudPublicKey = await fetch(`${cloudUrl}/delegation/key`, { signal: AbortSignal.timeout(5000) })
  .then((response) => (response.ok ? (response.json() as Promise<string>) : Promise.reject(new Error(`it answered ${response.status}`))))
  .catch((error: Error) => fail(`The cloud at ${cloudUrl} does not answer (${error.cause instanceof Error ? error.cause.message : error.message}): is npm start running? CLOUD_URL names another cloud.`));
const hub = await setUpNewHub({
  cloudUrl,
  setupUrl: `${cloudUrl}/setup`,
  signIn,
  cloudPublicKey,
  hubSecretKey: loadHubSecretKey(cloudDir),
  services: { weatherUrl: `${cloudUrl}/weather`, energyUrl: `${cloudUrl}/energy`, backupUrl: `${cloudUrl}/backup` },
  host,
  port,
  restore,
  print: (line) => console.log(line),
}).catch((error: Error) => fail(`The setup failed: ${error.message}`));
console.log(`The hub runs at ${hub.url}, listed among the account's hubs; Ctrl-C stops it and removes it from the account.`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    hub.close().then(
      () => process.exit(0),
      (error: Error) => fail(`The hub stopped, but its record could not be removed: ${error.message}`),
    );
  });
}

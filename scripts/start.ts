/**
 * npm start: the demo hub on HOST:HUB_PORT (its SQLite data in DATA_DIR, kept across restarts) with the API docs at
 * /docs, the built support form with its back end on FORM_PORT (data in DATA_DIR/support) and the cloud account
 * service on CLOUD_PORT (data in DATA_DIR/cloud) with the store, apps and content services beside it under /store,
 * /apps (the app store's API under /apps/api/v1), /weather, /geolocate, /infrared, /firmware, /energy, /solarforecast,
 * /flow, /icons, /dns, /setup, /backup, /webhooks, /callback and /notifications, the connect service on CONNECT_PORT (the hub's
 * remoteUrl), whose demo account owns the hub, and whose weather, energy prices and infrared library (a TV remote) the
 * hub shows; the hub also serves HTTPS on HUB_SECURE_PORT with the certificate for its local name from /dns (its
 * localUrlSecure). Prints the hub URL, the demo owner's personal access token, the cloud URL, the hub's secure URL, the
 * demo account's credentials and the demo OAuth clients.
 *
 * A hub is a device in a home and the cloud is elsewhere: the hub (scripts/start-hub.ts), the cloud services
 * (scripts/start-demo-cloud.ts, started as scripts/cloud.ts starts them, which `npm run start:cloud` runs without the
 * hub) and the form (scripts/start-form.ts) each run in a process of their own, which this one supervises
 * (scripts/supervisor.ts), telling each what it needs of the others (scripts/start-protocol.ts) and printing the lines.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from './apis.js';
import { lockDataDir } from './data-lock.js';
import { demoListPath } from './demo-list.js';
import { APPS_SECRET_VARIABLE, type ToSupervisor } from './start-protocol.js';
import { fail, failOnTakenPorts, startSettingsOrFail, unknownSettings } from './start-settings.js';
import { Supervisor, type Supervised } from './supervisor.js';

for (const warning of unknownSettings(process.env)) console.error(warning);
const settings = startSettingsOrFail(process.env, root);
const { dataDir } = settings;
await lockDataDir(dataDir).catch((error: Error) => fail(error.message));
await failOnTakenPorts(settings);
// The hub installs its store apps from the demo store with this secret (CLOUD_SHARED_SECRET, else one of this start).
const appsSecret = settings.cloudSharedSecret ?? randomBytes(32).toString('hex');

/** Resolves once, with the first value: what the start's lines wait for. */
function first<T>() {
  let resolve!: (value: T) => void;
  return { promise: new Promise<T>((done) => (resolve = done)), resolve };
}
type Message<T extends ToSupervisor['type']> = Extract<ToSupervisor, { type: T }>;
const hubListening = first<Message<'hub-listening'>>();
const hubJoined = first<Message<'hub-joined'>>();
const hubLinked = first<Message<'hub-linked'>>();
const cloudReady = first<Message<'cloud-ready'>>();
const demoReady = first<Message<'demo-ready'>>();
const formReady = first<Message<'form-ready'>>();

/** What the processes have said, kept for their restarts: the latest of each. */
const known: { hub?: Message<'hub-joined'>; cloud?: Message<'cloud-ready'>; formUrl?: string; demo?: Message<'demo-ready'> } = {};
/** The ports a process listened on, so that its restart listens there again (a port 0 became a real one). */
const portOf = (url: string | undefined) => (url ? new URL(url).port : undefined);

const supervisor = new Supervisor((code) => void stopAll(code));
const script = (name: string) => {
  const self = fileURLToPath(import.meta.url);
  return path.join(path.dirname(self), `${name}${path.extname(self)}`);
};

/** Tells the cloud the demo's hub and form once both are known, and the hub its owner once the demo is. */
function introduce() {
  if (known.hub && known.formUrl && known.cloud && !cloudToldDemo) {
    cloudToldDemo = supervisor.send(cloud, { type: 'demo', hub: known.hub.hub, formUrl: known.formUrl });
  }
  if (known.demo && hubJoinedNow && !hubToldOwner) hubToldOwner = supervisor.send(hub, { type: 'owner', accountId: known.demo.demo.accountId });
}
let cloudToldDemo = false;
let hubToldOwner = false;
let hubJoinedNow = false;
/** A process back after a restart says so, with its address. */
const back = (name: string, url: string) => supervisor.up && console.log(`The ${name} is running again: ${url}`);

const hub: Supervised = {
  name: 'hub',
  entry: script('start-hub'),
  env: () => ({ [APPS_SECRET_VARIABLE]: appsSecret, ...(known.hub ? { HUB_PORT: portOf(known.hub.hub.localUrl)!, HUB_SECURE_PORT: portOf(known.hub.secureUrl) ?? String(settings.hubSecurePort) } : {}) }),
  onStart: () => (hubJoinedNow = hubToldOwner = false),
  onMessage(message) {
    if (message.type === 'hub-listening') {
      hubListening.resolve(message);
      // The cloud and the form start once the hub serves: the hub's start has the machine first (the Hub URL line is
      // what a start waits for), and the cloud's keys, which the hub makes on a first start, are there.
      if (!cloudStarted) {
        cloudStarted = true;
        supervisor.start(cloud);
        supervisor.start(form);
      }
      back('hub', message.hubUrl);
      if (known.cloud) supervisor.send(hub, { type: 'cloud', ...cloudAddresses(known.cloud) });
    } else if (message.type === 'hub-joined') {
      hubJoined.resolve(message);
      known.hub = message;
      hubJoinedNow = true;
      introduce();
    } else if (message.type === 'hub-linked') {
      hubLinked.resolve(message);
    } else if (message.type === 'owner-token') {
      const { id, clientName } = message;
      if (!known.demo || !supervisor.send(cloud, { type: 'owner-token', id, clientName, accountId: known.demo.demo.accountId })) supervisor.send(hub, { type: 'owner-token', id });
    }
  },
};
let cloudStarted = false;
const cloudAddresses = ({ cloudUrl, connectUrl, publicClientId }: Message<'cloud-ready'>) => ({ cloudUrl, connectUrl, publicClientId });

const cloud: Supervised = {
  name: 'cloud',
  entry: script('start-demo-cloud'),
  env: () => ({ [APPS_SECRET_VARIABLE]: appsSecret, ...(known.cloud ? { CLOUD_PORT: portOf(known.cloud.cloudUrl)!, CONNECT_PORT: portOf(known.cloud.connectUrl)! } : {}) }),
  onStart: () => (cloudToldDemo = false),
  onMessage(message) {
    if (message.type === 'cloud-ready') {
      cloudReady.resolve(message);
      back('cloud', message.cloudUrl);
      known.cloud = message;
      supervisor.send(hub, { type: 'cloud', ...cloudAddresses(message) });
      supervisor.send(form, { type: 'cloud', ...cloudAddresses(message) });
      introduce();
    } else if (message.type === 'demo-ready') {
      demoReady.resolve(message);
      known.demo = message;
      introduce();
    } else if (message.type === 'owner-token') {
      supervisor.send(hub, message);
    }
  },
};

const form: Supervised = {
  name: 'support form',
  entry: script('start-form'),
  env: (): Record<string, string> => (known.formUrl ? { FORM_PORT: portOf(known.formUrl)! } : {}),
  onStart: () => known.cloud && supervisor.send(form, { type: 'cloud', ...cloudAddresses(known.cloud) }),
  onMessage(message) {
    if (message.type !== 'form-ready') return;
    formReady.resolve(message);
    back('support form', message.formUrl);
    known.formUrl = message.formUrl;
    introduce();
  },
};

let stopping = false;
async function stopAll(code: number, signal: NodeJS.Signals = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  if (!(await supervisor.stop(signal))) fail('The hub did not stop within 5 s; exiting anyway.');
  if (code === 0) console.log('Hub stopped.');
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (!stopping) console.log(`${signal}: stopping the hub and the cloud account service...`);
    void stopAll(0, signal);
  });
}

supervisor.start(hub);

// The lines, in the order tools and people read them.
const { hubUrl, token, replaced, docsBuilt } = await hubListening.promise;
console.log(`Hub URL: ${hubUrl}`);
if (replaced === 'revoked') console.log('The previous personal access token had been revoked: a new one was issued.');
if (replaced === 'ownerChanged') console.log('The previous personal access token belongs to a former owner: a new one was issued for the current owner.');
console.log(`Personal access token: ${token}`);
console.log(docsBuilt ? `API docs: ${hubUrl}/docs/` : `API docs: not built (npm run docs builds them into ${settings.docsDir})`);
const { formUrl, formBuilt } = await formReady.promise;
console.log(formBuilt ? `Support form: ${formUrl}` : 'Support form: not built (form/dist is missing; npm run build:form builds it)');
const { cloudUrl, connectUrl } = await cloudReady.promise;
const { secureUrl, secureProblem } = await hubJoined.promise;
const { demo } = await demoReady.promise;
const { linked } = await hubLinked.promise;
console.log(`Cloud URL: ${cloudUrl}`);
console.log(`Connect URL: ${connectUrl}`);
console.log(secureUrl ? `Hub secure URL: ${secureUrl}` : `Hub secure URL: not served (${secureProblem})`);
if (demo.restored) console.log("The demo account's e-mail address or password had been changed: both were set back to the ones below.");
console.log(`Demo account: ${demo.email} ${demo.password}`);
console.log(`Demo reviewer: ${demo.reviewer.email} ${demo.reviewer.password}`);
if (!linked) console.log("The hub's owner is not the demo owner any more: the hub refuses the demo account's delegated login.");
console.log(`OAuth client: ${demo.client.id} ${demo.client.secret} ${demo.client.redirectUri}`);
console.log(`Public OAuth client: ${demo.publicClient.id} ${demo.publicClient.redirectUri}`);
console.log(`Data: ${dataDir} (kept across restarts)`);
console.log(`Try: curl -H "Authorization: Bearer ${token}" ${hubUrl}${demoListPath}`);
supervisor.up = true;
console.log('Ctrl-C stops the hub and the cloud account service.');

/**
 * A new hub set up end to end through a session of the cloud setup service, as the phone app does it: a fresh hub
 * (no owner, no demo home) is started on `port`; the app signs in to the cloud, opens a setup session for the hub's
 * serial number, hands it to the hub over the local network (the system manager's joinSetupSession), records the
 * hub in the account (createHomey, with its local address), sends its commands (a login by delegation token, which
 * makes the account the hub's owner, with `restore` the restore of the account's newest backup the session lists,
 * a name, a language), records the name, language and time zone in the session and finishes with the reset; each
 * state is printed until `ready`, and the hub then answers its new owner under its new name. The hub keeps running
 * until `close`, which also removes its record (its data folder goes with it). `npm run demo:setup` runs it
 * against `npm start`.
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CloudAPI } from '../client/cloud/cloud-api.js';
import type { CloudService } from '../client/cloud/service.js';
import { hubSecret } from '../server/cloud/callers/hub-secret.js';
import { systemClock } from '../server/http/clock.js';
import type { HubConfig } from '../server/hub/core/context.js';
import { createHub } from '../server/hub/core/hub.js';
import type { SetupProgress } from '../server/hub/setup/agent.js';

export interface NewHubSetupOptions {
  /** The cloud account service's base URL; the setup service is `setupUrl`. */
  cloudUrl: string;
  setupUrl: string;
  /** The account that sets the hub up, signed in with the password grant of a confidential client. */
  signIn: { email: string; password: string; clientId: string; clientSecret: string };
  /** What the new hub trusts and is trusted with, as npm start gives its demo hub: the account service's key and the deployment's hub key. */
  cloudPublicKey: string;
  hubSecretKey: string;
  /** The cloud services the new hub uses, as npm start's demo hub does (weather, energy prices, backups). */
  services?: Pick<HubConfig, 'weatherUrl' | 'energyUrl' | 'backupUrl'>;
  /** The address and port the new hub listens on (default 127.0.0.1, a free port). */
  host?: string;
  port?: number;
  /** Restore the new hub from the newest of the account's cloud backups the session lists (none: set up empty). */
  restore?: boolean;
  /** How the app names the hub and which language it speaks. */
  name?: string;
  language?: string;
  print(line: string): void;
}

export interface NewHubSetupResult {
  hubId: string;
  /** Where the hub answers, as its account record says (localUrl). */
  url: string;
  /** The owner's session on the new hub, from the login by delegation token. */
  token: string;
  /** The backup it was restored from, if any. */
  restoredFrom: string | null;
  /** The hub's own answers once set up, to its new owner. */
  name: string;
  owner: { name: string; athomId: string; isOwner: boolean };
  language: string;
  /** The session's states in the order they were seen. */
  states: string[];
  /** Stops the hub, removes its record from the account and its data folder. */
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A call of the new hub's HTTP API, as the app makes it on the local network; its error body becomes the error. */
async function hubCall<T>(hubUrl: string, method: string, path: string, { token, body }: { token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${hubUrl}${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const answer = (await response.json()) as T & { error_description?: string };
  if (!response.ok) throw new Error(`The new hub answered ${method} ${path} with ${response.status}: ${answer.error_description}`);
  return answer;
}

export async function setUpNewHub(options: NewHubSetupOptions): Promise<NewHubSetupResult> {
  const { print, host = '127.0.0.1', port = 0, name = 'Garden house', language = 'nl' } = options;
  const serialNumber = `HP${new Date(systemClock.now()).getUTCFullYear()}D${String(randomInt(10_000_000)).padStart(7, '0')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'new-hub-'));
  const running = createHub({ dataDir, demoHome: false, validateResponses: false, development: false, cloudPublicKey: options.cloudPublicKey, serialNumber, setupUrl: options.setupUrl, ...options.services });
  let forget = async () => {};
  const close = async () => {
    await forget();
    await running.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    running.hub.config.hubSecret = hubSecret(options.hubSecretKey, running.hub.id);
    const hubUrl = await running.listen(port, host);
    const unset = await hubCall<SetupProgress>(hubUrl, 'GET', '/api/manager/system/setup-session');
    print(`New hub ${running.hub.id} at ${hubUrl}: serial number ${unset.sn}, no owner, setup ${unset.state}`);

    // The phone app: signed in to the cloud, it opens a session for the serial number the hub told it. The hub knows
    // its setup service, as a shipped hub does: the hand-over names only the session.
    const cloud = new CloudAPI({ baseUrl: options.cloudUrl, clientId: options.signIn.clientId, clientSecret: options.signIn.clientSecret });
    await cloud.authenticateWithPassword({ username: options.signIn.email, password: options.signIn.password });
    const user = await cloud.getAuthenticatedUser();
    print(`Signed in to the cloud as ${options.signIn.email}`);
    const setup = cloud.service('setup', options.setupUrl);
    const session = await setup.createSession({ sn: unset.sn ?? undefined });
    const sessionId = session.id;
    const states: string[] = [session.state];
    print(`Setup session ${sessionId} opened for ${session.sn}: ${session.state}`);

    const joined = await hubCall<SetupProgress>(hubUrl, 'POST', '/api/manager/system/setup-session', { body: { sessionId, hubToken: session.hubToken } });
    print(`Handed to the hub over the local network; the hub says: ${joined.state}`);
    // The app knows the hub's id as its mDNS record tells it; the record makes the account its owner in the cloud.
    const hubId = running.hub.id;
    await cloud.account.createHomey({ data: { _id: hubId, name, serial: unset.sn ?? undefined, softwareVersion: running.hub.version, localUrl: hubUrl } });
    forget = () => cloud.account.deleteHomey({ id: hubId }).then(() => undefined);
    print(`Recorded in the account as ${hubId} at ${hubUrl}`);
    const seen = async () => {
      const { state } = await setup.getSessionState({ sessionId });
      if (state !== states.at(-1)) {
        states.push(state);
        print(`Session: ${state}`);
      }
      return state;
    };
    await seen();

    const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await setup.updateSession({ sessionId, data: { name, language, timezone } });
    print(`Recorded in the session: name "${name}", language ${language}, time zone ${timezone}`);
    const { phrases } = await setup.getSessionVoice({ sessionId, language });
    print(`The hub's voice in ${language}: "${phrases.welcome}"`);

    const restoredFrom = options.restore ? await newestBackup(setup, sessionId, print) : null;
    const delegation = await cloud.createDelegationToken({ audience: 'homey' });
    const sent = [
      await setup.loginByDelegationToken({ sessionId, data: { token: delegation } }),
      ...(restoredFrom ? [await setup.createSessionCommand({ sessionId, manager: 'backup', command: 'restoreCloudBackup', args: { backupId: restoredFrom } })] : []),
      await setup.createSessionCommand({ sessionId, manager: 'system', command: 'setSystemName', args: { name } }),
      await setup.createSessionCommand({ sessionId, manager: 'i18n', command: 'setOptionLanguage', args: { value: language } }),
      await setup.updateSessionHomey({ sessionId, data: { factoryreset: false, name, extraProperties: { timezone } } }),
    ];
    for (const command of sent) print(`Sent: ${command.manager}.${command.command}`);
    await seen();

    // The hub asks for its commands every second: follow the session until it is ready (or fails).
    const told = new Set<string>();
    for (let tries = 0; tries < 150; tries++) {
      // The state first: commands read after a session seen ready are all answered, so none goes untold.
      const state = await seen();
      const current = await setup.getSession({ sessionId });
      for (const command of current.commands.filter(({ id, state }) => state !== 'pending' && !told.has(id))) {
        told.add(command.id);
        const error = command.result?.[0] as { error_description?: string } | null | undefined;
        print(`  ${command.manager}.${command.command}: ${command.state}${error ? ` (${error.error_description})` : ''}`);
      }
      if (state === 'ready' || state === 'failed') break;
      await sleep(200);
    }
    if (states.at(-1) !== 'ready') throw new Error(`The setup did not become ready: it is ${states.at(-1)}`);
    print(`The hub's own account of its setup: ${(await hubCall<SetupProgress>(hubUrl, 'GET', '/api/manager/system/setup-session')).state}`);

    // The new owner signs in to the hub as any client does, with a delegation token of audience homey.
    const token = await hubCall<string>(hubUrl, 'POST', '/api/manager/users/login', { body: { token: delegation } });
    const owner = await hubCall<NewHubSetupResult['owner']>(hubUrl, 'GET', '/api/manager/users/user/me', { token });
    const hubName = await hubCall<string>(hubUrl, 'GET', '/api/manager/system/name', { token });
    const { value: hubLanguage } = await hubCall<{ value: string }>(hubUrl, 'GET', '/api/manager/i18n/option/language', { token });
    print(`The new hub answers its owner ${owner.name} (${user.email}, ${owner.isOwner ? 'owner' : 'not the owner'}): its name is "${hubName}", its language ${hubLanguage}`);
    return { hubId, url: hubUrl, token, restoredFrom, name: hubName, owner: { name: owner.name, athomId: owner.athomId, isOwner: owner.isOwner }, language: hubLanguage, states, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The newest of the account's backups the session offers (getSessionBackups), printed; an error when there is none. */
async function newestBackup(setup: CloudService<'setup'>, sessionId: string, print: (line: string) => void): Promise<string> {
  const backups = await setup.getSessionBackups({ sessionId });
  print(`The account has ${backups.length} cloud backup${backups.length === 1 ? '' : 's'} to restore from`);
  const [newest] = backups;
  if (!newest) throw new Error('The account has no cloud backup to restore from: take one on a hub of the account first (scheduleBackup)');
  print(`Restoring the backup ${newest._id} of "${newest.homeyName}" taken ${newest.createdAt}`);
  return newest._id;
}

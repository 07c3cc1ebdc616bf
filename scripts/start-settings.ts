/**
 * npm start's settings, read from the environment and checked before anything starts (docs/configuration.md lists
 * them): each wrong one is one line saying what it must be, never a stack trace later. Values that may hold a
 * password are echoed with it masked.
 */
import { createPublicKey } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, isIP } from 'node:net';
import path from 'node:path';
import { closest, distance } from 'fastest-levenshtein';
import { INSTANCE_ID } from '../server/cloud/cluster/instance-id.js';

export interface StartSettings {
  host: string;
  hubPort: number;
  formPort: number;
  cloudPort: number;
  /** The connect service's own port: a hub record's remoteUrl is an origin, where clients call the hub's paths. */
  connectPort: number;
  /** The hub's HTTPS port, with its local certificate from the cloud: its record's localUrlSecure. */
  hubSecurePort: number;
  /** The port of the hub `npm run demo:setup` sets up; 0: a free one. */
  setupHubPort: number;
  dataDir: string;
  docsDir: string;
  /** The PEM of CLOUD_PUBLIC_KEY_FILE, which verifies delegation tokens at the hub's login; else the local service's key. */
  cloudPublicKey?: string;
  /** Names the hub answers to beside its own addresses and names (README: what the hub accepts). */
  hostNames: string[];
  /** Sharing-invite acceptance and mobile events must carry it; without it, mobile events are refused. */
  cloudSharedSecret?: string;
  /** The cloud weather service the geolocation manager asks; unset, the hub's weather call answers 503. */
  weatherUrl?: string;
  /** mDNS advertising, on unless HUB_MDNS is 0, false, off or no. */
  mdns: boolean;
  /** PostgreSQL for the cloud services instead of SQLite files in DATA_DIR/cloud. */
  cloudDatabaseUrl?: string;
  cloudRegion?: string;
  cloudStatusSecret?: string;
  /** The operators' secret of the store service (offers, coupons, expired subscriptions); unset, those answer 403. */
  storeSecret?: string;
  /** Redis shared by the cloud's instances (rate limits, sign-in throttles, connect's map); unset, each keeps them in memory. */
  redisUrl?: string;
  /** This cloud instance's name among the others (Redis channels); unset, one made of the machine, process and chance. */
  cloudInstanceId?: string;
  /** Proxies whose X-Forwarded-For names the client (server/http/client-address.ts): addresses. */
  trustedProxies: string[];
}

/** Every wrong setting, one line each. */
export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const hostName = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const isHost = (value: string) => isIP(value) !== 0 || hostName.test(value);

/** The URL with its password (if any) shown as ***. */
function masked(url: URL): string {
  const copy = new URL(url.href);
  if (copy.password) copy.password = '***';
  return copy.href;
}

function parsedUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** The first line of a file system error, without the path Node repeats after the comma. */
const reason = (error: unknown) => (error as Error).message.split(',')[0]!;

/**
 * Makes `folder` and its missing parents one at a time: a recursive mkdirSync never returns where a parent refuses
 * new folders with ENOENT (/proc/nope).
 */
function makeFolder(folder: string): void {
  if (existsSync(folder)) return;
  makeFolder(path.dirname(folder));
  mkdirSync(folder);
}

/** Reads and checks every setting; throws a SettingsError naming each wrong one. Makes DATA_DIR if missing. */
export function readStartSettings(env: NodeJS.ProcessEnv, root: string): StartSettings {
  const problems: string[] = [];
  const set = (name: string) => (env[name] === undefined || env[name] === '' ? undefined : env[name]);

  const port = (name: string, fallback: number) => {
    const value = set(name);
    if (value === undefined) return fallback;
    const number = Number(value);
    if (!/^\d+$/.test(value) || number > 65535) problems.push(`${name} must be a port number (0-65535), not "${value}".`);
    return number;
  };

  const url = (name: string, protocols: string[], form: string) => {
    const value = set(name);
    if (value === undefined) return undefined;
    const parsed = parsedUrl(value);
    if (!parsed) {
      problems.push(`${name} must be a URL such as ${form}; the value given is not a URL.`);
    } else if (!protocols.includes(parsed.protocol) || !parsed.hostname) {
      problems.push(`${name} must be a URL such as ${form}, not "${masked(parsed)}".`);
    }
    return value;
  };

  // This machine only, unless HOST says otherwise (0.0.0.0 lets other devices on the network reach the hub).
  const host = set('HOST') ?? '127.0.0.1';
  if (!isHost(host)) problems.push(`HOST must be an address or host name to listen on, such as 127.0.0.1 or 0.0.0.0, not "${host}".`);
  const hubPort = port('HUB_PORT', 4859);
  const formPort = port('FORM_PORT', 4860);
  const cloudPort = port('CLOUD_PORT', 4861);
  const connectPort = port('CONNECT_PORT', 4862);
  const hubSecurePort = port('HUB_SECURE_PORT', 4863);
  const setupHubPort = port('SETUP_HUB_PORT', 0);

  const hostNames = (env.HUB_HOSTNAMES ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  const badNames = hostNames.filter((name) => !isHost(name));
  if (badNames.length) problems.push(`HUB_HOSTNAMES must list host names separated by commas; not host names: ${badNames.map((name) => `"${name}"`).join(', ')}.`);

  const mdnsValue = env.HUB_MDNS ?? '';
  if (!/^(|1|true|on|yes|0|false|off|no)$/i.test(mdnsValue)) problems.push(`HUB_MDNS must be 1 or 0 (on or off), not "${mdnsValue}".`);

  const logLevel = set('LOG_LEVEL');
  if (logLevel !== undefined && !LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${logLevel}".`);

  const cloudDatabaseUrl = url('CLOUD_DATABASE_URL', ['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/database');
  // Read where mails are sent (server/http/mail.ts); checked here, so that a wrong one is not a 500 at the first mail.
  url('SMTP_URL', ['smtp:', 'smtps:'], 'smtp://user:password@mail.example:587 or smtps://mail.example');
  const weatherUrl = url('WEATHER_URL', ['http:', 'https:'], 'http://weather.example');
  const redisUrl = url('REDIS_URL', ['redis:', 'rediss:'], 'redis://127.0.0.1:6379 or rediss://user:password@redis.example:6380/0');
  const trustedProxies = (env.TRUSTED_PROXIES ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  const notAddresses = trustedProxies.filter((entry) => isIP(entry) === 0);
  if (notAddresses.length) problems.push(`TRUSTED_PROXIES must list IP addresses separated by commas; not addresses: ${notAddresses.map((entry) => `"${entry}"`).join(', ')}.`);
  const cloudInstanceId = set('CLOUD_INSTANCE_ID');
  if (cloudInstanceId !== undefined && !INSTANCE_ID.test(cloudInstanceId)) {
    problems.push(`CLOUD_INSTANCE_ID must be 1-64 letters, digits, dots, dashes or underscores, such as cloud-1, not "${cloudInstanceId}".`);
  }

  const keyFile = set('CLOUD_PUBLIC_KEY_FILE');
  let cloudPublicKey: string | undefined;
  if (keyFile !== undefined) {
    try {
      const pem = readFileSync(keyFile, 'utf8');
      // Only a public key in SPKI form (never a private key, which createPublicKey would also accept).
      if (!pem.includes('-----BEGIN PUBLIC KEY-----')) throw new Error('no "BEGIN PUBLIC KEY" block');
      createPublicKey(pem);
      cloudPublicKey = pem;
    } catch (error) {
      problems.push(`CLOUD_PUBLIC_KEY_FILE must name a PEM public key file: ${keyFile} (${reason(error)})`);
    }
  }

  const dataDir = path.resolve(set('DATA_DIR') ?? 'data');
  try {
    // The hub, the cloud services and the support back end each keep files here: prove it takes one.
    makeFolder(dataDir);
    const probe = path.join(dataDir, `.write-test-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    problems.push(`DATA_DIR must be a folder this user can write: ${dataDir} (${reason(error)})`);
  }

  if (problems.length) throw new SettingsError(problems);
  return {
    host,
    hubPort,
    formPort,
    cloudPort,
    connectPort,
    hubSecurePort,
    setupHubPort,
    dataDir,
    docsDir: path.resolve(set('DOCS_DIR') ?? path.join(root, 'dist', 'docs')),
    cloudPublicKey,
    hostNames,
    cloudSharedSecret: set('CLOUD_SHARED_SECRET'),
    weatherUrl,
    mdns: !/^(0|false|off|no)$/i.test(mdnsValue),
    cloudDatabaseUrl,
    cloudRegion: set('CLOUD_REGION'),
    cloudStatusSecret: set('CLOUD_STATUS_SECRET'),
    storeSecret: set('STORE_SECRET'),
    redisUrl,
    cloudInstanceId,
    trustedProxies,
  };
}

/**
 * Every setting npm start reads (here, or in its processes: WEBHOOK_CALLBACK_ALLOW), and those its companion scripts
 * read (demo:setup, the client package's proof).
 */
const KNOWN_SETTINGS = [
  'HOST', 'HUB_PORT', 'FORM_PORT', 'CLOUD_PORT', 'CONNECT_PORT', 'HUB_SECURE_PORT', 'HUB_HOSTNAMES', 'HUB_MDNS', 'LOG_LEVEL',
  'CLOUD_DATABASE_URL', 'SMTP_URL', 'WEATHER_URL', 'REDIS_URL', 'TRUSTED_PROXIES', 'CLOUD_INSTANCE_ID', 'CLOUD_PUBLIC_KEY_FILE',
  'DATA_DIR', 'DOCS_DIR', 'CLOUD_SHARED_SECRET', 'CLOUD_REGION', 'CLOUD_STATUS_SECRET', 'STORE_SECRET', 'WEBHOOK_CALLBACK_ALLOW',
  'CLOUD_URL', 'HUB_URL', 'HUB_TOKEN', 'SETUP_HUB_PORT',
];
const OURS = /^(HUB|CLOUD|FORM|CONNECT)_/;

/** One edit from a setting's name (`DATADIR`), in a name too long to be another program's by chance. */
const nearly = (name: string, known: string) => name.length >= 6 && distance(name, known) === 1;

/**
 * A warning for each variable that looks meant for npm start but is none of its settings (`HUB_PROT`, `DATADIR`),
 * naming the closest one: such a variable would otherwise be ignored without a word.
 */
export function unknownSettings(env: NodeJS.ProcessEnv): string[] {
  return Object.keys(env)
    .filter((name) => !KNOWN_SETTINGS.includes(name) && (OURS.test(name) || KNOWN_SETTINGS.some((known) => nearly(name, known))))
    .sort()
    .map((name) => {
      const guess = closest(name, KNOWN_SETTINGS);
      // A guess a few edits away is a slip; one further away would only puzzle (CLOUD_SDK_VERSION, Google's Cloud SDK's own).
      const hint = distance(name, guess) <= Math.max(2, name.length / 4) ? `did you mean ${guess}?` : 'the settings are listed in docs/configuration.md.';
      return `${name} is not a setting of npm start and is ignored: ${hint}`;
    });
}

/** Ends a start with one message and status 1 (a setting or a port that is wrong: no stack trace). */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The settings of this start, or the start ends saying what is wrong with them. */
export function startSettingsOrFail(env: NodeJS.ProcessEnv, root: string): StartSettings {
  try {
    return readStartSettings(env, root);
  } catch (error) {
    return fail((error as Error).message);
  }
}

/** The line a start ends with when one of its servers cannot listen on its port (`name`: the setting that moves it). */
export function listenError(error: NodeJS.ErrnoException, host: string, name: string, port: number): string {
  if (error.code === 'EADDRINUSE') {
    return `Port ${port} is already in use: is another hub or npm start running? Stop it, or choose another port: ${name}=${port + 10} npm start`;
  }
  return `Cannot listen on ${host}:${port} (${name}): ${error.message}`;
}

/**
 * Ends the start before any of its processes runs when a port it listens on is taken: the same line as a server that
 * cannot listen, but at once, instead of after the hub and the cloud have started. (The hub's secure port is left
 * to the hub: without it the hub still serves, and says why.)
 */
export async function failOnTakenPorts(settings: StartSettings): Promise<void> {
  const ports = { HUB_PORT: settings.hubPort, FORM_PORT: settings.formPort, CLOUD_PORT: settings.cloudPort, CONNECT_PORT: settings.connectPort };
  for (const [name, port] of Object.entries(ports)) {
    if (port === 0) continue;
    const error = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      const probe = createServer().once('error', resolve);
      probe.listen(port, settings.host, () => probe.close(() => resolve(undefined)));
    });
    if (error) fail(listenError(error, settings.host, name, port));
  }
}

/** The origin of a server listening at `url`, as one browses to it: a wildcard address is shown as localhost. */
export function browsableOrigin(url: string): string {
  const parsed = new URL(url);
  if (parsed.hostname === '0.0.0.0' || parsed.hostname === '[::]') parsed.hostname = 'localhost';
  return parsed.origin;
}

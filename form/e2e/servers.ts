/**
 * The servers of `npm start`, started as npm start starts them: the form built into form/dist when its sources
 * changed (scripts/build-form.ts), then the built server (scripts/start.ts bundled, as spawnStart runs it) on free
 * ports with a fresh data folder. One set for all the form's end-to-end files of a Jest run, with one Chromium: the
 * first file to need them starts shared/keeper.mjs in the folder of shared/global-setup.mjs, which keeps both until
 * shared/global-teardown.mjs; every file reads what it needs from the lines the server printed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BrowserContextOptions, LaunchOptions } from 'playwright-core';
import { root } from '../../scripts/apis.js';
import { formIsCurrent } from '../../scripts/build-form.js';
import { buildServer, serverEntry, serverIsCurrent } from '../../scripts/build-server.js';
import { exited, printed, SERVER_ENV, SERVER_NODE_FLAGS, spawnBin, waitForOutput } from '../../scripts/child.js';
import { SHARED_FOLDER_VARIABLE } from './shared/global-setup.mjs';

export interface Servers {
  formUrl: string;
  hubUrl: string;
  /** The demo hub owner's personal access token (every scope). */
  hubToken: string;
  cloudUrl: string;
  /** The demo account of the `Demo account:` line. */
  email: string;
  password: string;
  /** The confidential client of the `OAuth client:` line (the password grant gives the tests a token of their own). */
  client: { id: string; secret: string };
  /** Where start.ts keeps its data: the hub's and the support back end's outbox of e-mails is below it. */
  dataDir: string;
}

/** The servers, and the address of the Chromium to connect to (playwright's `chromium.connect`). */
export interface Shared {
  servers: Servers;
  wsEndpoint: string;
}

/** A folder made by mkdir is the lock: one build at a time when several Jest runs start at once. */
async function withBuildLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = path.join(tmpdir(), `form-build-${Buffer.from(process.cwd()).toString('hex').slice(-32)}.lock`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock older than any build is left over from a killed run.
      const taken = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (taken !== undefined && Date.now() - taken > 120_000) rmSync(lock, { recursive: true, force: true });
      await sleep(250);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * npm start's first step for the form: its production build, skipped when form/dist is newer than its sources (that
 * check made here first, as for the server: a process of tsx costs seconds on a busy machine).
 */
async function buildForm(): Promise<void> {
  if (formIsCurrent()) return;
  // Jest sets NODE_ENV=test, which would give React's development build.
  const child = spawnBin('tsx', ['scripts/build-form.ts'], { NODE_ENV: 'production' });
  const output = waitForOutput(child, /(?!)/, 120_000).catch((error: Error) => error.message);
  const code = await exited(child);
  if (code !== 0) throw new Error(`The form's build failed (${code}): ${await output}`);
}

/** Builds what is out of date, then starts the keeper, detached: it outlives the Jest worker that starts it. */
async function startKeeper(folder: string, browser: LaunchOptions): Promise<void> {
  await withBuildLock(async () => {
    await buildForm();
    if (!serverIsCurrent()) await buildServer();
  });
  const dataDir = path.join(folder, 'data');
  // Without the shared folder's variable, which npm start would warn about as not one of its settings.
  const { [SHARED_FOLDER_VARIABLE]: _folder, ...inherited } = process.env;
  const env = {
    ...inherited,
    ...SERVER_ENV,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    HUB_PORT: '0',
    FORM_PORT: '0',
    CLOUD_PORT: '0',
    CONNECT_PORT: '0',
    HUB_SECURE_PORT: '0',
    HUB_MDNS: '0',
    DOCS_DIR: path.join(dataDir, 'no-docs'),
    SMTP_URL: '',
  };
  const jestPid = Number(readFileSync(path.join(folder, 'jest.pid'), 'utf8'));
  const server = { file: process.execPath, args: [...SERVER_NODE_FLAGS, serverEntry()], env, readyLine: '^Ctrl-C stops', timeoutMs: 60_000 };
  writeFileSync(path.join(folder, 'spec.json'), JSON.stringify({ server, browser, jestPid, dataDir }));
  const log = openSync(path.join(folder, 'keeper.log'), 'a');
  const keeper = spawn(process.execPath, [path.join(root, 'form', 'e2e', 'shared', 'keeper.mjs'), folder], { cwd: root, stdio: ['ignore', log, log], detached: true });
  writeFileSync(path.join(folder, 'keeper.pid'), String(keeper.pid));
  keeper.unref();
}

/** What the keeper published: ready.json, or failed.json and its log. */
async function awaitKeeper(folder: string): Promise<{ output: string; wsEndpoint: string; dataDir: string }> {
  const file = (name: string) => path.join(folder, name);
  // A first start may build the form and the server first, on a busy machine.
  const log = () => (existsSync(file('keeper.log')) ? readFileSync(file('keeper.log'), 'utf8') : 'no keeper log');
  for (const deadline = Date.now() + 240_000; Date.now() < deadline; await sleep(100)) {
    if (existsSync(file('ready.json'))) return JSON.parse(readFileSync(file('ready.json'), 'utf8'));
    if (existsSync(file('failed.json'))) throw new Error(`The shared servers did not start: ${readFileSync(file('failed.json'), 'utf8')}`);
    if (existsSync(file('keeper.pid')) && !isAlive(Number(readFileSync(file('keeper.pid'), 'utf8')))) throw new Error(`The shared servers' keeper ended before they were ready:\n${log()}`);
  }
  throw new Error(`The shared servers were not ready within 240 s:\n${log()}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The servers and Chromium of this Jest run: started by the first caller (the folder's `started` lock), awaited by all. */
export async function sharedServers(browser: LaunchOptions): Promise<Shared> {
  const folder = process.env[SHARED_FOLDER_VARIABLE];
  if (!folder) throw new Error(`${SHARED_FOLDER_VARIABLE} is not set: jest.config.ts's globalSetup (form/e2e/shared/global-setup.mjs) makes the folder the files share`);
  let first = true;
  try {
    mkdirSync(path.join(folder, 'started'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    first = false;
  }
  if (first) {
    try {
      await startKeeper(folder, browser);
    } catch (error) {
      // The files waiting for the servers fail at once too, with the reason.
      writeFileSync(path.join(folder, 'failed.json'), JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
      throw error;
    }
  }
  const { output, wsEndpoint, dataDir } = await awaitKeeper(folder);
  return { servers: serversOf(output, dataDir), wsEndpoint };
}

/** What a browser profile keeps (cookies, local storage), as Playwright saves and restores it. */
export type StoredProfile = Exclude<BrowserContextOptions['storageState'], string | undefined>;

const signInFile = () => path.join(process.env[SHARED_FOLDER_VARIABLE]!, 'signed-in.json');

/**
 * The demo account's signed-in profile as the run's first file to sign in left it, if one has: the run's other files
 * start from it rather than each signing in through the account service's page again (its token lives an hour,
 * signing out in the form forgets it without revoking it).
 */
export function signedInProfile(): StoredProfile | undefined {
  return existsSync(signInFile()) ? (JSON.parse(readFileSync(signInFile(), 'utf8')) as StoredProfile) : undefined;
}

/** Keeps a signed-in profile for the run's other files; written whole (renamed into place), as they may read it meanwhile. */
export function publishSignedInProfile(profile: StoredProfile): void {
  writeFileSync(`${signInFile()}.${process.pid}`, JSON.stringify(profile));
  renameSync(`${signInFile()}.${process.pid}`, signInFile());
}

/** The servers as npm start's lines describe them. */
function serversOf(output: string, dataDir: string): Servers {
  const line = (label: string) => {
    const value = printed(output, label);
    if (!value) throw new Error(`npm start printed no "${label}:" line:\n${output}`);
    return value;
  };
  const [email, password] = line('Demo account').split(' ') as [string, string];
  const [id, secret] = line('OAuth client').split(' ') as [string, string];
  const formUrl = line('Support form');
  if (!formUrl.startsWith('http')) throw new Error(`The form is not served: ${formUrl}`);
  if (!line('Public OAuth client').endsWith(` ${formUrl}`)) throw new Error(`The public client does not return to ${formUrl}:\n${output}`);
  return {
    formUrl,
    hubUrl: line('Hub URL'),
    hubToken: line('Personal access token'),
    cloudUrl: line('Cloud URL'),
    email,
    password,
    client: { id, secret },
    dataDir,
  };
}

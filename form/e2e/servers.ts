/**
 * The servers of `npm start`, started as npm start starts them: the form built into form/dist when its sources
 * changed (scripts/build-form.ts), then the built server (scripts/start.ts bundled, see spawnStart) in its own
 * process on free ports with a fresh data folder. Everything the tests need is read from the lines it prints.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formIsCurrent } from '../../scripts/build-form.js';
import { exited, printed, spawnBin, spawnStart, stop, waitForOutput } from '../../scripts/child.js';

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
  stop(): Promise<void>;
}

/** A folder made by mkdir is the lock: one build at a time when several test files start at once. */
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
      await new Promise((resolve) => setTimeout(resolve, 250));
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
 * check made here first, as spawnStart does for the server: a process of tsx costs seconds on a busy machine).
 */
async function buildForm(): Promise<void> {
  if (formIsCurrent()) return;
  // Jest sets NODE_ENV=test, which would give React's development build.
  const child = spawnBin('tsx', ['scripts/build-form.ts'], { NODE_ENV: 'production' });
  const output = waitForOutput(child, /(?!)/, 120_000).catch((error: Error) => error.message);
  const code = await exited(child);
  if (code !== 0) throw new Error(`The form's build failed (${code}): ${await output}`);
}

export async function startServers(): Promise<Servers> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'form-e2e-data-'));
  // The server's bundle is built by spawnStart when its sources changed: under the same lock as the form.
  const child: ChildProcess = await withBuildLock(async () => {
    await buildForm();
    return spawnStart({
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      HUB_PORT: '0',
      FORM_PORT: '0',
      CLOUD_PORT: '0',
      HUB_MDNS: '0',
      DOCS_DIR: path.join(dataDir, 'no-docs'),
      SMTP_URL: '',
    });
  });
  let output: string;
  try {
    output = await waitForOutput(child, /^Ctrl-C stops/, 60_000);
  } catch (error) {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
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
    async stop() {
      await stop(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

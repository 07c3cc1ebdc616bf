/**
 * One npm start per data folder: two on one DATA_DIR would write the same SQLite files and advertise the same hub. The
 * lock is proper-lockfile's (a folder whose time the holder renews; stale 10 s after its holder stopped renewing it,
 * when it was killed), with the holder's pid beside it to name in the refusal.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/** How long proper-lockfile's lock outlives a holder that was killed (its default; update every half of it). */
const STALE_MS = 10_000;

function holderOf(pidFile: string): number | undefined {
  try {
    return Number(readFileSync(pidFile, 'utf8')) || undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data folder for this process until it exits (or calls the release it resolves with); throws one line
 * naming the pid of the start that holds it.
 * A holder that was killed leaves a lock that goes stale: this waits for that (at most 10 s) rather than refusing.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const pidFile = path.join(dataDir, 'npm-start.pid');
  const options = {
    lockfilePath: path.join(dataDir, 'npm-start.lock'),
    realpath: false,
    stale: STALE_MS,
    // Lost when its folder was removed or could not be renewed: the start goes on, but says so.
    onCompromised: (error: Error) => console.error(`The lock on DATA_DIR ${dataDir} was lost (${error.message}): another npm start may now use it too.`),
  };
  const inUse = (holder: number | undefined) => new Error(`DATA_DIR ${dataDir} is in use by ${holder ? `pid ${holder}` : 'another process'} (another npm start): stop it, or choose another DATA_DIR.`);
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const holder = holderOf(pidFile);
    if (holder && isRunning(holder)) throw inUse(holder);
    const retries = { retries: STALE_MS / 1000 + 2, factor: 1, minTimeout: 1000, maxTimeout: 1000 };
    release = await lockfile.lock(dataDir, { ...options, retries }).catch(() => {
      throw inUse(holderOf(pidFile));
    });
  }
  writeFileSync(pidFile, String(process.pid));
  const removePid = () => rmSync(pidFile, { force: true });
  // proper-lockfile removes its folder at exit.
  process.on('exit', removePid);
  return async () => {
    process.off('exit', removePid);
    removePid();
    await release();
  };
}

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lockDataDir } from './data-lock.js';

describe('the data folder lock of npm start (scripts/data-lock.ts)', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'data-lock-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  /** A pid no process has: one that has just exited. */
  const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;
  /** A lock as a start killed `ageMs` ago leaves it: proper-lockfile's folder, last renewed then, and its pid. */
  function leftBehind(dataDir: string, pid: number, ageMs: number) {
    mkdirSync(path.join(dataDir, 'npm-start.lock'), { recursive: true });
    const then = new Date(Date.now() - ageMs);
    utimesSync(path.join(dataDir, 'npm-start.lock'), then, then);
    writeFileSync(path.join(dataDir, 'npm-start.pid'), String(pid));
  }

  it('when the folder is locked by a running start, then a second lock is refused naming its pid, and taken once it is released', async () => {
    const dataDir = path.join(work, 'held');
    mkdirSync(dataDir);
    const release = await lockDataDir(dataDir);
    expect(readFileSync(path.join(dataDir, 'npm-start.pid'), 'utf8')).toBe(String(process.pid));
    await expect(lockDataDir(dataDir)).rejects.toThrow(`DATA_DIR ${dataDir} is in use by pid ${process.pid} (another npm start): stop it, or choose another DATA_DIR.`);
    await release();
    await (await lockDataDir(dataDir))();
  });

  it('when a killed start left its lock long ago, then the lock is stale and taken at once', async () => {
    const dataDir = path.join(work, 'stale');
    mkdirSync(dataDir);
    leftBehind(dataDir, deadPid(), 60_000);
    const release = await lockDataDir(dataDir);
    expect(readFileSync(path.join(dataDir, 'npm-start.pid'), 'utf8')).toBe(String(process.pid));
    await release();
  });

  it('when a start killed a moment ago left its lock, then it is taken once it goes stale rather than refused', async () => {
    const dataDir = path.join(work, 'recent');
    mkdirSync(dataDir);
    leftBehind(dataDir, deadPid(), 8_000);
    const release = await lockDataDir(dataDir);
    expect(readFileSync(path.join(dataDir, 'npm-start.pid'), 'utf8')).toBe(String(process.pid));
    await release();
  }, 20_000);
});

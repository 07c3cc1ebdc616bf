/**
 * Jest's globalTeardown (jest.config.ts): stops the servers and the Chromium that the form's end-to-end files shared
 * (keeper.mjs, when one of those files started it), then removes the shared folder.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SHARED_FOLDER_VARIABLE } from './global-setup.mjs';

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export default async function stopShared() {
  const folder = process.env[SHARED_FOLDER_VARIABLE];
  if (!folder) return;
  const pidFile = path.join(folder, 'keeper.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8'));
    if (alive(pid)) process.kill(pid, 'SIGTERM');
    // The keeper removes the folder, its pid file with it, last (its exit may leave a zombie until its parent reaps it).
    for (const deadline = Date.now() + 30_000; existsSync(pidFile) && alive(pid) && Date.now() < deadline; ) await sleep(50);
  }
  rmSync(folder, { recursive: true, force: true });
}

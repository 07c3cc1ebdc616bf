/**
 * The hub process part of npm run bench: its resident memory, and the time from `npm start` to its `Hub URL:` line
 * on a second start (the first may build the form, the docs and the server bundle; the second finds them current).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { root } from './apis.js';
import { stop, waitForOutput } from './child.js';

const readProc = (id: number, file: string) => {
  try {
    return readFileSync(`/proc/${id}/${file}`, 'utf8');
  } catch {
    // The process ended while we looked.
    return '';
  }
};

/**
 * The hub's processes under `pid`: npm start's hub process (start-hub.js, beside the cloud's and the form's), else
 * every process of the tree (a hub started on its own, below npm's process if any).
 */
export function hubProcesses(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const stat = readProc(Number(entry), 'stat');
    if (stat) parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
  }
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of parents) {
      if (tree.has(parent) && !tree.has(child)) {
        tree.add(child);
        grew = true;
      }
    }
  }
  const hub = [...tree].filter((id) => readProc(id, 'cmdline').includes('start-hub.js'));
  return hub.length ? hub : [...tree];
}

/** Resident memory (MB) of the hub's process under `pid` (hubProcesses: else of the largest process of the tree). */
export function residentMb(pid: number): number {
  const rss = hubProcesses(pid).map((id) => Number(/VmRSS:\s+(\d+)/.exec(readProc(id, 'status'))?.[1] ?? 0));
  return Math.round(Math.max(...rss) / 1024);
}

/** CPU seconds (user + system) process `pid` has used so far. */
export function cpuSeconds(pid: number): number {
  const stat = readProc(pid, 'stat');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Resolves once no process of the group led by `pid` is left (or after `timeoutMs`): npm's process may exit on a
 * signal before the server it started has closed, which still holds its DATA_DIR.
 */
async function groupEnded(pid: number, timeoutMs = 10_000): Promise<void> {
  for (const end = Date.now() + timeoutMs; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 20))) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
  }
}

/** Milliseconds from spawning `npm start` to its `Hub URL:` line, for each of `starts` starts on one data folder. */
export async function timeStarts(dataDir: string, starts = 2): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < starts; run++) {
    const began = performance.now();
    const npm = spawn('npm', ['start'], {
      cwd: root,
      env: { ...process.env, HUB_PORT: '0', FORM_PORT: '0', CLOUD_PORT: '0', HUB_MDNS: '0', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let hubAt = 0;
    npm.stdout.on('data', (chunk: Buffer) => {
      if (!hubAt && /^Hub URL: /m.test(String(chunk))) hubAt = performance.now();
    });
    try {
      // Up to its last line, so that the next start does not overlap this one's account service; a first start may
      // render every docs page.
      await waitForOutput(npm, /^Ctrl-C stops/, 180_000);
      times.push(Math.round(hubAt - began));
    } finally {
      await stop(npm);
      // The next start would find this one's server still holding the data folder.
      await groupEnded(npm.pid!);
    }
  }
  return times;
}

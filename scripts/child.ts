import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { root } from './apis.js';
import { buildServer, serverEntry, serverIsCurrent } from './build-server.js';

/** A command of node_modules/.bin (tsx, prism ...) run as its own process group, so that stop() ends all of it. */
export function spawnBin(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawnGroup(path.join(root, 'node_modules', '.bin', command), args, env);
}

function spawnGroup(file: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(file, args, {
    cwd: root,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
}

/**
 * The bundle checked (a walk of every source file's time) and built if need be once per test file, not once per start:
 * the starts a file makes side by side then wait for one build rather than each making its own.
 */
let built: Promise<void> | undefined;
const serverBuilt = () => (built ??= serverIsCurrent() ? Promise.resolve() : buildServer());

/**
 * The hub, cloud account service and form server as `npm start` runs them once it has built them: the bundle of
 * scripts/start.ts (scripts/build-server.ts), built first when its sources changed. Its process supervises one
 * process each for the hub, the cloud and the form, all in the group that stop() signals.
 */
export async function spawnStart(env: Record<string, string> = {}): Promise<ChildProcess> {
  await serverBuilt();
  // The connect service's and the secure hub's fixed default ports would collide between servers started side by side: any free ones.
  return spawnGroup(process.execPath, [...SERVER_NODE_FLAGS, serverEntry()], { ...SERVER_ENV, CONNECT_PORT: '0', HUB_SECURE_PORT: '0', ...env });
}

/**
 * What package.json's start script sets for the server too. glibc keeps a large block freed by a thread for that
 * thread's next one (its mmap threshold rises to the block's size): every argon2 hash (19 MiB) left its 19 MiB in
 * the thread that made it, up to one per libuv thread. A fixed threshold returns them (docs/design.md §7).
 */
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };

/**
 * What package.json's start script gives node for the server too. V8 sizes its heap for this machine's memory
 * (young generation up to 48 MB, old generation up to 4 GB) and grows into it: with the young generation at 12 MB
 * and the old at most 512 MB, an idle start keeps about 145 MB resident instead of about 175, the list read
 * measuring the same. V8's allocation-site pretenuring, which allocates straight into the old generation what a
 * site made that all survived one collection, took sites of a request's objects on the hub (a moment when calls were
 * under way): each forwarded call's objects then lived until a full collection (docs/design.md §7).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=512', '--no-allocation-site-pretenuring'];

/**
 * Resolves with the child's output (stdout and stderr) up to the first line matching `pattern`; rejects with the
 * output so far when the child exits first or `timeoutMs` passes. The output keeps being drained afterwards.
 */
export function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const watch = (stream: Readable | null) => {
      let pending = '';
      const onData = (chunk: Buffer) => {
        output += chunk;
        const lines = (pending + chunk).split('\n');
        pending = lines.pop()!;
        if (lines.some((line) => pattern.test(line))) finish();
      };
      stream?.on('data', onData);
      return () => stream?.off('data', onData).resume();
    };
    const unwatch = [watch(child.stdout), watch(child.stderr)];
    // 'close', not 'exit': the last output may arrive after the process has exited.
    const onClose = (code: number | null) => finish(new Error(`exited (${code}) before printing ${pattern}:\n${output}`));
    const timer = setTimeout(() => finish(new Error(`no ${pattern} within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    child.once('close', onClose);
    function finish(error?: Error) {
      clearTimeout(timer);
      child.off('close', onClose);
      for (const stop of unwatch) stop();
      if (error) reject(error);
      else resolve(output);
    }
  });
}

/** The value of a printed `Label: value` line, such as start.ts's `Hub URL: http://...`. */
export function printed(output: string, label: string): string | undefined {
  return output.split('\n').find((line) => line.startsWith(`${label}: `))?.slice(label.length + 2).trim();
}

/** Resolves with the child's exit code once it has exited. */
export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Sends `signal` to the child's whole process group and resolves with its exit code once it has exited. */
export function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    try {
      process.kill(-child.pid!, signal);
    } catch {
      child.kill(signal);
    }
  });
}

/** A TCP port that was free a moment ago, for tools that cannot listen on port 0 themselves (Prism). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The servers and the Chromium that the form's end-to-end files of one Jest run share (see servers.ts, which starts
 * this once per run, detached, so that it outlives the Jest worker that started it). Plain JavaScript: it runs in
 * node itself, without the seconds a TypeScript loader costs.
 *
 * `node keeper.mjs <folder>`: reads <folder>/spec.json (the server's command, Chromium's launch options, the Jest
 * process's id), starts both, then writes <folder>/ready.json (the server's output up to its ready line, and the
 * browser's WebSocket address) or <folder>/failed.json (why not). Stops both on SIGTERM (global-teardown.mjs) or
 * once the Jest process is gone (a run killed before its teardown), then removes the folder as its last act (after a
 * failed start it leaves the folder, failed.json in it, to the teardown).
 */
import { spawn } from 'node:child_process';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const folder = process.argv[2];
/** @type {{ server: { file: string; args: string[]; env: Record<string, string>; readyLine: string; timeoutMs: number }; browser: object; jestPid: number; dataDir: string }} */
const spec = JSON.parse(readFileSync(path.join(folder, 'spec.json'), 'utf8'));

/** Written whole or not at all: the workers poll for it. */
function publish(name, value) {
  const file = path.join(folder, name);
  writeFileSync(`${file}.partial`, JSON.stringify(value));
  renameSync(`${file}.partial`, file);
}

// Its own process group, so that stopping it stops the hub, cloud and form processes it supervises too.
const server = spawn(spec.server.file, spec.server.args, { env: spec.server.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
const serverExited = new Promise((resolve) => server.once('exit', resolve));

/** The server's output up to its ready line; the rest goes on to this process's log. */
const serverReady = new Promise((resolve, reject) => {
  const ready = new RegExp(spec.server.readyLine, 'm');
  let output = '';
  let done = false;
  const onData = (chunk) => {
    process.stdout.write(chunk);
    if (done) return;
    output += chunk;
    if (!ready.test(output)) return;
    done = true;
    resolve(output);
  };
  server.stdout.on('data', onData);
  server.stderr.on('data', onData);
  server.once('close', (code) => done || reject(new Error(`The server exited (${code}) before it was ready:\n${output}`)));
  setTimeout(() => done || reject(new Error(`The server was not ready within ${spec.server.timeoutMs} ms:\n${output}`)), spec.server.timeoutMs).unref();
});

// The keeper stops the browser itself (stop below), not Playwright's own signal handlers.
const browserServer = chromium.launchServer({ ...spec.browser, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false });

let stopping;
/**
 * Stops the browser and the servers, then ends. The folder goes with them, unless `keepFolder`: after a failed start
 * the waiting files must still read failed.json (the teardown removes the folder then).
 */
function stop(keepFolder = false) {
  stopping ??= (async () => {
    await (await browserServer.catch(() => undefined))?.close().catch(() => undefined);
    if (server.exitCode === null && server.signalCode === null) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        server.kill('SIGTERM');
      }
      await serverExited;
    }
    // The whole shared folder, keeper.pid with it: the teardown waits for that, and a killed run has no teardown.
    if (!keepFolder) rmSync(folder, { recursive: true, force: true });
    process.exit(0);
  })();
  return stopping;
}

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => void stop());
// A Jest run ended without its teardown (killed) leaves nobody to stop this: its process gone is the signal.
setInterval(() => {
  try {
    process.kill(spec.jestPid, 0);
  } catch {
    void stop();
  }
}, 1000);

Promise.all([serverReady, browserServer]).then(
  ([output, browser]) => publish('ready.json', { output, wsEndpoint: browser.wsEndpoint(), dataDir: spec.dataDir }),
  (error) => {
    publish('failed.json', { error: error instanceof Error ? error.message : String(error) });
    void stop(true);
  },
);

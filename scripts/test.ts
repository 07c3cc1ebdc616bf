/**
 * npm test: the contract's lint, the generated files' drift, the type check, the import rules between folders, and
 * every Jest test (unit, API, realtime, client, form end to end) on SQLite. CI (.ci/run) runs this and adds the cloud
 * suites on PostgreSQL and Redis, the cluster test and the client package's check (docs/testing.md). The four checks
 * run beside Jest rather than before it, at the lowest CPU priority: on two cores the type check alone took over half
 * a minute, while Jest's suites spend much of theirs waiting on sockets, timers and child processes, and the checks
 * take only the CPU Jest leaves (so that no suite's timeout is squeezed by them). Each check's output is printed as a block when it ends, and a failing one is
 * said at once; the run fails when any step failed.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { root } from './apis.js';
import { run } from './run.js';

const checks: Array<[string, string, string[]]> = [
  ['lint the contract', 'tsx', ['scripts/lint.ts']],
  ['check generated/ against the contract', 'tsx', ['scripts/generate.ts', '--check']],
  ['type check', 'tsc', ['--noEmit']],
  // The folders' import rules and no import cycle (.dependency-cruiser.cjs).
  ['check the imports between folders', 'depcruise', ['--config', '.dependency-cruiser.cjs', '--output-type', 'err', 'server', 'client', 'form/src']],
];

/** A check with its output kept, printed in one block when it ends so that it does not interleave with Jest's. */
function check(name: string, command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const started = performance.now();
    // nice (coreutils) rather than os.setPriority after the spawn: tsx's own child would be started before it applies.
    const child = spawn('nice', ['-n', '19', path.join(root, 'node_modules', '.bin', command), ...args], { env: { ...process.env, REDOCLY_TELEMETRY: 'off' } });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    const done = (ok: boolean, why = '') => {
      const text = Buffer.concat(output).toString().trimEnd();
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      console.log(`\n${ok ? '✔' : '✖'} ${name} (${seconds} s)${why}${ok ? '' : `\n${text}`}`);
      resolve(ok);
    };
    child.on('error', (error) => done(false, `: ${error.message}`));
    child.on('close', (code) => done(code === 0));
  });
}

console.log(`\n▶ ${checks.map(([name]) => name).join(', ')} beside the tests`);
const checked = Promise.all(checks.map(([name, command, args]) => check(name, command, args)));
console.log('\n▶ tests');
const [results, tests] = await Promise.all([checked, run('jest', process.argv.slice(2))]);

const failed = [...checks.map(([name]) => name).filter((_, index) => !results[index]), ...(tests === 0 ? [] : ['tests'])];
if (failed.length > 0) {
  console.error(`\n✖ failed: ${failed.join(', ')}`);
  process.exit(tests || 1);
}
console.log('\n✔ all checks passed');

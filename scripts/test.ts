/**
 * npm test: everything CI checks, in order, stopping at the first failure: the contract's lint, the generated
 * files' drift, the type check, then every Jest test (unit, API, realtime, client, form end to end).
 */
import { run } from './run.js';

const steps: Array<[string, string, string[]]> = [
  ['lint the contract', 'tsx', ['scripts/lint.ts']],
  ['check generated/ against the contract', 'tsx', ['scripts/generate.ts', '--check']],
  ['type check', 'tsc', ['--noEmit']],
  ['tests', 'jest', process.argv.slice(2)],
];

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const code = await run(command, args);
  if (code !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(code);
  }
}
console.log('\n✔ all checks passed');

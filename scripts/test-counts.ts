/**
 * npm run test:count: how many tests the suite has, of each kind, without running them. Jest lists every test as
 * skipped when no test name matches (hooks do not run, so no server starts); the report says what each test is:
 * - a generated per-operation sweep: a case of an `it.each` over a contract's operations, in a describe block whose
 *   title says "contract sweep" (server/hub/contract.test.ts, the cloud services' contract sweeps): it grows by
 *   itself with every operation added to the contract;
 * - a hand-written behaviour test: every other test, table rows included.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './apis.js';
import { run } from './run.js';

interface Report {
  testResults: Array<{ name: string; assertionResults: Array<{ ancestorTitles: string[] }> }>;
}

const SWEEP = /contract sweep/i;
const AREAS = ['server/hub', 'server/cloud', 'server/common', 'server/support', 'server/http', 'client', 'form', 'scripts'];

const folder = mkdtempSync(path.join(tmpdir(), 'test-counts-'));
const output = path.join(folder, 'report.json');
try {
  const code = await run('jest', ['--testNamePattern', '^\\b$', '--json', `--outputFile=${output}`, '--silent', ...process.argv.slice(2)]);
  if (code !== 0) process.exit(code);
  const report = JSON.parse(readFileSync(output, 'utf8')) as Report;
  const counts = new Map<string, { written: number; sweeps: number }>();
  for (const file of report.testResults) {
    const relative = path.relative(root, file.name);
    const area = AREAS.find((prefix) => relative.startsWith(`${prefix}/`)) ?? 'other';
    const count = counts.get(area) ?? { written: 0, sweeps: 0 };
    for (const test of file.assertionResults) {
      if (test.ancestorTitles.some((title) => SWEEP.test(title))) count.sweeps += 1;
      else count.written += 1;
    }
    counts.set(area, count);
  }
  const rows = [...counts].sort(([a], [b]) => AREAS.indexOf(a) - AREAS.indexOf(b));
  const total = rows.reduce((sum, [, count]) => ({ written: sum.written + count.written, sweeps: sum.sweeps + count.sweeps }), { written: 0, sweeps: 0 });
  console.log(`\n${'area'.padEnd(16)}${'hand-written'.padStart(14)}${'sweeps'.padStart(10)}`);
  for (const [area, count] of [...rows, ['total', total] as const]) console.log(`${area.padEnd(16)}${String(count.written).padStart(14)}${String(count.sweeps).padStart(10)}`);
  console.log(`\n${report.testResults.length} test files`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}

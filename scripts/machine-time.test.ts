import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CLOCK_MODULES, machineTimeReads, productFiles, strayTimeReads, TIMERS_ON_MACHINE_TIME } from './machine-time.js';

const root = path.resolve(__dirname, '..');

describe('the clock check (scripts/machine-time.ts)', () => {
  it.each([
    ['const t = Date.now();', 'Date.now'],
    ['const clock = { now: Date.now };', 'Date.now'],
    ['const stamp = new Date().toISOString();', 'new Date()'],
    ['const stamp = new Date;', 'new Date'],
    ['const text = Date();', 'Date()'],
    ['function f(now = Date.now()) { return now; }', 'Date.now'],
    ['const at = new Date ( );', 'new Date ( )'],
    ['const at = Date\n  .now();', 'Date\n  .now'],
  ])('when product code reads the machine time as `%s`, then it is found', (source, code) => {
    expect(machineTimeReads(`// line one\n${source}`)).toEqual([{ file: 'source.ts', line: 2, code }]);
  });

  it.each([
    ['setTimeout(resolve, 100);', 'setTimeout'],
    ['const timer = setInterval(() => flush(), 1000);', 'setInterval'],
    ['globalThis.setTimeout(next, 5);', 'globalThis.setTimeout'],
  ])('when product code schedules on the machine time as `%s`, then it is found', (source, code) => {
    expect(machineTimeReads(`// line one\n${source}`)).toEqual([{ file: 'source.ts', line: 2, code }]);
  });

  it('when a file listed for I/O deadlines sets a timer, then it is allowed, and every listed file exists and still has one', () => {
    expect(machineTimeReads('setTimeout(() => socket.terminate(), 30_000);', 'server/hub/cloud/connect.ts')).toEqual([]);
    for (const file of Object.keys(TIMERS_ON_MACHINE_TIME)) expect([file, /set(Timeout|Interval)\s*\(/.test(readFileSync(path.join(root, file), 'utf8'))]).toEqual([file, true]);
  });

  it.each([
    'const at = new Date(hub.now()).toISOString();',
    'const at = new Date(\n  stamp,\n);',
    'const parsed = Date.parse(text);',
    'const utc = Date.UTC(2026, 0, 1);',
    '// Date.now() in a comment',
    "const words = 'new Date() in a string';",
    'const later = clock.now() + 1000;',
    'const cancel = hub.clock.at(hub.now() + 100, next);',
    '// setTimeout(next) in a comment',
  ])('when code reads a clock or only names Date (`%s`), then nothing is found', (source) => {
    expect(machineTimeReads(source)).toEqual([]);
  });

  it('when the product code is scanned, then it covers server, client, the form and scripts, but no tests, helpers or benchmarks', () => {
    const files = productFiles(root);
    for (const file of ['server/hub/zones/api.ts', 'client/hub/device.ts', 'form/src/main.tsx', 'scripts/start.ts']) expect(files).toContain(file);
    for (const file of ['server/hub/zones/api.test.ts', 'server/hub/testing/test-hub.ts', 'server/cloud/store/testing.ts', 'scripts/bench.ts', ...CLOCK_MODULES]) {
      expect(files).not.toContain(file);
    }
  });

  it('when the product code is scanned, then only the clock modules read the machine time', () => {
    expect(strayTimeReads(root).map(({ file, line, code }) => `${file}:${line} ${code}`)).toEqual([]);
    for (const clock of CLOCK_MODULES) expect(machineTimeReads(readFileSync(path.join(root, clock), 'utf8')).length).toBeGreaterThan(0);
  });
});

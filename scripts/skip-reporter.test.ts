import SkipReporter from './skip-reporter.mjs';

describe('the skipped-tests reporter (scripts/skip-reporter.mjs)', () => {
  it('when a run skipped suites, then each is listed once with its file, its reason and its count; a run with none prints nothing', () => {
    const log = jest.spyOn(console, 'log').mockImplementation(() => {});
    try {
      const reporter = new SkipReporter({ rootDir: '/repo' });
      const test = (status: string, ancestorTitles: string[], title = 't') => ({ status, ancestorTitles, title });
      reporter.onRunComplete(undefined, {
        testResults: [
          { testFilePath: '/repo/server/a.test.ts', testResults: [test('pending', ['on PostgreSQL (skipped: no DATABASE_URL)', 'inner']), test('pending', ['on PostgreSQL (skipped: no DATABASE_URL)']), test('passed', ['on SQLite'])] },
          { testFilePath: '/repo/form/b.test.ts', testResults: [test('skipped', ['form'], 'a plain skip')] },
        ],
      });
      expect(log).toHaveBeenCalledTimes(1);
      expect(log.mock.calls[0]![0]).toBe(
        '\nSkipped tests, with the reason each was skipped for:\n' +
          '  server/a.test.ts: on PostgreSQL (skipped: no DATABASE_URL): 2 tests\n' +
          '  form/b.test.ts: form › a plain skip: 1 test\n',
      );
      reporter.onRunComplete(undefined, { testResults: [{ testFilePath: '/repo/c.test.ts', testResults: [test('passed', [])] }] });
      expect(log).toHaveBeenCalledTimes(1);
    } finally {
      log.mockRestore();
    }
  });
});

// @ts-check
/**
 * A Jest reporter that lists every skipped test at the end of a run, with the reason its suite's title carries
 * (describeWhen in scripts/system-programs.ts adds it). Jest prints nothing of a file whose tests all skip, not even
 * its console, so without this a skip would be a number in the summary and nothing else.
 * Plain JavaScript: Jest loads a reporter without the TypeScript loader it uses for jest.config.ts.
 */
import path from 'node:path';

export default class SkipReporter {
  /** @param {{ rootDir: string }} globalConfig */
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  /** @param {unknown} _contexts @param {{ testResults: Array<{ testFilePath: string, testResults: Array<{ status: string, ancestorTitles: string[], title: string }> }> }} results */
  onRunComplete(_contexts, results) {
    const lines = [];
    for (const file of results.testResults) {
      const skipped = file.testResults.filter((test) => test.status === 'pending' || test.status === 'skipped' || test.status === 'todo');
      /** @type {Map<string, number>} */
      const suites = new Map();
      for (const test of skipped) {
        const suite = test.ancestorTitles.find((title) => title.includes('(skipped: ')) ?? [...test.ancestorTitles, test.title].join(' › ');
        suites.set(suite, (suites.get(suite) ?? 0) + 1);
      }
      for (const [suite, count] of suites) lines.push(`  ${path.relative(this.rootDir, file.testFilePath)}: ${suite}: ${count} ${count === 1 ? 'test' : 'tests'}`);
    }
    if (lines.length > 0) console.log(`\nSkipped tests, with the reason each was skipped for:\n${lines.join('\n')}\n`);
  }
}

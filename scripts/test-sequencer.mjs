// @ts-check
/**
 * The order Jest starts test files in. Jest runs the longest first when its cache (node_modules-independent, under
 * its cacheDirectory) holds the times of an earlier run; a fresh clone, as CI has, has none, and Jest then goes by
 * file size, which can leave a two-minute suite to start last. Here the files known to be slow start first, longest
 * first, until the cache knows better; then every other file, largest first, as Jest does.
 * Plain JavaScript: Jest loads a sequencer without the TypeScript loader it uses for jest.config.ts.
 */
import Sequencer from '@jest/test-sequencer';
import path from 'node:path';

/**
 * Started before all others, in a fresh worker: the heap snapshot test of resources.test.ts snapshots the whole Jest
 * worker, about 5 s in a fresh one and 45 s in one that has run a hundred files.
 */
const FRESH_WORKER = new Set(['server/hub/system/resources.test.ts']);

/**
 * Seconds each took in a full run on this 2-core machine (relative weights: only their order matters). The first eight
 * are the longest of the last quiet fresh-clone run; the rest, which took under their 23 s there, are ordered by a run
 * under other work's load (2026-11-29, `npx jest --json`) and scaled below them. The hub's contract sweep and the tests
 * of npm start, the docs, the real apps, the mock and the HTTP kernel are a later fresh-clone CI run's seconds (78, 68,
 * 42, 41, 10.6, 9) less what making them cheaper saved, measured against the old files on the same minutes; so are
 * the form's tree-ends, layout and ticket end-to-end files (112, 75, 68 s there), less what a shared signed-in profile
 * and Chromium without smooth scrolling saved (their time after the servers' start, each file run alone, old and new
 * taking turns: 0.86, 0.74 and 0.54 of it).
 */
const KNOWN_SECONDS = {
  'form/e2e/tree-ends.e2e.test.ts': 96,
  'server/hub/contract.test.ts': 67,
  'scripts/start.test.ts': 63,
  'form/e2e/layout.e2e.test.ts': 56,
  'scripts/docs.test.ts': 42,
  'server/hub/apps/real-apps.e2e.test.ts': 38,
  'form/e2e/ticket.e2e.test.ts': 37,
  'server/hub/official-client.test.ts': 23,
  'server/hub/updates/api.test.ts': 22,
  'server/cloud/setup/setup.test.ts': 16,
  'server/cloud/apps/store.e2e.test.ts': 16,
  'server/hub/insights/api.test.ts': 16,
  'server/hub/energy/reports.test.ts': 15,
  'server/hub/apps/sdk-apps.e2e.test.ts': 13,
  'server/hub/flow/engine.test.ts': 12,
  'client/cloud/discovery.test.ts': 12,
  'server/hub/devkit/api.test.ts': 12,
  'server/cloud/store/subscriptions.test.ts': 11,
  'server/hub/flow/demo.test.ts': 11,
  'server/cloud/store/checkout.test.ts': 11,
  'server/hub/setup/session.test.ts': 11,
  'server/hub/apps/sdk-managers.e2e.test.ts': 11,
  'server/hub/energy/api.test.ts': 10,
  'server/cloud/webhooks/webhooks.test.ts': 10,
  'server/cloud/account/oauth/token.test.ts': 10,
  'client/call-timeouts.test.ts': 10,
  'server/cloud/apps/api.test.ts': 10,
  'server/hub/notifications/api.test.ts': 10,
  'server/hub/system/api.test.ts': 10,
  'scripts/mock.test.ts': 8,
  'server/http/router.test.ts': 8,
  'server/cloud/store/shop.test.ts': 8,
  'server/hub/devices/api.test.ts': 8,
};

export default class KnownSlowFirst extends (Sequencer.default ?? Sequencer) {
  /** @param {import('@jest/test-result').Test[]} tests */
  sort(tests) {
    /** @param {import('@jest/test-result').Test} test */
    const relative = (test) => path.relative(test.context.config.rootDir, test.path).split(path.sep).join('/');
    /** @param {import('@jest/test-result').Test} test */
    const fresh = (test) => (FRESH_WORKER.has(relative(test)) ? 1 : 0);
    /** @param {import('@jest/test-result').Test} test */
    const seconds = (test) => {
      const cached = this.time(test);
      if (cached !== undefined) return cached / 1000;
      return KNOWN_SECONDS[/** @type {keyof typeof KNOWN_SECONDS} */ (relative(test))] ?? 0;
    };
    /** @param {import('@jest/test-result').Test} test */
    const size = (test) => test.context.hasteFS.getSize(test.path) ?? 0;
    /** @param {import('@jest/test-result').Test} test */
    const failed = (test) => (this.hasFailed(test) ? 1 : 0);
    return [...tests].sort((a, b) => failed(b) - failed(a) || fresh(b) - fresh(a) || seconds(b) - seconds(a) || size(b) - size(a));
  }
}

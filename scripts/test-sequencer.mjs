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

/** Seconds each took in a full run on this 2-core machine (relative weights: only their order matters). */
const KNOWN_SECONDS = {
  'scripts/start.test.ts': 120,
  'form/e2e/tree-ends.e2e.test.ts': 100,
  'server/hub/contract.test.ts': 65,
  'form/e2e/ticket.e2e.test.ts': 60,
  'server/hub/flow/demo.test.ts': 38,
  'form/e2e/layout.e2e.test.ts': 34,
  'form/e2e/developer.e2e.test.ts': 34,
  'scripts/mock.test.ts': 30,
  'server/hub/apps/real-apps.e2e.test.ts': 30,
  'server/hub/users/local-login-throttle.test.ts': 28,
  'server/hub/backup/cloud-backups.test.ts': 28,
  'form/e2e/sign-in.e2e.test.ts': 27,
  'server/cloud/account/contract.test.ts': 27,
  'server/hub/flow/automation.e2e.test.ts': 26,
  'server/cloud/account/hub-login.test.ts': 24,
  'server/hub/zigbee/end-to-end.test.ts': 23,
  'server/cloud/account/metadata.test.ts': 23,
  'server/hub/flow/engine.test.ts': 22,
  'server/cloud/account/devices.test.ts': 22,
  'form/e2e/screens.e2e.test.ts': 21,
  'server/hub/geolocation/api.test.ts': 21,
  'server/hub/matter/api.test.ts': 20,
  'server/hub/notifications/cloud-push.test.ts': 20,
  'client/call-timeouts.test.ts': 20,
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

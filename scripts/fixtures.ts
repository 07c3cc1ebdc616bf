/**
 * npm run fixtures: the runtime dependencies of the third-party apps the tests run (server/hub/apps/testing/real-apps),
 * installed from the npm registry into node_modules/.cache/real-apps once per package-lock, so that the tests copy
 * them instead of installing them. CI runs it after npm ci; a test that finds one missing installs it itself.
 */
import { readdirSync } from 'node:fs';
import { hasDependencies, installedDependencies, REAL_APPS } from '../server/hub/apps/testing/build-app.js';

for (const id of readdirSync(REAL_APPS, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)) {
  if (hasDependencies(id)) console.log(`${id}: ${installedDependencies(id)}`);
}

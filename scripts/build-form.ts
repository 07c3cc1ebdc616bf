/**
 * npm run build:form: the support form's Vite build into form/dist, skipped when the build is newer than every
 * file it is made from, so that a second `npm start` does not spend seconds rebuilding the same form.
 * `--force` builds regardless.
 */
import path from 'node:path';
import { root } from './apis.js';
import { run } from './run.js';
import { isUpToDate } from './up-to-date.js';

/**
 * What the form is built from: what Vite reads of the form's folder (its sources, page, public files and config, and
 * what that config imports), the code the sources may import, and the installed packages. Not the form's end-to-end
 * tests or its docs: editing those does not change the build.
 */
export const formSources = ['form/src', 'form/index.html', 'form/public', 'form/vite.config.ts', 'scripts/precompress.ts', 'client', 'generated', 'package-lock.json'];

/** The build is current when it exists and is newer than every source. */
export function formIsCurrent(directory = root): boolean {
  const skip = (file: string) => path.basename(file) === 'node_modules';
  return isUpToDate(path.join(directory, 'form', 'dist', 'index.html'), formSources.map((source) => path.join(directory, source)), skip);
}

/** Builds the form unless it is current (or `force`); resolves with vite's exit code, 0 when skipped. */
export async function buildFormIfChanged(force = false): Promise<number> {
  if (!force && formIsCurrent()) {
    console.log('Support form build skipped: form/dist is newer than its sources (npm run build:form -- --force rebuilds it).');
    return 0;
  }
  return run('vite', ['build', '--config', 'form/vite.config.ts']);
}

// Without top-level await: Jest, which compiles to CommonJS, loads this file too.
if (import.meta.url === `file://${process.argv[1]}`) void buildFormIfChanged(process.argv.includes('--force')).then((code) => (process.exitCode = code));

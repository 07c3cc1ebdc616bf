/**
 * npm run build:form: the support form's Vite build into form/dist, skipped when the build is newer than every
 * file it is made from, so that a second `npm start` does not spend seconds rebuilding the same form.
 * `--force` builds regardless.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { root } from './apis.js';
import { run } from './run.js';

/** What the form is built from: its own folder (less its build), the code it may import, and the installed packages. */
export const formSources = ['form', 'client', 'generated', 'package-lock.json'];

/** The newest modification time (ms) of the files at these paths, folders walked; 0 when none exists. */
export function newestMtime(paths: readonly string[], skip: (file: string) => boolean = () => false): number {
  let newest = 0;
  const visit = (file: string) => {
    if (skip(file) || !existsSync(file)) return;
    const stat = statSync(file);
    if (stat.isDirectory()) for (const entry of readdirSync(file)) visit(path.join(file, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const file of paths) visit(file);
  return newest;
}

/** The build is current when it exists and is newer than every source. */
export function formIsCurrent(directory = root): boolean {
  const built = path.join(directory, 'form', 'dist', 'index.html');
  if (!existsSync(built)) return false;
  const skip = (file: string) => file.startsWith(path.join(directory, 'form', 'dist')) || path.basename(file) === 'node_modules';
  return statSync(built).mtimeMs > newestMtime(formSources.map((source) => path.join(directory, source)), skip);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.argv.includes('--force') && formIsCurrent()) {
    console.log('Support form build skipped: form/dist is newer than its sources (npm run build:form -- --force rebuilds it).');
  } else {
    process.exitCode = await run('vite', ['build', '--config', 'form/vite.config.ts']);
  }
}

/**
 * npm run build:server: scripts/start.ts and everything it imports (hub, cloud account service, their packages)
 * bundled by esbuild into dist/server, which `npm start` runs with plain node. Compiling TypeScript in the hub's own
 * process (tsx) cost about 60 MB of resident memory and half a second of every start. Skipped when the bundle is
 * newer than every file it is made from; `--force` builds regardless.
 */
import { renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { root } from './apis.js';
import { isUpToDate } from './up-to-date.js';

/** What the bundle is made from: the code and contract it imports, the installed packages and the compiler settings. */
export const serverSources = ['server', 'scripts', 'generated', 'package-lock.json', 'tsconfig.json'];

export const serverDir = (directory = root) => path.join(directory, 'dist', 'server');
/** The file `npm start` runs. */
export const serverEntry = (directory = root) => path.join(serverDir(directory), 'start.js');

/**
 * Packages left to node_modules: native code (better-sqlite3, pg's optional pg-native) and socket.io, which serves
 * its browser client from files beside its own code. Files read at run time (app worker entry, catalogue) stay
 * where they are: they are found from the working folder.
 */
const external = ['better-sqlite3', 'pg-native', 'socket.io'];

/** The bundle is current when it exists and is newer than every source; tests do not go into it. */
export function serverIsCurrent(directory = root): boolean {
  const skip = (file: string) => path.basename(file) === 'node_modules' || /\.test\.tsx?$/.test(file);
  return isUpToDate(serverEntry(directory), serverSources.map((source) => path.join(directory, source)), skip);
}

/** Bundles into a fresh folder, then puts it in place, so that no chunk of an earlier build stays behind. */
export async function buildServer(): Promise<void> {
  const out = serverDir();
  const next = `${out}.${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  await build({
    entryPoints: { start: path.join(root, 'scripts', 'start.ts') },
    outdir: next,
    bundle: true,
    // The account service is imported once the hub serves: its own chunk, loaded then.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external,
    // Bundled CommonJS packages require node's own modules: an ES module has no `require` of its own.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  rmSync(out, { recursive: true, force: true });
  renameSync(next, out);
}

/** Bundles unless the bundle is current (or `force`). */
export async function buildServerIfChanged(force = false): Promise<void> {
  if (!force && serverIsCurrent()) return;
  const started = performance.now();
  await buildServer();
  console.log(`Server bundled into ${path.relative(root, serverDir())} in ${Math.round(performance.now() - started)} ms.`);
}

// Without top-level await: Jest, which compiles to CommonJS, loads this file too (scripts/child.ts).
if (import.meta.url === `file://${process.argv[1]}`) {
  // esbuild has printed what failed.
  buildServerIfChanged(process.argv.includes('--force')).catch(() => (process.exitCode = 1));
}

/**
 * npm run build:server: npm start's supervisor (scripts/start.ts) and its processes (the hub, the cloud services, the
 * form), each with everything it imports, bundled by esbuild into a file of its own in dist/server, which `npm start`
 * runs with plain node. Compiling TypeScript in the hub's own
 * process (tsx) cost about 80 MB of resident memory and half a second of every start. Skipped when the bundle is
 * newer than every file it is made from; `--force` builds regardless.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';
import { root } from './apis.js';
import { onePackageCopy } from './one-package-copy.js';
import { isUpToDate } from './up-to-date.js';

/** What the bundle is made from: the code and contract it imports, the installed packages (and their patches) and the compiler settings. */
export const serverSources = ['server', 'scripts', 'generated', 'package-lock.json', 'patches', 'tsconfig.json'];

/** The file `npm start` runs. */
export const serverEntry = (directory = root) => path.join(directory, 'dist', 'server', 'start.js');

/** The supervisor and the processes it starts (beside it, by name): one bundle each, with only what that one runs. */
const entries = ['start', 'start-hub', 'start-demo-cloud', 'start-form'];

/**
 * Packages left to node_modules: native code (better-sqlite3, pg's optional pg-native, @node-rs/argon2's and
 * @resvg/resvg-js's platform binaries), socket.io, which serves its browser client from files beside its own code, and
 * homey-lib, which reads its schemas, capabilities and icons from its own folder. Files read at run time (app worker
 * entry, catalogue) stay where they are: they are found from the working folder.
 */
const external = ['better-sqlite3', 'pg-native', '@node-rs/argon2', '@resvg/resvg-js', 'socket.io', 'homey-lib'];

/**
 * The bundle is current when the supervisor's file is newer than every source (tests do not go into it) and each
 * process's file is there (written before it, by the same build).
 */
export function serverIsCurrent(directory = root): boolean {
  const skip = (file: string) => path.basename(file) === 'node_modules' || /\.test\.tsx?$/.test(file);
  return (
    isUpToDate(serverEntry(directory), serverSources.map((source) => path.join(directory, source)), skip) &&
    entries.every((name) => existsSync(path.join(path.dirname(serverEntry(directory)), `${name}.js`)))
  );
}

/**
 * V8 keeps a script's source in memory, and at two bytes a character when one of them is outside Latin-1: a single
 * dash (`—`) in a comment doubles the bundle's 7.5 MB. esbuild escapes strings and regular expressions, not comments, so
 * what is left outside ASCII (only comments) is escaped here.
 */
const oneByte = (code: string) => code.replace(/[^\x00-\x7f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** How each process's bundle is made (also checked by build-server.test.ts for what a start loads). */
export const bundleOptions = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  // Without its whitespace the bundle is about 40 % smaller: V8 keeps the source of a script in memory (for functions
  // compiled on first call) and parses it at every start. Names stay, so stack traces read as before.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  plugins: [onePackageCopy(root)],
  // Bundled CommonJS packages require node's own modules: an ES module has no `require` of its own.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
} satisfies BuildOptions;

/**
 * Bundles each entry into one file, written beside the last and then renamed over it, so that a hub running the last
 * one keeps running (a bundle split into chunks would lose the chunks it loads later, such as the mailer's). The
 * supervisor's own file is renamed last: the bundle is current only once every process's is.
 */
export async function buildServer(): Promise<void> {
  const outdir = path.dirname(serverEntry());
  const result = await build({ ...bundleOptions, entryPoints: entries.map((name) => path.join(root, 'scripts', `${name}.ts`)), outdir, write: false });
  mkdirSync(outdir, { recursive: true });
  const last = (file: { path: string }) => Number(file.path === serverEntry());
  for (const file of [...result.outputFiles].sort((a, b) => last(a) - last(b))) {
    const next = `${file.path}.${process.pid}`;
    writeFileSync(next, oneByte(file.text));
    renameSync(next, file.path);
  }
}

/** Bundles unless the bundle is current (or `force`). */
export async function buildServerIfChanged(force = false): Promise<void> {
  if (!force && serverIsCurrent()) return;
  const started = performance.now();
  await buildServer();
  console.log(`Server bundled into ${path.relative(root, serverEntry())} in ${Math.round(performance.now() - started)} ms.`);
}

// Without top-level await: Jest, which compiles to CommonJS, loads this file too (scripts/child.ts).
if (import.meta.url === `file://${process.argv[1]}`) {
  // esbuild has printed what failed.
  buildServerIfChanged(process.argv.includes('--force')).catch(() => (process.exitCode = 1));
}

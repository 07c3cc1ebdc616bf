import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { c as createTar } from 'tar';

/** The third-party SDK v3 apps kept whole as fixtures (see real-apps/README.md for their sources and licences). */
export const REAL_APPS = resolve('server/hub/apps/testing/real-apps');

/** Where the fixtures' installed dependencies are kept between runs (npm run fixtures fills it after npm ci). */
export const FIXTURE_CACHE = resolve('node_modules/.cache/real-apps');

/** Every file under `dir` (relative paths), but for the folders a build leaves out. */
function filesUnder(dir: string, skip: Set<string>): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((file) => !skip.has(file.split('/')[0]!));
}

/** Whether the fixture has runtime dependencies (which its package-lock must pin). */
export function hasDependencies(id: string): boolean {
  const manifest = JSON.parse(readFileSync(join(REAL_APPS, id, 'package.json'), 'utf-8')) as { dependencies?: Record<string, string> };
  return Object.keys(manifest.dependencies ?? {}).length > 0;
}

/**
 * The fixture's runtime dependencies installed from the npm registry exactly as its package-lock pins them (`npm ci
 * --omit=dev`), once per lockfile: a folder (with `node_modules`) under FIXTURE_CACHE named by the lockfile's hash,
 * installed when missing. Installed beside it and renamed into place, so a folder there is complete, and two
 * processes installing at once both end with one.
 */
export function installedDependencies(id: string): string {
  const lockfile = join(REAL_APPS, id, 'package-lock.json');
  if (!existsSync(lockfile)) throw new Error(`${id} has dependencies but no package-lock.json to pin them`);
  const hash = createHash('sha256').update(readFileSync(lockfile)).digest('hex').slice(0, 16);
  const cached = join(FIXTURE_CACHE, `${id}-${hash}`);
  if (existsSync(cached)) return cached;
  mkdirSync(FIXTURE_CACHE, { recursive: true });
  const installing = mkdtempSync(join(FIXTURE_CACHE, `.${id}-`));
  try {
    for (const file of ['package.json', 'package-lock.json']) cpSync(join(REAL_APPS, id, file), join(installing, file));
    execFileSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: installing, stdio: 'pipe' });
    try {
      renameSync(installing, cached);
    } catch (error) {
      // Another process renamed its install there first: that one is used.
      if (!existsSync(cached)) throw error;
    }
  } finally {
    rmSync(installing, { recursive: true, force: true });
  }
  return cached;
}

/**
 * Builds a fixture app as `homey app build` does before `homey app run` uploads it: its TypeScript compiled to
 * CommonJS next to its sources (tests left out), its runtime dependencies as its package-lock pins them (from
 * installedDependencies, linked as its node_modules), nothing of the fixture itself changed. Returns the folder.
 */
export async function buildApp(id: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), `hub-real-app-${id}-`));
  cpSync(join(REAL_APPS, id), dir, { recursive: true });
  const sources = filesUnder(dir, new Set(['node_modules'])).filter((file) => file.endsWith('.ts') && !/\.(test|d)\.ts$/.test(file) && !file.endsWith('.config.ts'));
  // The compiler is large: loaded only for an app written in TypeScript.
  const ts = sources.length ? (await import('typescript')).default : undefined;
  for (const file of sources) {
    const { outputText } = ts!.transpileModule(readFileSync(join(dir, file), 'utf-8'), {
      fileName: file,
      compilerOptions: { module: ts!.ModuleKind.CommonJS, target: ts!.ScriptTarget.ES2019, esModuleInterop: true },
    });
    writeFileSync(join(dir, file.replace(/\.ts$/, '.js')), outputText);
  }
  // Linked, not copied: hundreds of files that packApp reads through the link and removeBuild need not delete.
  if (hasDependencies(id)) symlinkSync(join(installedDependencies(id), 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** A built app as the .tar.gz package the devkit and the app store take. */
export async function packApp(dir: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const linked = join(dir, 'node_modules');
  const dependencies = existsSync(linked) ? filesUnder(realpathSync(linked), new Set()).map((file) => join('node_modules', file)) : [];
  const files = [...filesUnder(dir, new Set(['.git', 'node_modules'])), ...dependencies];
  for await (const chunk of createTar({ gzip: true, cwd: dir, portable: true }, files)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const removeBuild = (dir: string): void => rmSync(dir, { recursive: true, force: true });

import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { c as createTar } from 'tar';

/** The third-party SDK v3 apps kept whole as fixtures (see real-apps/README.md for their sources and licences). */
export const REAL_APPS = resolve('server/hub/apps/testing/real-apps');

/** Every file under `dir` (relative paths), but for the folders a build leaves out. */
function filesUnder(dir: string, skip: Set<string>): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((file) => !skip.has(file.split('/')[0]!));
}

/**
 * Builds a fixture app as `homey app build` does before `homey app run` uploads it: its TypeScript compiled to
 * CommonJS next to its sources (tests left out), its runtime dependencies installed from the npm registry exactly
 * as its package-lock pins them (`npm ci --omit=dev`), nothing of the fixture itself changed. Returns the folder.
 */
export function buildApp(id: string): string {
  const dir = mkdtempSync(join(tmpdir(), `hub-real-app-${id}-`));
  cpSync(join(REAL_APPS, id), dir, { recursive: true });
  const sources = filesUnder(dir, new Set(['node_modules'])).filter((file) => file.endsWith('.ts') && !/\.(test|d)\.ts$/.test(file) && !file.endsWith('.config.ts'));
  for (const file of sources) {
    const { outputText } = ts.transpileModule(readFileSync(join(dir, file), 'utf-8'), {
      fileName: file,
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2019, esModuleInterop: true },
    });
    writeFileSync(join(dir, file.replace(/\.ts$/, '.js')), outputText);
  }
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf-8')) as { dependencies?: Record<string, string> };
  if (Object.keys(manifest.dependencies ?? {}).length > 0) {
    if (!existsSync(join(dir, 'package-lock.json'))) throw new Error(`${id} has dependencies but no package-lock.json to pin them`);
    execFileSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, stdio: 'pipe' });
  }
  return dir;
}

/** A built app as the .tar.gz package the devkit and the app store take. */
export async function packApp(dir: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of createTar({ gzip: true, cwd: dir, portable: true }, filesUnder(dir, new Set(['.git'])))) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const removeBuild = (dir: string): void => rmSync(dir, { recursive: true, force: true });

/**
 * An esbuild plugin for the server bundles: a package at one version is bundled once, however many folders npm
 * installed it in. npm nests a package under each package that needs it when the root folder holds another version
 * (mime-types 3.0.2 with its mime-db under express, send, body-parser and express-static-gzip, beside the root's
 * 2.1.35 for autocannon); bundled as they are, each copy is a module of its own, whose source and tables a process
 * keeps once per copy (mime-db: 150 KB of source and a table of 2,500 types, four times over).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';

/** The folder (relative to the project) of the package a file is in, and the package's name: the last `node_modules/<name>` of its path. */
function packageOf(relativeFile: string): { folder: string; name: string } | undefined {
  const match = /^((?:.*\/)?node_modules\/((?:@[^/]+\/)?[^/]+))\//.exec(relativeFile);
  return match ? { folder: match[1]!, name: match[2]! } : undefined;
}

/**
 * For each package folder of the lockfile, the folder its copies are bundled from: the first (in sorted order) of the
 * folders holding the same name at the same version, so that every build picks the same one.
 */
function firstCopies(root: string): Map<string, string> {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
  const folders = new Map<string, string[]>();
  for (const [folder, { version }] of Object.entries(lock.packages)) {
    const name = packageOf(`${folder}/`)?.name;
    if (!name || !version) continue;
    const key = `${name}@${version}`;
    folders.set(key, [...(folders.get(key) ?? []), folder]);
  }
  const first = new Map<string, string>();
  for (const copies of folders.values()) for (const folder of copies) first.set(folder, copies.sort()[0]!);
  return first;
}

/** Resolves an import of a package as esbuild would, then to the same file of that package's first copy. */
export function onePackageCopy(root: string): Plugin {
  return {
    name: 'one-package-copy',
    setup(build) {
      const first = firstCopies(root);
      const resolving = Symbol('resolving');
      build.onResolve({ filter: /^[^./]/ }, async ({ path: request, importer, resolveDir, kind, pluginData }) => {
        if (pluginData === resolving) return undefined;
        const resolved = await build.resolve(request, { importer, resolveDir, kind, pluginData: resolving });
        if (resolved.errors.length > 0 || resolved.external) return undefined;
        const relative = path.relative(root, resolved.path);
        const copy = packageOf(relative);
        const target = copy && first.get(copy.folder);
        if (!target || target === copy.folder) return { path: resolved.path, sideEffects: resolved.sideEffects };
        return { path: path.join(root, target, relative.slice(copy.folder.length)), sideEffects: resolved.sideEffects };
      });
    },
  };
}

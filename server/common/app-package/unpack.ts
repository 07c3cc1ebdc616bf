import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { readAppPackage } from './read.js';

/**
 * Unpacks a .tar.gz app package into `dir` with the one package reader (read.ts): its files and folders only, each
 * inside `dir`, within APP_PACKAGE_LIMITS; 400 or 413 naming what is refused. Answers the names of its files.
 */
export async function unpackArchive(archive: Readable | Uint8Array, dir: string, packedBytes = (archive as Uint8Array).length): Promise<ReadonlySet<string>> {
  mkdirSync(dir, { recursive: true });
  return readAppPackage(archive, packedBytes, {
    wants: () => true,
    file(path, content) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    },
    folder: (path) => mkdirSync(join(dir, path), { recursive: true }),
  });
}

import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { readAppPackage } from './read.js';

/**
 * Unpacks a .tar.gz app package into `dir` with the one package reader (read.ts): its files and folders only, each
 * inside `dir`, within APP_PACKAGE_LIMITS; 400 or 413 naming what is refused. Answers the names of its files.
 * Written asynchronously, as a package may be thousands of files and the hub and the store keep answering meanwhile.
 */
export async function unpackArchive(archive: Readable | Uint8Array, dir: string, packedBytes = (archive as Uint8Array).length): Promise<ReadonlySet<string>> {
  await mkdir(dir, { recursive: true });
  return readAppPackage(archive, packedBytes, {
    wants: () => true,
    async file(path, content) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), content);
    },
    folder: async (path) => void (await mkdir(join(dir, path), { recursive: true })),
  });
}

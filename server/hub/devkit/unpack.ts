import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readAppPackage } from '../../common/app-package/read.js';

/**
 * Unpacks a .tar.gz app package into `dir` with the one package reader (server/common/app-package): its files and
 * folders only, each inside `dir`, within APP_PACKAGE_LIMITS; 400 or 413 naming what is refused.
 */
export async function unpackArchive(archive: Uint8Array, dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await readAppPackage(archive, archive.length, {
    wants: () => true,
    file(path, content) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    },
    folder: (path) => mkdirSync(join(dir, path), { recursive: true }),
  });
}

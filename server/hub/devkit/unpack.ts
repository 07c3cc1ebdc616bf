import { mkdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { badRequest } from '../../http/errors.js';

/** What an app package may unpack to at most. */
export const UNPACKED_LIMIT_BYTES = 32 * 1024 * 1024;

/**
 * Unpacks a .tar.gz app package into `dir`: files and folders only (no links, devices), nothing outside `dir`
 * (tar refuses absolute paths and `..`), at most UNPACKED_LIMIT_BYTES in all. A broken archive is a 400.
 */
export async function unpackArchive(archive: Uint8Array, dir: string): Promise<void> {
  // Loaded when a package arrives: a hub that is never sent one need not hold tar in memory.
  const { x: extract } = await import('tar');
  mkdirSync(dir, { recursive: true });
  let total = 0;
  let skipped: string | undefined;
  try {
    await pipeline(
      Readable.from([Buffer.from(archive)]),
      extract({
        cwd: dir,
        strict: true,
        gzip: true,
        filter: (path, entry) => {
          const type = 'type' in entry ? entry.type : undefined;
          if (type !== 'File' && type !== 'Directory') {
            skipped ??= `${path} is not a file or folder`;
            return false;
          }
          total += entry.size ?? 0;
          return total <= UNPACKED_LIMIT_BYTES;
        },
      }),
    );
  } catch (error) {
    throw badRequest(`The app package is not a valid .tar.gz archive: ${(error as Error).message}`);
  }
  if (total > UNPACKED_LIMIT_BYTES) throw badRequest(`The app package unpacks to more than ${UNPACKED_LIMIT_BYTES / 1024 / 1024} MB`);
  if (skipped) throw badRequest(`The app package may hold files and folders only: ${skipped}`);
}

import { mkdirSync } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { ApiError, badRequest } from '../../http/errors.js';

/** What an app package may unpack to at most: its tar stream, files and headers together. */
export const UNPACKED_LIMIT_BYTES = 32 * 1024 * 1024;

const tooLarge = () => new ApiError(413, 'payload_too_large', `The app package unpacks to more than ${UNPACKED_LIMIT_BYTES / 1024 / 1024} MB`);

/**
 * Passes the inflated stream on while counting it, and fails it the moment it passes the limit: a small archive
 * that inflates to gigabytes (a gzip bomb) is refused after inflating the limit, not the whole of it. What follows
 * the archive's end is only counted: tar would keep it, copying it again with every chunk.
 */
function inflatedAtMost(limit: number, archiveEnded: () => boolean): Transform {
  let inflated = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      inflated += chunk.length;
      if (inflated > limit) return done(tooLarge());
      done(null, archiveEnded() ? undefined : chunk);
    },
  });
}

/**
 * Unpacks a .tar.gz app package into `dir`: files and folders only (no links, devices), nothing outside `dir`
 * (tar refuses absolute paths and `..`), at most UNPACKED_LIMIT_BYTES inflated (413, refused at the first header
 * that declares more, or else once that much is inflated). A broken archive is a 400.
 */
export async function unpackArchive(archive: Uint8Array, dir: string): Promise<void> {
  // Loaded when a package arrives: a hub that is never sent one need not hold tar in memory.
  const { x: extract } = await import('tar');
  mkdirSync(dir, { recursive: true });
  let skipped: string | undefined;
  let declared = 0;
  let ended = false;
  const refusal = new AbortController();
  const unpack = extract({
    cwd: dir,
    strict: true,
    filter: (path, entry) => {
      const type = 'type' in entry ? entry.type : undefined;
      if (type !== 'File' && type !== 'Directory') {
        skipped ??= `${path} is not a file or folder`;
        return false;
      }
      declared += entry.size ?? 0;
      if (declared > UNPACKED_LIMIT_BYTES) refusal.abort(tooLarge());
      return declared <= UNPACKED_LIMIT_BYTES;
    },
  }).on('eof', () => (ended = true));
  try {
    await pipeline(Readable.from([archive]), createGunzip(), inflatedAtMost(UNPACKED_LIMIT_BYTES, () => ended), unpack, { signal: refusal.signal });
  } catch (error) {
    if (refusal.signal.aborted) throw refusal.signal.reason;
    if (error instanceof ApiError) throw error;
    throw badRequest(`The app package is not a valid .tar.gz archive: ${(error as Error).message}`);
  }
  if (skipped) throw badRequest(`The app package may hold files and folders only: ${skipped}`);
}

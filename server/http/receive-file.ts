import { createHash } from 'node:crypto';
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiError, badRequest } from './errors.js';

/**
 * Streams a request's body into `file`, counted and hashed (SHA-256) as it comes: written beside it and renamed over
 * it once whole, so that a broken upload never leaves half a file where a whole one is expected. Past `limit` bytes
 * the stream is cut at once with `tooLarge()`; a body that breaks off or is empty is a 400 naming `what` was expected.
 */
export async function receiveFile(body: Readable, file: string, limit: number, tooLarge: () => ApiError, what: string): Promise<{ size: number; sha256: string }> {
  const partial = `${file}.${process.pid}.part`;
  const hash = createHash('sha256');
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limit) return done(tooLarge());
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(body, count, createWriteStream(partial));
  } catch (error) {
    rmSync(partial, { force: true });
    // Past the limit the stream is cut: whichever stage reports first, the cause is the size.
    throw size > limit ? tooLarge() : error instanceof ApiError ? error : badRequest(`The upload broke off: send ${what} again`);
  }
  if (size === 0) {
    rmSync(partial, { force: true });
    throw badRequest(`The upload is empty: send ${what} as the body`);
  }
  renameSync(partial, file);
  return { size, sha256: hash.digest('hex') };
}

/**
 * The support form's build writes each text file beside itself gzipped (`.gz`) and brotli-compressed (`.br`), at
 * the strongest settings once at build time, so that the server sends them without compressing per request.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Files that compress: text, not images or fonts that are compressed already. */
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|map|webmanifest)$/;
/** Below this, compression saves less than the response headers it adds. */
export const MIN_COMPRESS_BYTES = 1024;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else yield file;
  }
}

/** Writes `<file>.gz` and `<file>.br` for every compressible file under `dir` where each is smaller; returns the files compressed. */
export async function precompress(dir: string): Promise<string[]> {
  const done: string[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_COMPRESS_BYTES) continue;
    const bytes = await readFile(file);
    const [gzipped, brotli] = await Promise.all([
      gzipAsync(bytes, { level: 9 }),
      brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    ]);
    if (gzipped.length < bytes.length) await writeFile(`${file}.gz`, gzipped);
    if (brotli.length < bytes.length) await writeFile(`${file}.br`, brotli);
    done.push(path.relative(dir, file));
  }
  return done;
}

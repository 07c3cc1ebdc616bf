/**
 * The support form's build and the docs' (scripts/docs.ts) write each text file beside itself gzipped (`.gz`) and
 * brotli-compressed (`.br`), at the strongest settings once at build time, so that the server sends them without
 * compressing per request. A file whose compressed copies are newer than it is left as it is.
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

/** Modification time in ms; 0 when the file is missing. */
const mtimeOf = (file: string) => stat(file).then((stats) => stats.mtimeMs, () => 0);

/** Whether both compressed copies are newer than the file (made from it at a build after its last change). */
async function compressedIsCurrent(file: string, mtime: number): Promise<boolean> {
  return (await mtimeOf(`${file}.gz`)) >= mtime && (await mtimeOf(`${file}.br`)) >= mtime;
}

/**
 * Writes `<file>.gz` and `<file>.br` for every compressible file under `dir` where each is smaller, unless both are
 * newer than the file already; returns the files compressed.
 */
export async function precompress(dir: string): Promise<string[]> {
  const files: string[] = [];
  for await (const file of filesUnder(dir)) if (COMPRESSIBLE.test(file)) files.push(file);
  // All at once: zlib compresses on libuv's thread pool, so the files share the machine's cores.
  const done = await Promise.all(files.map((file) => compress(file)));
  return files.filter((_, index) => done[index]).map((file) => path.relative(dir, file));
}

/** Compresses one file unless it is too small or its copies are current; whether it did. */
async function compress(file: string): Promise<boolean> {
  const { size, mtimeMs } = await stat(file);
  if (size < MIN_COMPRESS_BYTES || (await compressedIsCurrent(file, mtimeMs))) return false;
  const bytes = await readFile(file);
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(bytes, { level: 9 }),
    brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  ]);
  if (gzipped.length < bytes.length) await writeFile(`${file}.gz`, gzipped);
  if (brotli.length < bytes.length) await writeFile(`${file}.br`, brotli);
  return true;
}

import { createReadStream } from 'node:fs';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { badRequest } from '../../http/errors.js';
import { UNPACKED_LIMIT_BYTES } from '../../hub/devkit/unpack.js';

/** What the store reads of a package: its app.json, its icon and whether it has code. */
export interface PackageFiles {
  /** The text of app.json, or null when the package has none. */
  appJson: string | null;
  /** The file that app.json names as icon (default /assets/icon.svg), when small enough. */
  files: ReadonlyMap<string, Buffer>;
  names: ReadonlySet<string>;
}

const KEPT_BYTES = 1024 * 1024;
const MAX_ENTRIES = 10_000;

/** `./assets/icon.svg` and `assets/icon.svg` are one file. */
const normal = (name: string) => name.replace(/^(\.\/)+/, '').replace(/^\/+/, '');

/**
 * Reads a .tar.gz package without unpacking it to disk: the names of its files and the contents of the small
 * ones the store needs (`keep`). A broken archive, links or devices, more than MAX_ENTRIES files or more than
 * the hub's unpacked limit (the hub would refuse to install it) are a 400 naming what is wrong.
 */
export async function readPackage(file: string, keep: (name: string) => boolean): Promise<PackageFiles> {
  const { Parser } = await import('tar');
  const names = new Set<string>();
  const files = new Map<string, Buffer>();
  let declared = 0;
  let problem: string | undefined;
  const parser = new Parser({
    strict: true,
    onReadEntry(entry) {
      const name = normal(entry.path);
      if (entry.type !== 'File' && entry.type !== 'Directory' && entry.type !== 'OldFile') problem ??= `${name} is not a file or folder`;
      declared += entry.size ?? 0;
      if (declared > UNPACKED_LIMIT_BYTES) problem ??= `it unpacks to more than ${UNPACKED_LIMIT_BYTES / 1024 / 1024} MB`;
      if (names.size >= MAX_ENTRIES) problem ??= `it holds more than ${MAX_ENTRIES} files`;
      if (entry.type === 'Directory') return entry.resume();
      names.add(name);
      if (problem || !keep(name) || (entry.size ?? 0) > KEPT_BYTES) return entry.resume();
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => files.set(name, Buffer.concat(chunks)));
    },
  });
  let inflated = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      inflated += chunk.length;
      done(inflated > UNPACKED_LIMIT_BYTES + 1024 * 1024 ? badRequest(`The package unpacks to more than ${UNPACKED_LIMIT_BYTES / 1024 / 1024} MB`) : null, chunk);
    },
  });
  try {
    // tar's parser is a Minipass stream, not typed as node's Writable, which it serves as here.
    await pipeline(createReadStream(file), createGunzip(), limit, parser as unknown as Writable);
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error) throw error;
    throw badRequest(`The package is not a valid .tar.gz archive: ${(error as Error).message}`);
  }
  if (problem) throw badRequest(`The package is refused: ${problem}`);
  if (names.size === 0) throw badRequest('The package is not a valid .tar.gz archive: it holds no files');
  return { appJson: files.get('app.json')?.toString('utf8') ?? null, files, names };
}

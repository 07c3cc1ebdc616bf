import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { Parser as TarParser, ReadEntry } from 'tar';
import { ApiError, badRequest } from '../../http/errors.js';
import { APP_PACKAGE_LIMITS as LIMITS, inflateBudget, megabytes } from './limits.js';

/**
 * What a reader of a package does with its members, in the archive's order. `file` and `folder` may answer a
 * promise (a write to disk): each is awaited before the next member is handed over, and the reading waits for them.
 */
export interface PackageVisitor {
  /** Whether to be handed this file's bytes; the others are only named. */
  wants(path: string, size: number): boolean;
  /** A wanted file, whole. */
  file(path: string, content: Buffer): void | Promise<void>;
  folder?(path: string): void | Promise<void>;
}

const BLOCK = 512;
const ZEROS = Buffer.alloc(64 * 1024);
/** What writing a member answers when the package holds it twice over: as a file and as a folder. */
const CLASHES = new Set(['EISDIR', 'ENOTDIR', 'EEXIST']);
const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);
const LINK_NAMES = new Map([
  ['SymbolicLink', 'a symbolic link'],
  ['Link', 'a hard link'],
]);

const tooLarge = (description: string) => new ApiError(413, 'payload_too_large', description);
const refused = (description: string) => badRequest(`The app package may hold ${description}`);

/** `./assets/icon.svg` and `assets/icon.svg/` are `assets/icon.svg`; the root folder `./` is ''. */
const normal = (path: string) => path.replace(/^(\.\/)+/, '').replace(/\/+$/, '');

/** Why a member's path is refused: one that is absolute or climbs out with `..` lands outside the package. */
function pathProblem(path: string): string | undefined {
  if (/^([/\\]|[A-Za-z]:)/.test(path)) return `paths inside it only: ${path} is absolute`;
  if (path.split(/[/\\]/).includes('..')) return `paths inside it only: ${path} climbs out of it`;
  return undefined;
}

/** The members' headers, checked as they come: the first problem refuses the package. */
function checkMember(entry: ReadEntry, seen: { members: number; declared: number }): ApiError | undefined {
  const problem = pathProblem(entry.path);
  if (problem) return refused(problem);
  if (!FILE_TYPES.has(entry.type) && entry.type !== 'Directory') return refused(`files and folders only: ${entry.path} is ${LINK_NAMES.get(entry.type) ?? 'not a file or folder'}`);
  if (++seen.members > LIMITS.members) return tooLarge(`The app package holds more than ${LIMITS.members} files and folders`);
  const size = entry.size ?? 0;
  if (size > LIMITS.memberBytes) return tooLarge(`The app package's ${entry.path} is larger than ${megabytes(LIMITS.memberBytes)}`);
  seen.declared += size;
  if (seen.declared > LIMITS.unpackedBytes) return tooLarge(`The app package unpacks to more than ${megabytes(LIMITS.unpackedBytes)}`);
  return undefined;
}

/** Whether the archive's end (two zero blocks) may lie in this chunk, which starts `offset` bytes into a block. */
function mayHoldEnd(chunk: Buffer, offset: number): boolean {
  const lead = offset ? Math.min(chunk.length, BLOCK - offset) : 0;
  if (lead && chunk.subarray(0, lead).equals(ZEROS.subarray(0, lead))) return true;
  for (let at = lead; at + BLOCK <= chunk.length; at += BLOCK) if (chunk.subarray(at, at + BLOCK).equals(ZEROS.subarray(0, BLOCK))) return true;
  return false;
}

function allZero(bytes: Buffer): boolean {
  for (let at = 0; at < bytes.length; at += ZEROS.length) {
    const part = bytes.subarray(at, at + ZEROS.length);
    if (!part.equals(ZEROS.subarray(0, part.length))) return false;
  }
  return true;
}

/**
 * Reads a .tar.gz app package as it streams: the one reader of hub and app store. Each member is checked at its
 * header (paths inside the package, files and folders only, APP_PACKAGE_LIMITS) and handed to `visitor`. Inflating
 * stops at the package's inflate budget, and tar is fed nothing past the archive's end: what follows it may only
 * be zeros (padding), counted against the budget. Answers the names of the package's files; a package refused is
 * a 400 or 413 naming why.
 */
export async function readAppPackage(packed: Readable | Uint8Array, packedBytes: number, visitor: PackageVisitor): Promise<ReadonlySet<string>> {
  if (packedBytes > LIMITS.packedBytes) throw tooLarge(`The app package is larger than ${megabytes(LIMITS.packedBytes)}`);
  // Loaded when a package arrives: a hub that is never sent one need not hold tar in memory.
  const { Parser } = await import('tar');
  const budget = inflateBudget(packedBytes);
  const names = new Set<string>();
  const seen = { members: 0, declared: 0 };
  /** The first refusal (an ApiError), or a failure of the reader's own (a full disk), which stops the reading. */
  let refusal: Error | undefined;
  let ended = false;
  /** The visitor's work so far, one member after the other: what the reading waits for before taking more bytes. */
  let visited: Promise<void> = Promise.resolve();
  /** A member the visitor cannot place (a file where the package has a folder) refuses the package. */
  const visit = (path: string, take: () => void | Promise<void>) => {
    visited = visited.then(async () => {
      if (refusal) return;
      try {
        await take();
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        refusal ??= code && CLASHES.has(code) ? badRequest(`The app package cannot be unpacked: ${path} clashes with another member (${code})`) : (error as Error);
      }
    });
  };
  const parser: TarParser = new Parser({
    strict: true,
    onReadEntry(entry) {
      refusal ??= checkMember(entry, seen);
      const path = normal(entry.path);
      if (refusal || entry.type === 'Directory' || !visitor.wants(path, entry.size ?? 0)) {
        if (!refusal && entry.type === 'Directory' && path) visit(path, () => visitor.folder?.(path));
        if (!refusal && entry.type !== 'Directory') names.add(path);
        return entry.resume();
      }
      names.add(path);
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => {
        if (!refusal) visit(path, () => visitor.file(path, Buffer.concat(chunks)));
      });
    },
  });
  parser.on('eof', () => (ended = true));
  parser.on('error', (error: Error) => (refusal ??= error instanceof ApiError ? error : badRequest(`The app package is not a valid .tar.gz archive: ${error.message}`)));
  let inflated = 0;
  /** Feeds tar up to the archive's end (block by block where it may lie) and answers what follows it. */
  const feed = (chunk: Buffer): Buffer | undefined => {
    if (!mayHoldEnd(chunk, (inflated - chunk.length) % BLOCK)) return void parser.write(chunk);
    for (let at = 0; at < chunk.length && !ended && !refusal; ) {
      const next = Math.min(chunk.length, at + BLOCK - ((inflated - chunk.length + at) % BLOCK));
      parser.write(chunk.subarray(at, next));
      at = next;
      if (ended) return chunk.subarray(at);
    }
    return undefined;
  };
  const feeder = new Writable({
    write(chunk: Buffer, _encoding, done) {
      inflated += chunk.length;
      if (inflated > budget.bytes) return done(tooLarge(budget.refusal));
      const after = ended ? chunk : feed(chunk);
      if (after && !allZero(after)) refusal ??= badRequest('The app package holds data after the end of its archive');
      // Bytes wait until the members they made are placed: a slow disk slows the reading, not the memory.
      void visited.then(() => done(refusal));
    },
    final(done) {
      if (ended) return void visited.then(() => done(refusal));
      parser.on('end', () => void visited.then(() => done(refusal)));
      parser.end();
    },
  });
  try {
    await pipeline(packed instanceof Uint8Array ? Readable.from([packed]) : packed, createGunzip(), feeder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code?.startsWith('Z_')) throw badRequest(`The app package is not a valid .tar.gz archive: ${(error as Error).message}`);
    throw error;
  }
  // A member whose end tar announced only as the stream closed is placed before the answer.
  await visited;
  if (refusal) throw refusal;
  if (names.size === 0) throw badRequest('The app package is not a valid .tar.gz archive: it holds no files');
  return names;
}

import { promisify } from 'node:util';
import { gunzip, gunzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { MAX_TUNNEL_BODY } from '../../common/tunnel-protocol.js';

const unzip = promisify(gunzip);

/** Answers that unzip to at most this are unzipped at once: for them a turn of the thread pool costs more than the inflate. */
const UNZIP_AT_ONCE = 1024 * 1024;

/** The unzipped bytes UnzippedAnswers keeps, at most (the demo home's device list is 104 KB). */
const KEPT_BYTES = 8 * 1024 * 1024;

/**
 * A gzip's bytes unzipped, in one piece when the gzip tells its size: its last 4 bytes are the size of its (last)
 * member (RFC 1952 §2.3.1), a hint for zlib's output chunk (its default, 16 KB, took a 104 KB list in seven chunks,
 * each a turn of the pool, then a copy joining them). One byte more than told: a chunk the output fills exactly
 * makes zlib allocate another, empty one (twice the memory, which is what starts the collector here). Up to
 * UNZIP_AT_ONCE on this thread, more off it.
 */
async function gunzipped(body: Buffer): Promise<Buffer> {
  const told = body.length >= 18 ? body.readUInt32LE(body.length - 4) : 0;
  const chunkSize = Math.min(Math.max(told + 1, 16 * 1024), UNZIP_AT_ONCE);
  try {
    return gunzipSync(body, { chunkSize, maxOutputLength: UNZIP_AT_ONCE });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_BUFFER_TOO_LARGE') throw error;
  }
  return unzip(body, { chunkSize: UNZIP_AT_ONCE, maxOutputLength: MAX_TUNNEL_BODY });
}

/**
 * Gzipped answers unzipped, the last ones (up to KEPT_BYTES unzipped) kept by their gzip's bytes: a client that reads
 * the same list again gets the same gzip from the hub (which keeps its lists' gzip), and unzipping it again allocated
 * the whole answer and zlib's 39 KB of state outside the JavaScript heap each time, which is what started most of the
 * service's garbage collections (a mark-compact every 150 calls of the 104 KB list). A gzip is found by its length
 * and trailer (the CRC-32 and size of what it unzips to) and taken only when all its bytes are the same: what a
 * client gets is always what the hub's own bytes unzip to.
 */
export class UnzippedAnswers {
  private readonly kept: LRUCache<string, { gzip: Buffer; plain: Buffer }>;

  constructor(budget = KEPT_BYTES) {
    this.kept = new LRUCache({ maxSize: budget, sizeCalculation: ({ plain }) => Math.max(plain.length, 1) });
  }

  async unzip(gzip: Buffer): Promise<Buffer> {
    const key = gzip.length >= 18 ? `${gzip.length}:${gzip.readUInt32LE(gzip.length - 8)}:${gzip.readUInt32LE(gzip.length - 4)}` : undefined;
    const hit = key === undefined ? undefined : this.kept.get(key);
    if (hit?.gzip.equals(gzip)) return hit.plain;
    const plain = await gunzipped(gzip);
    // A copy: the gzip is a view of the tunnel's frame, which it would keep whole.
    if (key !== undefined && plain.length <= UNZIP_AT_ONCE) this.kept.set(key, { gzip: Buffer.from(gzip), plain });
    return plain;
  }
}

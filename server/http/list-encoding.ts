import { createHash } from 'node:crypto';
import { constants, crc32, deflateRawSync, gzipSync, type ZlibOptions } from 'node:zlib';
import { cachedPiece, memberJson } from './item-store.js';

/** How many items a piece of an encoded list holds: a change re-encodes and recompresses one piece. */
export const ITEMS_PER_PIECE = 32;

/** A run of items of a list answer: its JSON (with the `{` or `,` before it), digest and raw deflate, made once. */
interface Piece {
  items: unknown[];
  keys: string[];
  /** Each object item's JSON when the piece was made: an item saved again as the same object has another. */
  json: Array<string | undefined>;
  text: Buffer;
  digest: Buffer;
  deflated?: Buffer;
}

/** A list answer as sent: its ETag and length at once, its bytes and gzip when asked for. */
export interface ListEncoding {
  etag: string;
  length: number;
  body(): Buffer;
  /** The gzip of the body, or null when it is not smaller. */
  gzip(): Buffer | null;
}

/** Each lineage's pieces of its last answer encoded. */
const piecesOf = new WeakMap<object, Piece[]>();

const CLOSE = Buffer.from('}');

/**
 * How a shared list answer up to WHOLE_GZIP_BYTES is gzipped: once per answer, whole, at the best level, on its first
 * gzip read, then sent to every gzip read until the next change: what any server gzipping these bytes once sends
 * (compressed in pieces it is a fifth larger, each piece without the others' matches).
 */
export const LIST_GZIP: ZlibOptions = { level: constants.Z_BEST_COMPRESSION };
/**
 * Above this, a list is gzipped in pieces: at a power user's scale (several MB) one whole gzip after each change held
 * the event loop for tens of ms (pings waited 105 ms, reads beside a writer fell from 0.91 to 0.42 of read-only).
 */
export const WHOLE_GZIP_BYTES = 256 * 1024;
/** gzip's header (RFC 1952): deflate, no name, no time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The deflate of the closing `}`, ending the stream (its last block). */
const DEFLATED_CLOSE = deflateRawSync(CLOSE);

/**
 * One gzip member whose deflate stream is the pieces' raw deflates, each flushed to a byte boundary (Z_SYNC_FLUSH) so
 * that they join, then the closing `}` as the last block; its CRC-32 runs over the body. A change costs one piece's
 * deflate.
 */
function gzipInPieces(pieces: Piece[], length: number): Buffer {
  let crc = 0;
  for (const piece of pieces) crc = crc32(piece.text, crc);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(CLOSE, crc), 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  const deflated = pieces.map((piece) => (piece.deflated ??= deflateRawSync(piece.text, { finishFlush: constants.Z_SYNC_FLUSH })));
  return Buffer.concat([GZIP_HEADER, ...deflated, DEFLATED_CLOSE, trailer]);
}

const jsonOf = (item: unknown) => (typeof item === 'object' && item !== null ? cachedPiece(item) : undefined);

const sameRun = (piece: Piece | undefined, keys: string[], items: unknown[]) =>
  piece !== undefined &&
  piece.keys.length === keys.length &&
  piece.keys.every((key, n) => key === keys[n]) &&
  piece.items.every((item, n) => item === items[n] && jsonOf(item) === piece.json[n]);

/**
 * A shared list answer (an object keyed by id) encoded in pieces of ITEMS_PER_PIECE items, each reused from the
 * lineage's previous answer while it holds the same items: a change of one item costs one piece's JSON and
 * digest, not the whole list's. The body is the pieces' bytes one after the other (exactly JSON.stringify's), gzipped
 * on the first gzip read: whole (LIST_GZIP) up to WHOLE_GZIP_BYTES, in pieces above. The ETag is a digest of the
 * pieces' digests: it changes exactly when a byte does.
 */
export function encodeList(snapshot: object, lineage: object): ListEncoding {
  const entries = Object.entries(snapshot);
  const previous = piecesOf.get(lineage) ?? [];
  const pieces: Piece[] = [];
  for (let start = 0; start < entries.length; start += ITEMS_PER_PIECE) {
    const run = entries.slice(start, start + ITEMS_PER_PIECE);
    const [keys, items] = [run.map(([key]) => key), run.map(([, item]) => item)];
    const kept = previous[pieces.length];
    if (sameRun(kept, keys, items)) {
      pieces.push(kept!);
      continue;
    }
    const members = run.flatMap(([key, item]) => memberJson(key, item) ?? []).join(',');
    // The first piece opens the object; the others follow a piece that may end without a member (all undefined).
    const text = Buffer.from(start === 0 ? `{${members}` : members && `,${members}`);
    pieces.push({ keys, items, json: items.map(jsonOf), text, digest: createHash('sha1').update(text).digest() });
  }
  if (!pieces.length) pieces.push({ keys: [], items: [], json: [], text: Buffer.from('{'), digest: createHash('sha1').update('{').digest() });
  piecesOf.set(lineage, pieces);
  const length = pieces.reduce((sum, piece) => sum + piece.text.length, 0) + CLOSE.length;
  const digest = pieces.reduce((hash, piece) => hash.update(piece.digest), createHash('sha1')).digest('base64').slice(0, 27);
  let body: Buffer | undefined;
  let gzip: Buffer | null | undefined;
  const bytes = () => (body ??= Buffer.concat([...pieces.map((piece) => piece.text), CLOSE], length));
  return {
    etag: `W/"${length.toString(16)}-${digest}"`,
    length,
    body: bytes,
    gzip: () => {
      if (gzip === undefined) {
        const zipped = length <= WHOLE_GZIP_BYTES ? gzipSync(bytes(), LIST_GZIP) : gzipInPieces(pieces, length);
        gzip = zipped.length < length ? zipped : null;
      }
      return gzip;
    },
  };
}

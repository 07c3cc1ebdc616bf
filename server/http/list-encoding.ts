import { createHash } from 'node:crypto';
import { constants, crc32, deflateRawSync, gzipSync, type ZlibOptions } from 'node:zlib';
import { encodedOnce, type EncodedAnswer } from './encoded-answer.js';
import { count, metric } from './metrics.js';

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

/**
 * Shared list answers: objects keyed by id whose items are never changed in place (a write replaces an item object),
 * encoded once (encoded-answer.ts), each with its lineage, the one that made it (a store's type, a list of flow
 * views), whose next answer is mostly the same items: its encoding reuses what did not change. Generic: any answer
 * of items that are replaced, never changed, may be shared; nothing here knows who keeps the items.
 */
const lineages = new WeakMap<object, object>();

/** The lineage of a shared answer (see shareAnswer). */
export const lineageOf = (answer: object): object | undefined => lineages.get(answer);

/**
 * The JSON of each item of a list answer, by the item object: items are replaced, never changed, so a list answer
 * after a change serializes the changed items only and joins the others' pieces. An owner that saves an item object
 * again drops its piece (forgetPiece), or gives its new JSON (keepPiece).
 */
const itemJson = new WeakMap<object, string>();

/** How many items were serialized for list answers: the tests that guard the cost of a change count them. */
export const listItemsSerialized = metric('list.items-serialized');

/** The item's JSON is `json` (its owner just serialized it): its piece of the next list answer. */
export const keepPiece = (item: object, json: string): void => void itemJson.set(item, json);

/** The item object was saved again (changed in place): its piece is serialized anew. */
export const forgetPiece = (item: object): void => void itemJson.delete(item);

/** `"key":<JSON of the item>` as JSON.stringify writes a member of an object, from the item's piece; undefined for no value. */
function memberJson(key: string, item: unknown): string | undefined {
  let piece = typeof item === 'object' && item !== null ? itemJson.get(item) : undefined;
  if (piece === undefined) {
    piece = JSON.stringify(item) as string | undefined;
    count(listItemsSerialized);
    if (piece === undefined) return undefined;
    if (typeof item === 'object' && item !== null) itemJson.set(item, piece);
  }
  return `${JSON.stringify(key)}:${piece}`;
}

/**
 * Marks an answer made of items that are never changed in place (an object keyed by id, frozen here) as shared: its
 * bytes, ETag and gzip are made once, on its first send, from its items' pieces, reusing what its `lineage`'s
 * previous answer had encoded of the same items.
 */
export function shareAnswer<T extends object>(answer: T, lineage: object): Readonly<T> {
  lineages.set(answer, lineage);
  return encodedOnce(answer, () => encodeList(answer, lineage));
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

const jsonOf = (item: unknown) => (typeof item === 'object' && item !== null ? itemJson.get(item) : undefined);

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
export function encodeList(snapshot: object, lineage: object): EncodedAnswer {
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

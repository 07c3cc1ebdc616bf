import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { constants, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import type { MediaBody } from './api.js';
import { errorBody, type ApiError } from './errors.js';
import { isSnapshot, lineageOf } from './item-store.js';
import { encodeList, type ListEncoding } from './list-encoding.js';

/** A JSON answer as sent: its ETag and length, its bytes and its gzip (null when it does not pay) on demand. */
type Encoded = ListEncoding;

/** Smaller answers go out as they are (seed 001 §9: compression from 1,024 bytes). */
export const GZIP_MIN_BYTES = 1024;

/**
 * Shared list answers (the item store's snapshots, immutable until the next write) are encoded once and shared by
 * every read until then, in pieces reused across changes (list-encoding.ts): a read after a change costs what the
 * change costs, and the first gzip read one whole gzip. Other answers are serialized per request and, when large, gzipped at the fastest level.
 */
const encodedSnapshots = new WeakMap<object, Encoded>();

function encode(value: unknown): Encoded {
  const lineage = isSnapshot(value) ? lineageOf(value) : undefined;
  if (lineage) {
    let encoded = encodedSnapshots.get(value as object);
    if (!encoded) encodedSnapshots.set(value as object, (encoded = encodeList(value as object, lineage)));
    return encoded;
  }
  const body = Buffer.from(JSON.stringify(value) ?? 'null');
  let gzip: Buffer | null | undefined;
  return {
    etag: entityTag(body),
    length: body.length,
    body: () => body,
    gzip: () => {
      if (gzip === undefined) {
        const fast = gzipSync(body, { level: constants.Z_BEST_SPEED });
        gzip = fast.length < body.length ? fast : null;
      }
      return gzip;
    },
  };
}

/** A weak validator of the bytes (RFC 9110 §8.8.3), in the form Express's own ETags take. */
export const entityTag = (body: Buffer) => `W/"${body.length.toString(16)}-${createHash('sha1').update(body).digest('base64').slice(0, 27)}"`;

/** A conditional GET whose copy is current: the ETag is set, the answer is a 304 without a body. */
function notModified(req: Request, res: Response, etag: string): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  res.setHeader('ETag', etag);
  if (!req.headers['if-none-match'] || !req.fresh) return false;
  res.statusCode = 304;
  res.end();
  return true;
}

/**
 * A 200 JSON answer. Reads carry an ETag and answer 304 without a body when the client's copy is current
 * (If-None-Match); large answers are gzipped when the client accepts it.
 */
export function sendJson(req: Request, res: Response, value: unknown): void {
  const encoded = encode(value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  const zippable = encoded.length >= GZIP_MIN_BYTES;
  // Set before a 304 too, which carries the Vary its 200 would (RFC 9110 §15.4.5): caches key it the same.
  if (zippable) res.vary('Accept-Encoding');
  if (notModified(req, res, encoded.etag)) return;
  let body: Buffer | null = null;
  if (zippable) {
    body = req.headers['accept-encoding'] !== undefined && req.acceptsEncodings('gzip') ? encoded.gzip() : null;
    if (body) res.setHeader('Content-Encoding', 'gzip');
  }
  body ??= encoded.body();
  res.setHeader('Content-Length', body.length);
  res.status(200).end(body);
}

/**
 * A 200 answer in bytes (an image) with an ETag (304 when the client's copy is current). Never sniffed as another
 * type, and sandboxed: an SVG opened on its own runs no script.
 */
export function sendMedia(req: Request, res: Response, { type, body }: MediaBody): void {
  res.setHeader('Content-Type', type);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  if (notModified(req, res, entityTag(body))) return;
  res.setHeader('Content-Length', body.length);
  res.status(200).end(body);
}

/** The one error answer (PROTOCOL.md §3): `{ error, error_description, statusCode }` with the error's headers. */
export function sendError(res: ServerResponse, error: ApiError, cause: unknown, development: boolean): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = Buffer.from(JSON.stringify(errorBody(error, cause, development)));
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.writeHead(error.statusCode).end(body);
}

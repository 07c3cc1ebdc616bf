import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { constants, gzip as gzipInBackground, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import type { MediaBody } from './api.js';
import { errorBody, type ApiError } from './errors.js';
import { isSnapshot, snapshotJson } from './item-store.js';

/** A JSON answer as sent: its bytes, its ETag and its gzip (made on first demand, null when it does not pay). */
interface Encoded {
  body: Buffer;
  etag: string;
  gzip?: Buffer | null;
  /** Shared answers: how many times the gzip was sent, and whether a smaller one is being made. */
  gzipSent?: number;
  recompressing?: boolean;
}

/** Smaller answers go out as they are (seed 001 §9: compression from 1,024 bytes). */
export const GZIP_MIN_BYTES = 1024;

/**
 * A shared answer whose gzip was sent this many times has stopped changing for now: it is compressed again at the
 * best level, off the event loop (zlib's thread pool), and the smaller gzip replaces the fast one when done.
 */
export const RECOMPRESS_AFTER_SENDS = 8;

/**
 * List snapshots of the item store are immutable until the next write, so their bytes, ETag and gzip are made once
 * and shared by every read until then; their JSON is joined from per-item pieces (snapshotJson), so a read after a
 * change serializes the changed items only.
 */
const encodedSnapshots = new WeakMap<object, Encoded>();

function encode(value: unknown): Encoded {
  if (isSnapshot(value)) {
    let encoded = encodedSnapshots.get(value);
    if (!encoded) {
      encoded = fromBytes(Buffer.from(snapshotJson(value)));
      encodedSnapshots.set(value, encoded);
    }
    return encoded;
  }
  return fromBytes(Buffer.from(JSON.stringify(value) ?? 'null'));
}

/** A weak validator of the bytes (RFC 9110 §8.8.3), in the form Express's own ETags take. */
export const entityTag = (body: Buffer) => `W/"${body.length.toString(16)}-${createHash('sha1').update(body).digest('base64').slice(0, 27)}"`;

const fromBytes = (body: Buffer): Encoded => ({ body, etag: entityTag(body) });

/**
 * Every answer is first compressed at the fastest level, so that an answer that changes often (a device list under
 * capability writes) costs what a change costs, not a best-level compression per change (~10 times slower). A
 * shared answer read often while unchanged gets the best level after RECOMPRESS_AFTER_SENDS sends, in the background.
 */
function gzipOf(encoded: Encoded, shared: boolean): Buffer | null {
  if (encoded.gzip === undefined) {
    const fast = gzipSync(encoded.body, { level: constants.Z_BEST_SPEED });
    encoded.gzip = fast.length < encoded.body.length ? fast : null;
  }
  if (shared && encoded.gzip && (encoded.gzipSent = (encoded.gzipSent ?? 0) + 1) === RECOMPRESS_AFTER_SENDS && !encoded.recompressing) {
    encoded.recompressing = true;
    gzipInBackground(encoded.body, { level: constants.Z_BEST_COMPRESSION }, (error, best) => {
      if (!error && encoded.gzip && best.length < encoded.gzip.length) encoded.gzip = best;
    });
  }
  return encoded.gzip;
}

/** A conditional GET whose copy is current: the ETag is set, the answer is a 304 without a body. */
function notModified(req: Request, res: Response, etag: string): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  res.setHeader('ETag', etag);
  if (!req.headers['if-none-match'] || !req.fresh) return false;
  res.status(304).end();
  return true;
}

/**
 * A 200 JSON answer. Reads carry an ETag and answer 304 without a body when the client's copy is current
 * (If-None-Match); large answers are gzipped when the client accepts it.
 */
export function sendJson(req: Request, res: Response, value: unknown): void {
  const encoded = encode(value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (notModified(req, res, encoded.etag)) return;
  let body = encoded.body;
  if (body.length >= GZIP_MIN_BYTES) {
    res.vary('Accept-Encoding');
    const gzip = req.headers['accept-encoding'] !== undefined && req.acceptsEncodings('gzip') ? gzipOf(encoded, isSnapshot(value)) : null;
    if (gzip) {
      res.setHeader('Content-Encoding', 'gzip');
      body = gzip;
    }
  }
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

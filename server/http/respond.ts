import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { constants, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import type { MediaBody } from './api.js';
import { errorBody, type ApiError } from './errors.js';
import { cachedEncoding, type EncodedAnswer } from './encoded-answer.js';

/** Smaller answers go out as they are (seed 001 §9: compression from 1,024 bytes). */
export const GZIP_MIN_BYTES = 1024;

/**
 * Answers encoded once (encoded-answer.ts: shared list answers, immutable until the next write) are shared by every
 * read until then. Other answers are serialized per request and, when large, gzipped at the fastest level.
 */
function encode(value: unknown): EncodedAnswer {
  const shared = cachedEncoding(value);
  if (shared) return shared;
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

import type { IncomingMessage } from 'node:http';
import { parse as parseContentType } from 'content-type';
import getRawBody from 'raw-body';
import { ApiError, badRequest } from './errors.js';

/** Request bodies above this size answer 413. */
export const BODY_LIMIT = '1mb';

/**
 * Nesting deeper than this answers 400 before any handler runs: nothing in the contract comes near it, and deeper
 * JSON would overflow the stack of recursive code (JSON.stringify, validators) further on.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether a parsed JSON value nests objects and arrays deeper than `limit` (iterative, so any depth is safe). */
export function tooDeep(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

export function requireShallow(value: unknown): void {
  if (tooDeep(value)) throw badRequest(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
}

/**
 * The request's JSON body, or undefined when it has none. Read only for operations that take a body, once the
 * caller is authorized: 415 for another media type, 413 above the limit, 400 for broken or over-deep JSON.
 */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const length = req.headers['content-length'];
  const chunked = req.headers['transfer-encoding'] !== undefined;
  if (!chunked && (length === undefined || length === '0')) return undefined;
  const type = parseContentType(req.headers['content-type'] ?? '');
  const media = type.type.toLowerCase();
  if (media !== 'application/json' && !media.endsWith('+json')) {
    throw new ApiError(415, 'unsupported_media_type', `Send the body as application/json${media ? `, not ${media}` : ''}`);
  }
  const charset = (type.parameters.charset ?? 'utf-8').toLowerCase();
  if (charset !== 'utf-8' && charset !== 'utf8') throw new ApiError(415, 'unsupported_media_type', `Unsupported charset ${charset}: send UTF-8`);
  const text = await getRawBody(req, { length, limit: BODY_LIMIT, encoding: 'utf-8' });
  if (!text.trim()) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw badRequest(`The body is not valid JSON: ${(error as Error).message}`);
  }
  requireShallow(body);
  return body;
}

import type { IncomingMessage } from 'node:http';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { JsonType, OperationSpec } from '../../generated/manifest.js';
import { ApiError, badRequest } from './errors.js';
import { readMultipartBody, type UploadedFile } from './multipart.js';

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

/** Whether a request carries a body at all (RFC 9112 §6.3): a length above 0, or chunks. */
export const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

const unsupported = (want: string, got: string | undefined) =>
  new ApiError(415, 'unsupported_media_type', `Send the body as ${want}${got ? `, not ${got.split(';')[0]!.trim()}` : ''}`);

/** The body parser's refusals in the one error body: its status, our words. */
function parserError(error: { type?: string; status?: number; charset?: string; message?: string }): ApiError {
  switch (error.type) {
    case 'entity.parse.failed':
      return badRequest(`The body is not valid JSON: ${error.message}`);
    case 'charset.unsupported':
      return new ApiError(415, 'unsupported_media_type', `Unsupported charset ${error.charset}: send UTF-8`);
    case 'entity.too.large':
      return new ApiError(413, 'payload_too_large', `The body is larger than ${BODY_LIMIT}`);
    case 'encoding.unsupported':
      return new ApiError(415, 'unsupported_media_type', 'Unsupported Content-Encoding: send the body as it is');
    default:
      return error.status && error.status < 500 ? new ApiError(error.status, 'invalid_request', error.message ?? 'Bad request') : badRequest('The body could not be read');
  }
}

const parseJson = express.json({ limit: BODY_LIMIT, strict: false, type: () => true });
/** Forms are small: the OAuth2 endpoints' fields. */
const parseForm = express.urlencoded({ limit: '64kb', extended: false, type: () => true });

/** RFC 6749 §3.1: a form's parameters must not repeat (the parser would make them arrays). */
const singleValued = (form: Record<string, unknown>) => {
  const repeated = Object.keys(form).find((name) => Array.isArray(form[name]));
  return repeated === undefined ? undefined : badRequest(`The parameter ${repeated} is sent more than once`);
};

/** How a body travels: JSON, a urlencoded form (OAuth2's endpoints) or a multipart form (uploads). */
export type BodyKind = 'json' | 'form' | 'multipart';

export const bodyKindOf = (spec: OperationSpec): BodyKind | undefined =>
  !spec.body ? undefined : spec.body.kind === 'fields' && spec.body.media === 'multipart/form-data' ? 'multipart' : 'json';

/**
 * Reads a body into `req.body`, once the caller is admitted: 415 for another media type, 413 above the limit, 400
 * for broken or over-deep JSON. No body leaves `req.body` undefined; `required` names what a missing one lacks (400,
 * in the words of the socket).
 */
export function bodyReader(kind: BodyKind, required?: string, fieldTypes: ReadonlyMap<string, readonly JsonType[]> = new Map()): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    req.body = undefined;
    const done = (error?: unknown) => {
      if (error) return next(error instanceof ApiError ? error : parserError(error as object));
      if (req.body === undefined && required) return next(badRequest(`Missing JSON request body: ${required}`));
      if (tooDeep(req.body)) return next(badRequest(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`));
      next();
    };
    if (!hasBody(req)) return done();
    switch (kind) {
      case 'multipart':
        if (!req.is('multipart/form-data')) return done(unsupported('multipart/form-data', req.headers['content-type']));
        return void readMultipartBody(req).then(({ fields, files }) => {
          // Files travel beside the fields, as multer leaves them: the validator sees a file field as present.
          req.body = { ...typedFields(fields, fieldTypes), ...Object.fromEntries([...files.keys()].map((name) => [name, ''])) };
          uploads.set(req, files);
          done();
        }, done);
      case 'form':
        // RFC 6749 §5.2: the OAuth2 endpoints refuse any other body as invalid_request.
        if (!req.is('application/x-www-form-urlencoded')) return done(badRequest('Send the body as application/x-www-form-urlencoded'));
        return parseForm(req, res, (error?: unknown) => done(error ?? singleValued(req.body ?? {})));
      case 'json':
        if (!req.is(['application/json', '+json'])) return done(unsupported('application/json', req.headers['content-type']));
        return parseJson(req, res, done);
    }
  };
}

/** A form's fields arrive as text: `true` and `3` become what the contract's types say they are. */
function typedFields(fields: Record<string, string>, types: ReadonlyMap<string, readonly JsonType[]>): Record<string, unknown> {
  const typed: Record<string, unknown> = { ...fields };
  for (const [name, value] of Object.entries(fields)) {
    const allowed = types.get(name) ?? [];
    if (allowed.includes('boolean') && (value === 'true' || value === 'false')) typed[name] = value === 'true';
    else if (allowed.includes('number') && value.trim() !== '' && Number.isFinite(Number(value))) typed[name] = Number(value);
  }
  return typed;
}

const uploads = new WeakMap<IncomingMessage, ReadonlyMap<string, UploadedFile>>();
/** The files of a multipart body read by bodyReader, by field name. */
export const uploadedFiles = (req: IncomingMessage): ReadonlyMap<string, UploadedFile> => uploads.get(req) ?? new Map();

/** The body reader of an operation of the contract, or none when it takes no body. */
export function operationBody(spec: OperationSpec): RequestHandler | undefined {
  const kind = bodyKindOf(spec);
  if (!kind || !spec.body) return undefined;
  const required = spec.body.required ? (spec.body.kind === 'root' ? `the ${spec.body.name}` : spec.body.names.join(', ')) : undefined;
  return bodyReader(kind, required, new Map(spec.args.filter((arg) => arg.in === 'body').map((arg) => [arg.name, arg.types ?? []])));
}

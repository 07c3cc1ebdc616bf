import type { NextFunction, Request, RequestHandler, Response } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { OperationSpec } from '../../generated/manifest.js';
import { ApiError, badRequest, toApiError } from './errors.js';
import { nonFiniteAt, NOT_FINITE } from './finite.js';
import type { CallLocals } from './call-locals.js';
import { count, metric } from './metrics.js';
import { OPERATION_MARK, operationMark } from './validator-contract.js';

/**
 * express-openapi-validator over one API's bundled contract: requests always (parameters coerced to their types,
 * bodies as strict as the socket's arguments, unknown query parameters refused), answers in tests and strict mode.
 * One instance per API group (a hub manager, a cloud service): the validator finds an operation by trying each of
 * its document's paths in turn, so over the whole hub (336 operations) every request would pay for all of them.
 * Each is built on its API's first request (`contract` is made then and becomes the validator's own), or before
 * with `warm()`: loading a document costs tens of milliseconds (seconds on a busy machine), a hub has 50 of them,
 * and a start or a test uses a few.
 */
export function contractValidator(contract: () => object, validateResponses: boolean): RequestHandler & { warm(): void } {
  let chain: RequestHandler[] | undefined;
  const warm = () => {
    if (chain) return;
    chain = [...validatorMiddleware(contract(), validateResponses), matched, finite];
    count(validatorsBuilt);
  };
  const handler: RequestHandler = (req, res, next) => {
    warm();
    normaliseContentType(req);
    runChain(chain!, req, res, next);
  };
  return Object.assign(handler, { warm });
}

/** Validators built: one per API document and options in a process, however many apps serve it (router.ts). */
export const validatorsBuilt = metric('http.validators-built');

/** The media types a body is read as (body.ts): any other that reached a reader was one of JSON's (`+json`). */
const READ_AS = new Set(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data']);

/**
 * The Content-Type as the validator is to see it: the media type the body was read as, without parameters (the
 * body is decoded by then). The validator keeps a middleware per distinct header, with schemas compiled for it, so a
 * caller sending `application/json; x=1`, `x=2` ... would grow it without bound (docs/protocol.md, "Media types").
 * An empty body keeps its media type, so that the contract's rule for a missing body answers (an empty OAuth2 form
 * is RFC 6749's 400 invalid_request, not a 415). A request without the header (every GET) costs nothing here.
 */
function normaliseContentType(req: Request): void {
  const sent = req.headers['content-type'];
  if (sent === undefined) return;
  const semicolon = sent.indexOf(';');
  const type = (semicolon === -1 ? sent : sent.slice(0, semicolon)).trim().toLowerCase();
  req.headers['content-type'] = READ_AS.has(type) ? type : 'application/json';
}

function validatorMiddleware(contract: object, validateResponses: boolean): RequestHandler[] {
  // Paths are matched as the service sees them: where it is mounted (`/store` beside the account service) is not its concern.
  const apiSpec = { ...contract, servers: [{ url: '/' }] };
  return OpenApiValidator.middleware({
    // Our bundled contract is plain JSON; the validator's own OpenAPI document type describes the same shape.
    apiSpec: apiSpec as never,
    validateApiSpec: false,
    validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false },
    validateResponses: validateResponses ? { removeAdditional: false, coerceTypes: false } : false,
    validateSecurity: false,
    validateFormats: true,
    ajvFormats: { mode: 'full' },
    fileUploader: false,
    ignoreUndocumented: true,
    useRequestUrl: true,
  }) as RequestHandler[];
}

/** Runs middleware one after the other as Express would, the first error ending the run. */
function runChain(chain: readonly RequestHandler[], req: Request, res: Response, done: NextFunction): void {
  let index = 0;
  const step = (error?: unknown) => {
    if (error) return done(error);
    const handler = chain[index++];
    if (!handler) return done();
    try {
      const result: unknown = handler(req, res, step);
      if (result instanceof Promise) result.catch(done);
    } catch (thrown) {
      done(thrown);
    }
  };
  step();
}

/**
 * The validator finds an operation by the request's path, the kernel's router by its route: a request the validator
 * checked against no operation, or another than the one it is routed to, would go unchecked or wrongly checked.
 * That is the kernel's fault, never the caller's.
 */
const matched: RequestHandler = (req, res, next) => {
  const checked = (req as { openapi?: { schema?: Record<string, unknown> } }).openapi?.schema?.[OPERATION_MARK];
  const routed = (res.locals as CallLocals<unknown>).operation;
  if (routed && checked === operationMark(routed)) return next();
  next(new Error(`${req.method} ${req.path} is routed to ${routed ? operationMark(routed) : 'no operation'} but checked against ${String(checked ?? 'none')} by the validator`));
};

/**
 * What the validator passed holds no number that is not finite (finite.ts): its coerced path, query and header
 * values and the body, refused in the validator's own form so that fromValidator words it. The query is looked at
 * only when there is one: Express 5 would parse an absent one on each read.
 */
const finite: RequestHandler = (req, _res, next) => {
  const refuse = (where: string, at: string): ValidatorError => ({
    status: 400,
    errors: [{ path: `/${where}${at ? `/${at.replace(/\./g, '/')}` : ''}`, message: NOT_FINITE, errorCode: 'type.openapi.validation' }],
  });
  const sources: Array<[string, unknown]> = [['params', req.params], ['headers', req.headers], ['body', req.body]];
  if (req.url.includes('?')) sources.push(['query', req.query]);
  for (const [where, value] of sources) {
    const at = nonFiniteAt(value);
    if (at !== undefined) return next(refuse(where, at));
  }
  next();
};

interface ValidatorError {
  status: number;
  message?: string;
  errors?: Array<{ path?: string; message?: string; errorCode?: string }>;
}

const isValidatorError = (error: unknown): error is ValidatorError =>
  typeof error === 'object' && error !== null && typeof (error as ValidatorError).status === 'number' && Array.isArray((error as ValidatorError).errors);

/**
 * The validator's refusal in the one error body, in the words the socket's validator uses for the same input
 * ("Missing argument: zone.name", "Invalid argument zone.icon: must be string"); a broken answer is a 500.
 * `spec` is the operation called, when known: a whole-item body is named by its argument (`zone.`). Undefined for
 * an error that is not the validator's.
 */
export function fromValidator(error: unknown, spec: OperationSpec | undefined): ApiError | undefined {
  if (!isValidatorError(error)) return undefined;
  const [first] = error.errors ?? [];
  const path = first?.path ?? '';
  if (path.startsWith('/response') || error.status >= 500) {
    return new ApiError(500, 'invalid_response', `The answer breaks the contract at ${path || '/'}: ${first?.message ?? error.message}`);
  }
  if (error.status !== 400 || !first?.errorCode) return toApiError({ status: error.status, message: first?.message ?? error.message });
  const [where, ...rest] = path.split('/').filter(Boolean);
  const prefix = where === 'body' && spec?.body?.kind === 'root' ? `${spec.body.name}.` : '';
  const at = prefix + rest.join('.');
  switch (first.errorCode) {
    case 'required.openapi.validation':
      return badRequest(`Missing argument: ${at}`);
    case 'additionalProperties.openapi.validation':
      return badRequest(`Unknown argument: ${at}`);
    default:
      return badRequest(`Invalid argument ${at.replace(/\.$/, '') || 'body'}: ${first.message}`);
  }
}

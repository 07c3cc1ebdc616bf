import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { OperationSpec } from '../../generated/manifest.js';
import type { MediaBody } from './api.js';
import { bodyReader, operationBody, uploadedFiles, type BodyKind } from './body.js';
import type { CallLocals } from './call-locals.js';
import { clientAddress } from './client-address.js';
import { fromValidator } from './contract-validation.js';
import type { Caller, CallContext, Dispatcher, Operation } from './dispatcher.js';
import { ApiError, badRequest, toApiError } from './errors.js';
import type { RequestLog } from './request-log.js';
import { sendJson, sendMedia } from './respond.js';

export interface RawRoute {
  /** The API whose contract the route belongs to (a key of HttpOptions.contracts). */
  api: string;
  spec: OperationSpec;
  /** A last path parameter that spans segments (`path` of /api/app/{appId}/{path}): `echo/hello`. */
  spanning?: string;
  /** How the body is read before validation; absent, the handler reads (streams) it itself. */
  body?: BodyKind;
  /** Who may call beyond the operation's scopes, decided before the body is read and validated (as a Guard). */
  admit?(req: Request, caller: Caller): void | Promise<void>;
  /** `admit` alone decides who may call, the operation's scopes aside (an app's public routes need no token). */
  authorizes?: boolean;
  /** Called once the caller is admitted (a token's scopes checked when the operation needs one) and the request is valid. */
  serve(req: Request, res: Response, caller: Caller): Promise<void>;
  /**
   * Answers a request that its admission, its body or the contract refuses, where the route's protocol says how
   * (RFC 6749 §4.1.2.1: back to the app's redirect URI, or a page); without it, the one error body.
   */
  invalid?(error: ApiError, req: Request, res: Response): Promise<void>;
}

/** An operation's stages around the validator: those before it, those that answer its refusal, and the last. */
export interface Stages {
  before: RequestHandler[];
  refused: Array<(error: unknown, req: Request, res: Response, next: NextFunction) => void>;
  serve: RequestHandler;
}

export interface StageOptions<Context extends CallContext> {
  dispatcher: Dispatcher<Context>;
  /**
   * The session behind a raw bearer token, or null when the token is unknown, expired or revoked (or a thrown 401
   * ApiError saying why, answered only where a token is needed).
   */
  authenticate(token: string): Caller['session'] | Promise<Caller['session']>;
  /** CORS headers for the operation's answer (cors.ts). */
  allowOrigin(req: Request, res: Response, spec: OperationSpec): void;
  requests: RequestLog;
  development: boolean;
}

export const BEARER = /^bearer[ \t]+([^ \t]+)[ \t]*$/i;

/**
 * The stages of a call, per operation: the bearer token, scopes and guards before the body is read, the body, then
 * (after the validator, which router.ts puts between) the dispatcher and one JSON answer; or a raw route's own.
 */
export function operationStages<Context extends CallContext>(options: StageOptions<Context>) {
  const { dispatcher } = options;

  /** The caller as the bearer token tells: a session, or none (and whether a token came that is not valid). */
  async function callerOf(req: Request): Promise<Caller> {
    const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
    const remoteAddress = clientAddress(req);
    if (!token) return { session: null, remoteAddress };
    try {
      const session = await options.authenticate(token);
      return { session, invalidToken: !session, remoteAddress };
    } catch (error) {
      // A verifier that says why it refused a token: its 401 is answered where the operation needs a token.
      if (error instanceof ApiError && error.statusCode === 401) return { session: null, invalidToken: error, remoteAddress };
      throw error;
    }
  }

  function dispatched(operation: Operation<Context>): Stages {
    const { spec } = operation;
    const body = operationBody(spec);
    // One stage before the validator, not three: each Express stage costs a turn of its router on every call.
    const admit: RequestHandler = async (req, res, next) => {
      options.allowOrigin(req, res, spec);
      const locals = res.locals as CallLocals<Context>;
      locals.operation = spec;
      locals.params = { ...(req.params as Record<string, string>) };
      // Only a guard reads the raw query: Express 5 parses it anew on every read of `req.query`.
      locals.context = await dispatcher.admit(operation, await callerOf(req), locals.params, operation.guard && (req.query as Record<string, unknown>));
      checkQuery(spec, req);
      if (body) body(req, res, next);
      else next();
    };
    const serve: RequestHandler = async (req, res) => {
      const locals = res.locals as CallLocals<Context>;
      const result = await dispatcher.invoke(operation, namedArgs(spec, req, locals.params!), locals.context!);
      if (spec.status === 204) return void res.status(204).end();
      if (spec.media) return sendMedia(req, res, result as MediaBody);
      // Set first, so that the response validator checks the answer as JSON whatever the request's Accept says.
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      // The validator's hook would answer a null body as a 204: null goes out as it is.
      if (result === null) return sendJson(req, res, result);
      res.json(result);
    };
    return { before: [admit], refused: [], serve };
  }

  function raw(route: RawRoute): Stages {
    const admit: RequestHandler = async (req, res, next) => {
      options.allowOrigin(req, res, route.spec);
      // Express gives a parameter spanning segments as their list.
      const spanning = route.spanning && req.params[route.spanning];
      if (Array.isArray(spanning)) (req.params as Record<string, string>)[route.spanning!] = spanning.join('/');
      const caller = await callerOf(req);
      const locals = res.locals as CallLocals<Context>;
      locals.operation = route.spec;
      locals.caller = caller;
      if (route.spec.auth === 'token' && !route.authorizes) dispatcher.authorize(route.spec, caller.session, caller.invalidToken);
      await route.admit?.(req, caller);
      next();
    };
    const serve: RequestHandler = async (req, res) => {
      await route.serve(req, res, (res.locals as CallLocals<Context>).caller!);
    };
    const invalid = route.invalid;
    const refused: Stages['refused'] = invalid
      ? [(error, req, res, next) => {
          const apiError = fromValidator(error, route.spec) ?? toApiError(error, options.development);
          options.requests.failed(req, res, apiError, error);
          invalid(apiError, req, res).catch(next);
        }]
      : [];
    return { before: route.body ? [admit, bodyReader(route.body)] : [admit], refused, serve };
  }

  return { dispatched, raw };
}

/**
 * Refuses a query parameter the operation does not name, before the body is read. The validator does the same but
 * not for an operation with a free-form object parameter (`args[...]`), where any name could be one of its keys.
 */
function checkQuery(spec: OperationSpec, req: Request): void {
  if (!req.url.includes('?')) return;
  const unknown = Object.keys(req.query as object).find((name) => !(spec.queryParams as readonly string[]).includes(name));
  if (unknown !== undefined) throw badRequest(`Unknown query parameter '${unknown}'`);
}

/** The named arguments of an HTTP call: path, query and header parameters, then the body, whole or field by field. */
export function namedArgs(spec: OperationSpec, req: Request, routed: Readonly<Record<string, string>>): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  const params = req.params as Record<string, unknown>;
  for (const name of spec.pathParams) args[name] = params[name] ?? routed[name];
  // Express 5 parses the query anew on every read of `req.query`: only for operations that take one.
  const query = spec.queryParams.length ? (req.query as Record<string, unknown>) : {};
  for (const name of spec.queryParams) if (Object.hasOwn(query, name) && query[name] !== undefined) args[name] = query[name];
  for (const arg of spec.args) if (arg.in === 'header' && req.headers[arg.name.toLowerCase()] !== undefined) args[arg.name] = req.headers[arg.name.toLowerCase()];
  const body: unknown = req.body;
  if (spec.body?.kind === 'root') {
    if (body !== undefined) args[spec.body.name] = body;
  } else if (spec.body && typeof body === 'object' && body !== null) {
    const files = uploadedFiles(req);
    for (const name of spec.body.names) {
      if (files.has(name)) args[name] = files.get(name)!.data;
      else if (Object.hasOwn(body, name)) args[name] = (body as Record<string, unknown>)[name];
    }
  }
  return args;
}

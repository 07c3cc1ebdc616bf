import type { IncomingMessage } from 'node:http';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { OperationSpec } from '../../generated/manifest.js';
import type { MediaBody } from './api.js';
import { bodyReader, operationBody, uploadedFiles, type BodyKind } from './body.js';
import { contractValidator, fromValidator } from './contract-validation.js';
import type { Caller, CallContext, Dispatcher, Operation } from './dispatcher.js';
import { ApiError, badRequest, toApiError } from './errors.js';
import type { HostAllowList } from './hosts.js';
import { requestLog } from './request-log.js';
import { sendError, sendJson, sendMedia } from './respond.js';
import { clientAddress } from './client-address.js';

export interface HttpOptions<Context extends CallContext> {
  dispatcher: Dispatcher<Context>;
  /**
   * The bundled contract of each API (a hub manager, a cloud service, the hub's app routes) by its id, as the
   * dispatcher and raw routes name it: every request is validated against its own API's document.
   */
  contracts: Readonly<Record<string, object>>;
  /**
   * The session behind a raw bearer token, or null when the token is unknown, expired or revoked (or a thrown 401
   * ApiError saying why, answered only where a token is needed).
   */
  authenticate(token: string): Caller['session'] | Promise<Caller['session']>;
  /** Check every answer against the contract: on in tests and strict mode. */
  validateResponses: boolean;
  /** Development mode adds stack traces to error bodies; never on in production. */
  development: boolean;
  /** The Host names answered; other names get 421 (DNS rebinding). */
  hosts: HostAllowList;
  /**
   * Operations that browsers may call only from pages of the hub's own hosts: those that take a password, so that
   * no web page on the internet can guess passwords through its visitors' browsers. Every other operation needs a
   * bearer token, never a cookie, so any origin may call it with a token it holds.
   */
  ownOriginsOnly?(operation: Operation<Context>): boolean;
  /**
   * APIs whose validator is built now rather than on their first request: those a client's first call reaches under
   * a short time-out (the hub's ping, which discovery gives 1 s).
   */
  warm?: readonly string[];
  /** Serves what is not the API: static docs, the form ... (only for paths outside /api/). */
  fallback?: RequestHandler;
  /** Headers every answer to an allowed host carries (the hub's X-Homey-ID ...), exposed to browsers through CORS; a function is read per response. */
  headers?: Record<string, string | (() => string)>;
  /**
   * Operations of the contract that answer other than JSON (an HTML page, a redirect, an OAuth2 form endpoint, a
   * streamed upload): admitted, read and validated like the others, but their handler writes the answer itself.
   */
  rawRoutes?: readonly RawRoute[];
}

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

export const BEARER = /^bearer[ \t]+([^ \t]+)[ \t]*$/i;

/** What the stages of a call leave for the next, on `res.locals`. */
interface CallLocals<Context> {
  operation?: OperationSpec;
  /** The path parameters as Express routed them (the validator keeps only those its matched path names). */
  params?: Record<string, string>;
  context?: Context;
  caller?: Caller;
}

/**
 * Validators by contract and what the routes ask of it, shared by every app of the process over the same document
 * (several hubs in one test run): each is built once.
 */
const sharedValidators = new WeakMap<object, Map<string, ReturnType<typeof contractValidator>>>();

/** `{id}` → `:id`, and a spanning parameter `{path}` → `*path`: an OpenAPI path as Express routes it. */
const expressPath = (path: string, spanning?: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => (name === spanning ? `*${name}` : `:${name}`));

/** An OpenAPI path as a pattern for preflights, which have no route of their own (a spanning `{path}*` included). */
const pathPattern = (path: string) => new RegExp(`^${path.replace(/[.*+?^$()[\]\\|]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+').replace(/\/$/, '')}/?$`);

/** Static segments before the first parameter, common to every path of an API: where its router is looked for. */
function commonPrefix(paths: readonly string[]): string {
  const split = paths.map((path) => path.split('/').filter(Boolean));
  const prefix: string[] = [];
  for (let index = 0; split.every((parts) => parts.length > index + 1); index++) {
    const segment = split[0]![index]!;
    if (segment.includes('{') || !split.every((parts) => parts[index] === segment)) break;
    prefix.push(segment);
  }
  return prefix.length ? `/${prefix.join('/')}` : '';
}

/** Literal segments before parameters, so that /user/me is tried before /user/{id}. */
const byPath = (a: { spec: OperationSpec }, b: { spec: OperationSpec }) => {
  const key = ({ spec }: { spec: OperationSpec }) => spec.path.replace(/\{/g, '\uffff');
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
};

/**
 * Refuses a query parameter the operation does not name, before the body is read. The validator does the same but
 * not for an operation with a free-form object parameter (`args[...]`), where any name could be one of its keys.
 */
function checkQuery(spec: OperationSpec, req: Request): void {
  if (!req.url.includes('?')) return;
  const unknown = Object.keys(req.query as object).find((name) => !(spec.queryParams as readonly string[]).includes(name));
  if (unknown !== undefined) throw badRequest(`Unknown query parameter '${unknown}'`);
}

/** RFC 9112 §3.2: more than one Host header line is a bad request. */
function hostLines(req: IncomingMessage): number {
  let count = 0;
  for (let index = 0; index < req.rawHeaders.length; index += 2) if (req.rawHeaders[index]!.length === 4 && req.rawHeaders[index]!.toLowerCase() === 'host') count++;
  return count;
}

/**
 * The HTTP transport of a set of APIs, on Express: the Host allow-list, CORS, then per operation the bearer token,
 * scopes and guards before the body is read, the body, express-openapi-validator over the API's own contract, the
 * dispatcher, and one JSON answer with an ETag (304 when unchanged) and gzip where asked. Errors of every stage
 * become the one error body. The app never listens by itself.
 */
export function createHttpApp<Context extends CallContext>(options: HttpOptions<Context>): express.Express {
  const { dispatcher } = options;
  const app = express();
  app.disable('x-powered-by');
  // The kernel sends its own cached ETags: Express's would hash every answer again.
  app.set('etag', false);
  app.set('query parser', 'extended'); // jQuery-style a[b]=v, a[]=1 (PROTOCOL.md §2)
  app.set('case sensitive routing', true);
  // JSON answers go out through the kernel's cached encoding (ETag, 304, gzip); the response validator wraps this.
  app.response.json = function json(this: Response, body: unknown) {
    sendJson(this.req, this, body);
    return this;
  };

  const requests = requestLog();
  const ownOrigins = new Set<OperationSpec>();
  const preflights: Array<{ method: string; pattern: RegExp; spec: OperationSpec }> = [];
  const routers = new Map<string, express.Router>();
  const prefixes = new Map<string, string[]>();

  const validatorOf = (api: string, raws: readonly RawRoute[]) => {
    const contract = options.contracts[api];
    if (!contract) throw new Error(`No contract for the API ${api}`);
    const key = `${options.validateResponses} ${raws.map((raw) => `${raw.spec.method} ${raw.spec.path} ${raw.spanning} ${raw.body}`).join()}`;
    const byKey = sharedValidators.get(contract) ?? new Map<string, ReturnType<typeof contractValidator>>();
    sharedValidators.set(contract, byKey);
    let validator = byKey.get(key);
    if (!validator) {
      validator = contractValidator(() => validatorContract(contract, raws), options.validateResponses);
      byKey.set(key, validator);
    }
    return validator;
  };
  const byApi = new Map<string, Array<{ spec: OperationSpec; operation?: Operation<Context>; raw?: RawRoute }>>();
  for (const operation of dispatcher.all()) {
    if (options.ownOriginsOnly?.(operation)) ownOrigins.add(operation.spec);
    byApi.set(operation.manager, [...(byApi.get(operation.manager) ?? []), { spec: operation.spec, operation }]);
  }
  for (const raw of options.rawRoutes ?? []) byApi.set(raw.api, [...(byApi.get(raw.api) ?? []), { spec: raw.spec, raw }]);

  for (const [api, routes] of byApi) {
    const validator = validatorOf(api, routes.flatMap(({ raw }) => (raw ? [raw] : [])));
    if (options.warm?.includes(api)) validator.warm();
    const router = express.Router({ caseSensitive: true });
    routers.set(api, router);
    for (const { spec, operation, raw } of routes.sort(byPath)) {
      preflights.push({ method: spec.method.toUpperCase(), pattern: pathPattern(spec.path), spec });
      const stages = operation ? operationStages(operation) : rawStages(raw!);
      router[spec.method](expressPath(spec.path, raw?.spanning), ...stages.before, validator, ...stages.refused, stages.serve);
    }
    const prefix = commonPrefix(routes.map(({ spec }) => spec.path));
    prefixes.set(prefix, [...(prefixes.get(prefix) ?? []), api]);
  }

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

  function operationStages(operation: Operation<Context>) {
    const { spec } = operation;
    const body = operationBody(spec);
    // One stage before the validator, not three: each Express stage costs a turn of its router on every call.
    const admit: RequestHandler = async (req, res, next) => {
      allowOrigin(req, res, spec);
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

  function rawStages(raw: RawRoute) {
    const admit: RequestHandler = async (req, res, next) => {
      allowOrigin(req, res, raw.spec);
      // Express gives a parameter spanning segments as their list.
      const spanning = raw.spanning && req.params[raw.spanning];
      if (Array.isArray(spanning)) (req.params as Record<string, string>)[raw.spanning!] = spanning.join('/');
      const caller = await callerOf(req);
      const locals = res.locals as CallLocals<Context>;
      locals.operation = raw.spec;
      locals.caller = caller;
      if (raw.spec.auth === 'token' && !raw.authorizes) dispatcher.authorize(raw.spec, caller.session, caller.invalidToken);
      await raw.admit?.(req, caller);
      next();
    };
    const serve: RequestHandler = async (req, res) => {
      await raw.serve(req, res, (res.locals as CallLocals<Context>).caller!);
    };
    const invalid = raw.invalid;
    const refused = invalid
      ? [(error: unknown, req: Request, res: Response, next: NextFunction) => {
          const apiError = fromValidator(error, raw.spec) ?? toApiError(error, options.development);
          requests.failed(req, res, apiError, error);
          invalid(apiError, req, res).catch(next);
        }]
      : [];
    return { before: raw.body ? [admit, bodyReader(raw.body)] : [admit], refused, serve };
  }

  const fixedHeaders = Object.entries(options.headers ?? {});
  const exposed = [...Object.keys(options.headers ?? {}), 'ETag', 'WWW-Authenticate', 'Retry-After', 'X-Request-Id'].join(', ');

  /** CORS for a request from a page (it has an Origin): any origin, or the hub's own for ownOriginsOnly operations. */
  const allowOrigin = (req: Request, res: Response, spec: OperationSpec | undefined) => {
    const origin = req.headers.origin;
    if (!origin) return;
    if (spec && ownOrigins.has(spec)) {
      res.vary('Origin');
      if (!options.hosts.allows(originHost(origin))) return;
      res.setHeader('Access-Control-Allow-Origin', origin);
    } else {
      res.setHeader('Access-Control-Allow-Origin', '*');
    }
    res.setHeader('Access-Control-Expose-Headers', exposed);
  };

  const preflight = (req: Request, res: Response) => {
    const method = String(req.headers['access-control-request-method'] ?? '').toUpperCase();
    const found = method ? preflights.find((route) => route.method === method && route.pattern.test(req.path)) : undefined;
    allowOrigin(req, res, found?.spec);
    if (found) res.setHeader('Access-Control-Allow-Methods', method);
    const headers = req.headers['access-control-request-headers'];
    if (headers) res.setHeader('Access-Control-Allow-Headers', headers);
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
  };

  /** Each request goes to the router of the API whose paths it starts with, tried from the longest prefix. */
  const route: RequestHandler = (req, res, next) => {
    const path = req.path;
    // The whole path, then without its last segment, and so on down to the empty prefix.
    for (let end = path.length; end >= 0; end = end === 0 ? -1 : path.lastIndexOf('/', end - 1)) {
      const apis = prefixes.get(path.slice(0, end));
      if (!apis) continue;
      const [first, ...others] = apis;
      const tryNext = (index: number): NextFunction => (error?: unknown) => {
        if (error || index >= others.length) return next(error);
        routers.get(others[index]!)!(req, res, tryNext(index + 1));
      };
      return routers.get(first!)!(req, res, tryNext(0));
    }
    next();
  };
  // The front door, as one stage rather than one per concern: each Express stage costs a turn of its router.
  app.use((req, res, next) => {
    requests.begin(req, res);
    if (hostLines(req) > 1) return next(badRequest('More than one Host header'));
    // A foreign name learns nothing of the hub, not even its id: the fixed headers come after this check.
    if (!options.hosts.allows(req.headers.host)) {
      return next(new ApiError(421, 'misdirected_request', 'This hub does not answer to that host name: use its address or one of its names'));
    }
    for (const [name, value] of fixedHeaders) res.setHeader(name, typeof value === 'function' ? value() : value);
    if (req.method === 'OPTIONS') return preflight(req, res);
    route(req, res, next);
  });
  if (options.fallback) {
    const fallback = options.fallback;
    app.use((req, res, next) => (req.path.startsWith('/api/') ? next() : fallback(req, res, next)));
  }
  app.use((req) => {
    throw new ApiError(404, 'not_found', `Not found: ${req.method} ${req.path}`);
  });
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const apiError = fromValidator(error, (res.locals as CallLocals<Context>).operation) ?? toApiError(error, options.development);
    requests.failed(req, res, apiError, error);
    sendError(res, apiError, error, options.development);
  });
  return app;
}

/** The named arguments of an HTTP call: path, query and header parameters, then the body, whole or field by field. */
function namedArgs(spec: OperationSpec, req: Request, routed: Readonly<Record<string, string>>): Record<string, unknown> {
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

/**
 * The contract as the validator reads it: a spanning parameter marked as its wildcard (`{path}*`); the body of a
 * raw route that streams it left to the route (its own limits apply as it reads); a last slash optional, as Express
 * routes it; a body without `required` optional (OpenAPI's default); query values as clients send them,
 * reserved characters unencoded included (PROTOCOL.md §2), their types and bounds checked all the same.
 */
function validatorContract(contract: object, raws: readonly RawRoute[]): object {
  const copy = structuredClone(contract) as { paths: Record<string, Record<string, any>>; components?: { parameters?: Record<string, any> } };
  for (const raw of raws) {
    const item = copy.paths[raw.spec.path];
    if (!raw.body) delete item?.[raw.spec.method]?.requestBody;
    if (raw.spanning && item) {
      delete copy.paths[raw.spec.path];
      copy.paths[raw.spec.path.replace(`{${raw.spanning}}`, `{${raw.spanning}}*`)] = item;
    }
  }
  // Express answers a path with or without its last slash (`/homey` and `/homey/`); the validator must find both.
  const paths: typeof copy.paths = {};
  for (const [path, item] of Object.entries(copy.paths)) {
    const bare = path.length > 1 ? path.replace(/\/$/, '') : path;
    // `/log` and `/log/` may be two paths of the contract with methods of their own: one path item for both.
    paths[bare] = paths[bare] ? { ...paths[bare], ...item } : item;
  }
  copy.paths = paths;
  lendShadowedMethods(copy);
  // OpenAPI's default, said out loud: the validator takes a body without `required` for a required one.
  const bodies = [
    ...Object.values((copy.components as Json | undefined)?.requestBodies ?? {}),
    ...Object.values(copy.paths).flatMap((item) => METHODS.map((method) => item[method]?.requestBody)),
  ];
  for (const body of bodies) if (body && !body.$ref) body.required ??= false;
  const parameters = [
    ...Object.values(copy.components?.parameters ?? {}),
    ...Object.values(copy.paths).flatMap((item) => [item, ...Object.values(item)].flatMap((node) => (Array.isArray(node?.parameters) ? node.parameters : []))),
  ];
  for (const parameter of parameters) if (parameter?.in === 'query') parameter.allowReserved = true;
  return copy;
}

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/**
 * The validator finds a request's path first and its method second, so a literal path (`/user/me`: GET) hides a
 * parameter's path it also matches (`/user/{id}`: PUT) from the methods it lacks, and such a request would go
 * unchecked. The literal path borrows those operations, the parameters its literal segments fix left out.
 */
function lendShadowedMethods(contract: { paths: Record<string, Json>; components?: { parameters?: Json } }): void {
  const resolve = (parameter: Json): Json =>
    typeof parameter?.$ref === 'string' ? (contract.components?.parameters?.[parameter.$ref.split('/').pop()!] ?? parameter) : parameter;
  const entries = Object.entries(contract.paths);
  for (const [literal, item] of entries) {
    for (const [templated, other] of entries) {
      if (literal === templated || !templated.includes('{') || !pathPattern(templated).test(literal)) continue;
      const literalSegments = literal.split('/');
      const fixed = new Set(templated.split('/').flatMap((segment, index) => (/^\{\w+\}$/.test(segment) && !literalSegments[index]!.startsWith('{') ? [segment.slice(1, -1)] : [])));
      const kept = (parameters: Json[] = []) => parameters.filter((parameter) => !(resolve(parameter).in === 'path' && fixed.has(resolve(parameter).name)));
      for (const method of METHODS) {
        if (!other[method] || item[method]) continue;
        item[method] = { ...other[method], parameters: [...kept(other.parameters), ...kept(other[method].parameters)] };
      }
    }
  }
}

/** The host part of an Origin header, or '' when it is not a URL (`null` from sandboxed pages). */
function originHost(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return '';
  }
}

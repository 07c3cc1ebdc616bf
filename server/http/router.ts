import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type express from 'express';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import qs from 'qs';
import vary from 'vary';
import type { OperationSpec } from '../../generated/manifest.js';
import type { MediaBody, Session } from './api.js';
import { readJsonBody } from './body.js';
import { readMultipartBody } from './multipart.js';
import type { CallContext, Dispatcher, Operation } from './dispatcher.js';
import { ApiError, badRequest, toApiError } from './errors.js';
import type { HostAllowList } from './hosts.js';
import { sendError, sendJson, sendMedia } from './respond.js';
import type { ContractValidator } from './validator.js';

export interface HttpOptions<Context extends CallContext> {
  dispatcher: Dispatcher<Context>;
  /** The contract every request (and, in strict mode, every answer) is checked against: the socket's validator too. */
  validator: ContractValidator;
  /** The session behind a raw bearer token, or null when the token is unknown, expired or revoked. */
  authenticate(token: string): Session | null | Promise<Session | null>;
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
  /** Serves what is not the API: static docs, the form ... (an Express app, off the API's path). */
  fallback?: express.Express;
  /** Headers every response carries (the hub's X-Homey-ID ...), exposed to browsers through CORS; a function is read per response. */
  headers?: Record<string, string | (() => string)>;
  /**
   * Operations of the contract that answer other than JSON (an HTML page, a redirect, an OAuth2 form endpoint):
   * routed like the others, but their handler reads the request and writes the answer itself. A thrown error still
   * answers the one error body.
   */
  rawRoutes?: readonly RawRoute[];
}

export interface RawRoute {
  spec: OperationSpec;
  /** The router's pattern when not the spec's path: `/api/app/:appId/*` for a last parameter that spans segments (`params['*']`). */
  pattern?: string;
  serve(req: IncomingMessage, res: ServerResponse, query: Record<string, unknown>, path: Record<string, string | undefined>): Promise<void>;
}

type Route = (req: IncomingMessage, res: ServerResponse, params: Record<string, string | undefined>, query: Record<string, unknown>) => void;

/** `{id}` → `:id`; an OpenAPI path as find-my-way writes it. */
const routerPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

export const BEARER = /^bearer[ \t]+([^ \t]+)[ \t]*$/i;

/**
 * The HTTP transport of one API group, on plain node:http for speed (Express only serves the fallback): Host
 * allow-list, CORS, bearer token, scopes and guards before the body is read, then validation against the contract,
 * dispatch, and one JSON answer with an ETag (304 when unchanged) and gzip where asked.
 */
export function createHttpHandler<Context extends CallContext>(options: HttpOptions<Context>): RequestListener {
  const { dispatcher, validator } = options;
  const router = FindMyWay<FindMyWay.HTTPVersion.V1>({
    caseSensitive: true,
    ignoreTrailingSlash: true,
    maxParamLength: 1000,
    querystringParser: (query) => qs.parse(query, { depth: 5, parameterLimit: 100, arrayLimit: 100, plainObjects: true }),
  });
  const ownOrigins = new Set<Operation<Context>>();
  const fixedHeaders = Object.entries(options.headers ?? {});
  const exposed = [...Object.keys(options.headers ?? {}), 'ETag', 'WWW-Authenticate', 'Retry-After'].join(', ');

  for (const operation of dispatcher.all()) {
    if (options.ownOriginsOnly?.(operation)) ownOrigins.add(operation);
    const route: Route = (req, res, params, query) => void serve(operation, req, res, params, query);
    router.on(operation.spec.method.toUpperCase() as HTTPMethod, routerPath(operation.spec.path), route, operation);
  }
  for (const { spec, pattern, serve: raw } of options.rawRoutes ?? []) {
    const route: Route = (req, res, params, query) => void raw(req, res, query, params).catch((error: unknown) => fail(res, error));
    router.on(spec.method.toUpperCase() as HTTPMethod, pattern ?? routerPath(spec.path), route);
  }

  async function serve(operation: Operation<Context>, req: IncomingMessage, res: ServerResponse, path: Record<string, string | undefined>, query: Record<string, unknown>): Promise<void> {
    try {
      const { spec } = operation;
      const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
      const session = token ? await options.authenticate(token) : null;
      const caller = { session, invalidToken: Boolean(token) && !session, remoteAddress: req.socket.remoteAddress ?? '' };
      const result = await dispatcher.call(operation, caller, path as Record<string, string>, () => httpArgs(spec, validator, req, path, query));
      if (spec.status === 204) {
        res.writeHead(204).end();
        return;
      }
      if (spec.media) {
        sendMedia(req, res, result as MediaBody);
        return;
      }
      if (options.validateResponses) validator.response(spec, result);
      sendJson(req, res, result);
    } catch (error) {
      fail(res, error);
    }
  }

  const fail = (res: ServerResponse, error: unknown) => {
    const apiError = toApiError(error, options.development);
    if (apiError.statusCode >= 500) console.error(error);
    sendError(res, apiError, error, options.development);
  };

  /** CORS for a request from a page (it has an Origin): any origin, or the hub's own for ownOriginsOnly operations. */
  const allowOrigin = (req: IncomingMessage, res: ServerResponse, operation: Operation<Context> | undefined) => {
    const origin = req.headers.origin;
    if (!origin) return;
    if (operation && ownOrigins.has(operation)) {
      vary(res, 'Origin');
      if (!options.hosts.allows(originHost(origin))) return;
      res.setHeader('Access-Control-Allow-Origin', origin);
    } else {
      res.setHeader('Access-Control-Allow-Origin', '*');
    }
    res.setHeader('Access-Control-Expose-Headers', exposed);
  };

  const preflight = (req: IncomingMessage, res: ServerResponse, url: string) => {
    const method = String(req.headers['access-control-request-method'] ?? '').toUpperCase();
    const found = method ? router.find(method as HTTPMethod, url) : null;
    allowOrigin(req, res, found?.store as Operation<Context> | undefined);
    if (found) res.setHeader('Access-Control-Allow-Methods', method);
    const headers = req.headers['access-control-request-headers'];
    if (headers) res.setHeader('Access-Control-Allow-Headers', headers);
    res.setHeader('Access-Control-Max-Age', '600');
    res.writeHead(204).end();
  };

  const notFound = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0];
    fail(res, new ApiError(404, 'not_found', `Not found: ${req.method} ${path}`));
  };

  return (req, res) => {
    for (const [name, value] of fixedHeaders) res.setHeader(name, typeof value === 'function' ? value() : value);
    if (!options.hosts.allows(req.headers.host)) {
      return fail(res, new ApiError(421, 'misdirected_request', 'This hub does not answer to that host name: use its address or one of its names'));
    }
    const url = req.url ?? '/';
    if (req.method === 'OPTIONS') return preflight(req, res, url);
    let found: ReturnType<typeof router.find>;
    try {
      found = router.find(req.method as HTTPMethod, url);
    } catch {
      return fail(res, badRequest('Malformed URL'));
    }
    if (!found) {
      if (options.fallback && !url.startsWith('/api/')) return options.fallback(req, res);
      return notFound(req, res);
    }
    allowOrigin(req, res, found.store as Operation<Context>);
    (found.handler as unknown as Route)(req, res, found.params, found.searchParams);
  };
}

/** The named arguments of an HTTP call: path and query parameters, then the body, whole or field by field. */
async function httpArgs(
  spec: OperationSpec, validator: ContractValidator, req: IncomingMessage, path: Record<string, string | undefined>, query: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  for (const name of Object.keys(query)) {
    if (!spec.queryParams.includes(name)) throw badRequest(`Unknown query parameter '${name}'`);
  }
  const args = validator.params(spec, { ...query, ...path });
  if (!spec.body) return args;
  const multipart = spec.body.kind === 'fields' && spec.body.media === 'multipart/form-data';
  const body = multipart ? await readMultipartBody(req) : await readJsonBody(req);
  if (body === undefined) {
    if (spec.body.required) throw badRequest(`Missing JSON request body: ${spec.body.kind === 'root' ? `the ${spec.body.name}` : spec.body.names.join(', ')}`);
    return args;
  }
  validator.body(spec, body);
  if (spec.body.kind === 'root') args[spec.body.name] = body;
  else for (const name of spec.body.names) if (Object.hasOwn(body as object, name)) args[name] = (body as Record<string, unknown>)[name];
  return args;
}

/** The host part of an Origin header, or '' when it is not a URL (`null` from sandboxed pages). */
function originHost(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return '';
  }
}

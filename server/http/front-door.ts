import { IncomingMessage, ServerResponse, type RequestListener, type ServerOptions } from 'node:http';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { fromValidator } from './contract-validation.js';
import { ApiError, badRequest, toApiError } from './errors.js';
import type { HostAllowList } from './hosts.js';
import type { CallLocals } from './call-locals.js';
import type { RequestLog } from './request-log.js';
import { sendError, sendJson } from './respond.js';

export interface FrontDoorOptions {
  /** The Host names answered; other names get 421 (DNS rebinding). */
  hosts: HostAllowList;
  /** Headers every answer to an allowed host carries; a function is read per response. */
  headers?: Record<string, string | (() => string)>;
  requests: RequestLog;
  /** Answers a preflight (cors.ts). */
  preflight(req: Request, res: Response): void;
  /** The API's routes (routing.ts). */
  route: RequestHandler;
  /** Serves what is not the API (only for paths outside /api/). */
  fallback?: RequestHandler;
  development: boolean;
}

/** The classes each kernel app's requests and answers are made from (see bornExpress), by app. */
const ownClasses = new WeakMap<object, Pick<ServerOptions, 'IncomingMessage' | 'ServerResponse'>>();

/**
 * Express gives each request and answer its app's prototypes as they enter the app (`Object.setPrototypeOf` in
 * `app.handle`), and V8 makes every object whose prototype changed, and all code that reads it, slower: measured,
 * a bare Express 304 cost four times the CPU it costs without the change (expressjs/express#5998). So node:http
 * makes a kernel app's requests and answers from classes whose prototypes are the app's own (serverOptions): Express
 * then sets the prototype they already have, which changes nothing. Each app has its own classes over its own
 * `app.request` and `app.response`; Express's shared prototypes are left as they are.
 */
function bornExpress(app: express.Express): void {
  class KernelRequest extends IncomingMessage {}
  class KernelResponse extends ServerResponse {}
  Object.setPrototypeOf(KernelRequest.prototype, app.request);
  Object.setPrototypeOf(KernelResponse.prototype, app.response);
  app.request = KernelRequest.prototype as express.Request;
  app.response = KernelResponse.prototype as express.Response;
  // node:http's generic answer class: this one answers the requests of the class beside it.
  ownClasses.set(app, { IncomingMessage: KernelRequest, ServerResponse: KernelResponse as typeof ServerResponse });
}

/**
 * The options of the node:http (or https) server of a kernel app, so that its requests are born with the app's
 * prototypes (see bornExpress); none for any other listener. A request that reaches the app another way (a mounted
 * service's, a forwarded call) is served all the same, at Express's usual cost.
 */
export const serverOptions = (app: RequestListener): ServerOptions => ownClasses.get(app) ?? {};

/** Express as the kernel uses it: its settings, and JSON answers through the kernel's cached encoding. */
export function kernelExpress(): express.Express {
  const app = express();
  bornExpress(app);
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
  return app;
}

/**
 * The front door and the back: every request is logged, checked for one Host header naming an allowed host, given
 * the fixed headers, then preflighted or routed; what no route answers is the fallback's (outside /api/) or a 404,
 * and every error of every stage becomes the one error body.
 */
export function frontDoor(app: express.Express, options: FrontDoorOptions): void {
  const fixedHeaders = Object.entries(options.headers ?? {});
  // One stage rather than one per concern: each Express stage costs a turn of its router.
  app.use((req, res, next) => {
    options.requests.begin(req, res);
    if (hostLines(req) > 1) return next(badRequest('More than one Host header'));
    // A foreign name learns nothing of the hub, not even its id: the fixed headers come after this check.
    if (!options.hosts.allows(req.headers.host)) {
      return next(new ApiError(421, 'misdirected_request', 'This hub does not answer to that host name: use its address or one of its names'));
    }
    for (const [name, value] of fixedHeaders) res.setHeader(name, typeof value === 'function' ? value() : value);
    if (req.method === 'OPTIONS') return options.preflight(req, res);
    options.route(req, res, next);
  });
  if (options.fallback) {
    const fallback = options.fallback;
    app.use((req, res, next) => (req.path.startsWith('/api/') ? next() : fallback(req, res, next)));
  }
  app.use((req) => {
    throw new ApiError(404, 'not_found', `Not found: ${req.method} ${req.path}`);
  });
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const apiError = fromValidator(error, (res.locals as CallLocals<unknown>).operation) ?? toApiError(error, options.development);
    options.requests.failed(req, res, apiError, error);
    sendError(res, apiError, error, options.development);
  });
}

/** RFC 9112 §3.2: more than one Host header line is a bad request. */
function hostLines(req: IncomingMessage): number {
  let count = 0;
  for (let index = 0; index < req.rawHeaders.length; index += 2) if (req.rawHeaders[index]!.length === 4 && req.rawHeaders[index]!.toLowerCase() === 'host') count++;
  return count;
}

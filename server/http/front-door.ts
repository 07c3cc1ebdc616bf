import type { IncomingMessage } from 'node:http';
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

/** Express as the kernel uses it: its settings, and JSON answers through the kernel's cached encoding. */
export function kernelExpress(): express.Express {
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

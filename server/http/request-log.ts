import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type Logger } from 'pino';
import { pinoHttp, startTime } from 'pino-http';
import { systemClock } from './clock.js';
import { ERROR_SECRET_PATHS, log, REDACTED } from './log.js';

/** An id a client or proxy sent that is safe to repeat in logs and headers. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The caller's `X-Request-Id`, or a new one; answered in the same header. */
function requestId(req: IncomingMessage, res: ServerResponse): string {
  const sent = req.headers['x-request-id'];
  const id = typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

export interface RequestLog {
  /** Called first on every request: its id, and the time its duration is counted from. */
  begin(req: IncomingMessage, res: ServerResponse): void;
  /** The request is answered with `error` (a 5xx carries its `cause` into the line), written when the answer ends. */
  failed(req: IncomingMessage, res: ServerResponse, error: { statusCode: number }, cause?: unknown): void;
}

/**
 * One structured line per logged request (pino-http): its id (the caller's `X-Request-Id` or a new one, answered in
 * the same header), method, path, status and duration. Failures are logged at the default level (5xx as errors with
 * their cause, 4xx as warnings); answered requests only from LOG_LEVEL=debug, so that a busy hub writes nothing per
 * read. The query is left out: some carry one-time tokens (an e-mail link's).
 *
 * pino-http's middleware makes a logger and seven properties per request: about a quarter of a cached list read's
 * time (docs/benchmarks.md). So below debug it runs only for the requests whose line is written, taken up when the
 * kernel answers a failure, with the duration counted from the request's start all the same.
 */
export function requestLog(logger: Logger = log): RequestLog {
  const http = pinoHttp({
    // A request's line holds only the fields below, so redaction looks only where a secret may sit: the error.
    // The project-wide wildcard paths would walk every request's bindings.
    logger: logger.child({}, { redact: { paths: ERROR_SECRET_PATHS, censor: REDACTED } }),
    genReqId: requestId,
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'debug'),
    // The serializers get the request and response themselves: wrapped, each request would first be copied whole.
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage & { id: unknown }) => ({ id: req.id, method: req.method, path: req.url?.split('?')[0], remoteAddress: req.socket?.remoteAddress }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
      err: pino.stdSerializers.err,
    },
  });
  if (logger.isLevelEnabled('debug')) return { begin: (req, res) => http(req, res), failed: (_req, res, error, cause) => blame(res, error, cause) };
  return {
    begin(req, res) {
      req.id = requestId(req, res);
      // pino-http measures the response time on the machine's clock.
      res[startTime] = systemClock.now();
    },
    failed(req, res, error, cause) {
      // Its middleware, once (a second error of the same request finds it there); it keeps the id and start time.
      if (!res.log) http(req, res);
      blame(res, error, cause);
    },
  };
}

/** Hands the cause of a server error to the request's line (pino-http logs `res.err` with the request). */
function blame(res: ServerResponse, error: { statusCode: number }, cause: unknown): void {
  if (error.statusCode >= 500 && cause !== undefined) res.err = cause instanceof Error ? cause : new Error(String(cause));
}

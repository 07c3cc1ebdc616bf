import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { log } from './log.js';

/** An id a client or proxy sent that is safe to repeat in logs and headers. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * One structured line per request (pino-http): its id (the caller's `X-Request-Id` or a new one, answered in the same
 * header), method, path, status and duration. Failures are logged at the default level (5xx as errors with their
 * cause, 4xx as warnings); answered requests only from LOG_LEVEL=debug, so that a busy hub writes nothing per read.
 * The query is left out: some carry one-time tokens (an e-mail link's).
 */
export const requestLogger = (logger: Logger = log) => pinoHttp({
  logger,
  genReqId(req: IncomingMessage, res: ServerResponse) {
    const sent = req.headers['x-request-id'];
    const id = typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    res.setHeader('X-Request-Id', id);
    return id;
  },
  customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'debug'),
  serializers: {
    req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({ id: req.id, method: req.method, path: req.url.split('?')[0], remoteAddress: req.remoteAddress }),
    res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
  },
  quietReqLogger: true,
});

/** Hands an answered error to the request's log line (pino-http logs `res.err` with the request). */
export function logFailure(res: ServerResponse, error: unknown): void {
  res.err = error instanceof Error ? error : new Error(String(error));
}

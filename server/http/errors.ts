/** The one error of every API: a status, a short code and a human text, sent as PROTOCOL.md §3's body. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    description: string,
    /** Extra response headers, such as an RFC 6750 WWW-Authenticate challenge. */
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.name = 'ApiError';
  }
}

export interface ErrorBody {
  error: string;
  error_description: string;
  statusCode: number;
  stack?: string;
}

export const badRequest = (description: string) => new ApiError(400, 'invalid_request', description);
export const forbidden = (description: string) => new ApiError(403, 'forbidden', description);
export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} not found`);
export const conflict = (description: string) => new ApiError(409, 'conflict', description);
export const preconditionFailed = (description: string) => new ApiError(412, 'precondition_failed', description);

const statusCodes = new Map([
  [400, 'invalid_request'],
  [401, 'unauthorized'],
  [403, 'forbidden'],
  [404, 'not_found'],
  [409, 'conflict'],
  [412, 'precondition_failed'],
  [413, 'payload_too_large'],
  [415, 'unsupported_media_type'],
]);

/** How long a client waits before trying again a call refused while the database cannot be reached (seconds). */
export const DATABASE_RETRY_AFTER_S = '5';

/**
 * PostgreSQL's answers while it shuts down, restarts or starts (57P01-57P03, class 08: the connection failed) and
 * the socket's errors of a server that is not there; pg's own for a connection that ended under a query.
 */
const UNREACHABLE_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
const UNREACHABLE_MESSAGES = /^(Connection terminated unexpectedly|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect)/;

/** Whether an error says that the database cannot be reached now (rather than that a query was wrong). */
export function isDatabaseUnreachable(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') return UNREACHABLE_CODES.has(code) || code.startsWith('08');
  return typeof message === 'string' && UNREACHABLE_MESSAGES.test(message);
}

/**
 * Any thrown value becomes an ApiError: ours as they are, errors of the body reader (which carry a `status`: 413,
 * 400 for an aborted or mis-sized body) by their status, a database that cannot be reached now as a 503 to retry
 * later (a restart, an outage), anything else as a 500 whose text never leaks internals.
 */
export function toApiError(err: unknown, development = false): ApiError {
  if (err instanceof ApiError) return err;
  const { status, message } = (err ?? {}) as { status?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new ApiError(status, statusCodes.get(status) ?? 'invalid_request', text || 'Bad request');
  }
  if (isDatabaseUnreachable(err)) {
    return new ApiError(503, 'service_unavailable', 'The database cannot be reached just now: try again shortly', { 'Retry-After': DATABASE_RETRY_AFTER_S });
  }
  return new ApiError(500, 'internal_error', development && text ? text : 'Internal server error');
}

export function errorBody(err: ApiError, cause: unknown, development: boolean): ErrorBody {
  const body: ErrorBody = { error: err.error, error_description: err.message, statusCode: err.statusCode };
  if (development && cause instanceof Error && cause.stack) body.stack = cause.stack;
  return body;
}

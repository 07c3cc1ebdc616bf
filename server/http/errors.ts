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

/**
 * Any thrown value becomes an ApiError: ours as they are, errors of the body reader (which carry a `status`: 413,
 * 400 for an aborted or mis-sized body) by their status, anything else as a 500 whose text never leaks internals.
 */
export function toApiError(err: unknown, development = false): ApiError {
  if (err instanceof ApiError) return err;
  const { status, message } = (err ?? {}) as { status?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new ApiError(status, statusCodes.get(status) ?? 'invalid_request', text || 'Bad request');
  }
  return new ApiError(500, 'internal_error', development && text ? text : 'Internal server error');
}

export function errorBody(err: ApiError, cause: unknown, development: boolean): ErrorBody {
  const body: ErrorBody = { error: err.error, error_description: err.message, statusCode: err.statusCode };
  if (development && cause instanceof Error && cause.stack) body.stack = cause.stack;
  return body;
}

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

const statusCodes: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

/**
 * Any thrown value becomes an ApiError: ours as they are, errors from Express and its parsers (which carry a
 * `status`) by their status, anything else as a 500 whose text never leaks internals.
 */
export function toApiError(err: unknown, development = false): ApiError {
  if (err instanceof ApiError) return err;
  const { status, errors, message } = (err ?? {}) as { status?: unknown; errors?: unknown; message?: unknown };
  const text = Array.isArray(errors) && errors.length ? describeValidation(errors) : typeof message === 'string' ? message : '';
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new ApiError(status, statusCodes[status] ?? 'invalid_request', text || 'Bad request');
  }
  return new ApiError(500, 'internal_error', development && text ? text : 'Internal server error');
}

/** express-openapi-validator's `[{ path: '/body/name', message }]` → "body.name must ...". */
function describeValidation(errors: Array<{ path?: string; message?: string }>): string {
  return errors
    .map(({ path, message }) => [path?.replace(/^\//, '').replace(/\//g, '.'), message].filter(Boolean).join(' '))
    .join('; ');
}

export function errorBody(err: ApiError, cause: unknown, development: boolean): ErrorBody {
  const body: ErrorBody = { error: err.error, error_description: err.message, statusCode: err.statusCode };
  if (development && cause instanceof Error && cause.stack) body.stack = cause.stack;
  return body;
}

/** The error catalogue of seed 001 §8 and the validation texts of §5: users and tests see these texts verbatim. */
export const messages = {
  unknown: 'Unknown API Error',
  invalidAddress: 'Invalid Address',
  invalidToken: 'Invalid Token',
  invalidHomey: 'Invalid Homey',
  invalidHomeyId: 'Invalid Homey ID',
  noHomeyFound: 'No Homey Found At Address',
  homeyOffline: 'Homey Offline',
  invalidJson: 'Failed to parse response body as JSON',
  notConnected: 'Not connected after connect',
  missingParameter: (name: string) => `Missing Parameter: ${name}`,
  invalidParameterType: (name: string, got: string, expected: string) =>
    `Invalid Parameter Type: ${name}. Got: ${got}. Expected: ${expected}.`,
  timeout: (ms: number) => `Timeout after ${ms}ms`,
  handshakeTimeout: (ms: number) => `Failed to handshake client (Timeout after ${ms}ms).`,
  subscribeTimeout: (uri: string, ms: number) => `Failed to subscribe to ${uri} (Timeout after ${ms}ms).`,
} as const;

/** Any failed call: a message (never empty) and, when known, the HTTP status. */
export class APIError extends Error {
  constructor(
    message: string = messages.unknown,
    readonly statusCode?: number,
    /** A longer human text, such as the hub's `error_description` or the reason a hub is offline. */
    readonly description?: string,
  ) {
    super(message || messages.unknown);
    this.name = 'APIError';
  }
}

/** The hub's error body (PROTOCOL.md §3): clients read `error`, `error_description` and `stack` only. */
export interface HubErrorBody {
  error?: unknown;
  error_description?: unknown;
  stack?: unknown;
  statusCode?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * An error the hub answered. `message` is the human text (`error_description`, else `error`), `error` the short
 * code; a body that is not JSON becomes the message as it is.
 */
export class HubAPIError extends APIError {
  /** The hub's short code, such as `not_found` or `invalid_token`. */
  readonly error?: string;

  constructor(body: HubErrorBody | string | null | undefined, statusCode?: number) {
    const fields: HubErrorBody = typeof body === 'string' ? { error: body } : (body ?? {});
    const status = typeof fields.statusCode === 'number' ? fields.statusCode : statusCode;
    super(text(fields.error_description) ?? text(fields.error), status, text(fields.error_description));
    this.name = 'HubAPIError';
    this.error = text(fields.error);
    const stack = text(fields.stack);
    if (stack) this.stack = stack;
  }

  static async fromResponse(response: Response): Promise<HubAPIError> {
    const raw = await response.text();
    try {
      return new HubAPIError(JSON.parse(raw) as HubErrorBody, response.status);
    } catch {
      return new HubAPIError(raw || response.statusText, response.status);
    }
  }
}

/** A call, handshake or subscription that got no answer in time. */
export class TimeoutError extends APIError {
  constructor(message: string, statusCode = 408) {
    super(message, statusCode);
    this.name = 'TimeoutError';
  }
}

/** The hub could not be reached at all. */
export const homeyOffline = (reason?: string) => new APIError(messages.homeyOffline, 500, reason);

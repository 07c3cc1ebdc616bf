/** The error catalogue of seed 001 §8 and the validation texts of §5: users and tests see these texts verbatim. */
export const messages = {
  unknown: 'Unknown API Error',
  missingRedirectUrl: 'Missing Redirect URL',
  missingClientId: 'Missing Client ID',
  missingClientSecret: 'Missing Client Secret',
  missingCode: 'Missing Code',
  missingUsername: 'Missing Username',
  missingPassword: 'Missing Password',
  missingParams: 'Missing Params',
  missingGrantType: 'Missing Grant Type',
  missingToken: 'Missing Token',
  missingRefreshToken: 'Missing Refresh Token',
  missingRegion: 'Missing Region',
  invalidStorage: 'Invalid Storage Adapter',
  invalidAvatar: 'Invalid Avatar: expected a buffer',
  invalidAvatarType: 'Invalid Avatar Type: expected jpg, png or gif',
  unsupportedApiVersion: 'Unsupported Homey API Version',
  invalidPlatformVersion: 'Invalid Homey Platform Version',
  invalidServerResponse: 'Invalid response from server',
  noDiscoveryStrategies: 'No Discovery Strategies Available',
  homeyNotFound: (id: string) => `Homey Not Found: ${id}`,
  noHomeyAvailable: 'No Homey Available',
  missingCloudApi: 'Cannot Sign In: Missing AthomCloudAPI',
  flowIsBroken: 'Flow.isBroken requires the flow and flow-token managers to be connected',
  /** A flow uses a card the hub does not have (this library's text; the seed names only the token's). */
  missingFlowCard: (id: string) => `Missing Card: ${id}`,
  /** A flow card's argument or dropped token refers to a token that neither the flow nor the hub has. */
  missingFlowToken: (token: string) => `Missing Token: ${token}`,
  /** Every strategy of a race failed and none of their errors is the one to report. */
  allPromisesRejected: 'All Promises rejected',
  invalidAddress: 'Invalid Address',
  invalidToken: 'Invalid Token',
  invalidHomey: 'Invalid Homey',
  invalidHomeyId: 'Invalid Homey ID',
  /** A route table entry (generated manifest) whose path is not a template of its path arguments. */
  invalidPath: 'Invalid Path',
  /** A route table entry with an argument that travels neither in the path, the query, the body nor a header. */
  invalidIn: "Invalid 'in'",
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
  /** The reason a reconnect_failed closes the connection with 'Homey Offline'. */
  reconnectFailed: (attempts: number) => `Gave up reconnecting after ${attempts} attempts`,
} as const;

/**
 * Texts of the socket's transport layer (socket.io-client, engine.io-client) that the library reads; the others
 * ('No transports available', 'parser error', 'websocket error' ...) reach listeners as they are.
 */
export const transportTexts = {
  /** A connect that got no answer in time. */
  timeout: 'timeout',
  /** A failed upgrade probe, also as 'probe error: <why>'. */
  probeError: 'probe error',
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

/** The cloud's error body: the first of these that is set is the message (seed 001 §8). */
export interface CloudErrorBody {
  error_description?: unknown;
  error_message?: unknown;
  error?: unknown;
  message?: unknown;
  result?: unknown;
}

/** An `error_description` object (`{ password: 'Too short' }`) reads `password: Too short` (PROTOCOL.md §7). */
const describe = (value: unknown): string | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value).map(([key, item]) => `${key}: ${String(item)}`).join(', ') || undefined
    : text(value);

/** A non-2xx answer of a cloud service, or a failed token request; `error` is the OAuth2 code when there is one. */
export class CloudAPIError extends APIError {
  readonly error?: string;

  constructor(body: CloudErrorBody | null | undefined, statusCode: number, statusText = '') {
    const fields = body ?? {};
    const message = describe(fields.error_description) ?? text(fields.error_message) ?? text(fields.error) ?? text(fields.message) ?? text(fields.result) ?? statusText;
    super(message, statusCode, describe(fields.error_description));
    this.name = 'CloudAPIError';
    this.error = text(fields.error);
  }

  static async fromResponse(response: Response): Promise<CloudAPIError> {
    const raw = await response.text();
    try {
      return new CloudAPIError(JSON.parse(raw) as CloudErrorBody, response.status, response.statusText);
    } catch {
      return new CloudAPIError({ message: raw }, response.status, response.statusText);
    }
  }
}

/** Something asked for is not there (default status 404). */
export class NotFoundError extends APIError {
  constructor(message: string, statusCode = 404) {
    super(message, statusCode);
    this.name = 'NotFoundError';
  }
}

/** The same error with every occurrence of the secrets replaced, so that logs and screens never show them. */
export function redact<E extends Error>(error: E, secrets: readonly (string | undefined)[]): E {
  for (const secret of secrets) {
    if (!secret) continue;
    error.message = error.message.split(secret).join('[redacted]');
    const described = error as { description?: string };
    if (typeof described.description === 'string') {
      Object.defineProperty(error, 'description', { value: described.description.split(secret).join('[redacted]') });
    }
    if (error.stack) error.stack = error.stack.split(secret).join('[redacted]');
  }
  return error;
}

/** A call, handshake or subscription that got no answer in time. */
export class TimeoutError extends APIError {
  constructor(message: string, statusCode = 408) {
    super(message, statusCode);
    this.name = 'TimeoutError';
  }
}

/** Every attempt of a race failed and their reasons differ: `errors` holds each reason, in the attempts' order. */
export class AllRejectedError extends APIError {
  constructor(readonly errors: readonly unknown[], description?: string) {
    super(messages.allPromisesRejected, undefined, description);
    this.name = 'AllRejectedError';
  }
}

/** The hub could not be reached at all. */
export const homeyOffline = (reason?: string) => new APIError(messages.homeyOffline, 500, reason);

import { ApiError } from '../../../http/errors.js';

/** The error codes of RFC 6749 §5.2, each with its status. */
export const oauthError = {
  invalidRequest: (description: string) => new ApiError(400, 'invalid_request', description),
  invalidClient: () =>
    new ApiError(401, 'invalid_client', 'Unknown client or wrong client secret', { 'WWW-Authenticate': 'Basic realm="account", charset="UTF-8"' }),
  invalidGrant: (description: string) => new ApiError(400, 'invalid_grant', description),
  unauthorizedClient: (grant: string) => new ApiError(400, 'unauthorized_client', `This client may not use the ${grant} grant`),
  unsupportedGrantType: (grant: string) => new ApiError(400, 'unsupported_grant_type', `Unsupported grant type: ${grant}`),
  invalidScope: (scope: string) => new ApiError(400, 'invalid_scope', `This client may not ask for the scope ${scope}`),
};

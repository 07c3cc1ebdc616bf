import { messages } from '../errors.js';
import type { CloudResult } from './service.js';

/** What a Token is made from: the token endpoint's answer (the contract's TokenResponse), checked here, and its grant. */
export type TokenFields = Partial<Omit<CloudResult<'account', 'getAccessToken'>, 'token_type'>> & { token_type?: string; grant_type?: string };

/** The token endpoint's answer (seed 001 §3), plus the grant that produced it. */
export class Token {
  readonly token_type: string;
  readonly access_token: string;
  readonly refresh_token?: string;
  readonly expires_in?: number;
  readonly grant_type?: string;

  constructor(fields: TokenFields) {
    if (typeof fields?.access_token !== 'string' || !fields.access_token) throw new TypeError(messages.invalidToken);
    this.token_type = fields.token_type ?? 'bearer';
    this.access_token = fields.access_token;
    this.refresh_token = fields.refresh_token;
    this.expires_in = fields.expires_in;
    this.grant_type = fields.grant_type;
  }

  toJSON() {
    const { token_type, access_token, refresh_token, expires_in, grant_type } = this;
    return { token_type, access_token, refresh_token, expires_in, grant_type };
  }
}

/** A given token must be a Token (seed 001 §5): none is 'Missing Token', anything else 'Invalid Token'. */
export function checkToken(token: unknown): Token {
  if (token === undefined || token === null) throw new TypeError(messages.missingToken);
  if (!(token instanceof Token)) throw new TypeError(messages.invalidToken);
  return token;
}

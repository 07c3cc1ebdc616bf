import { errors, importSPKI, jwtVerify, type JWTPayload } from 'jose';
import type { Session } from '../../http/api.js';
import { systemClock, type Clock } from '../../http/clock.js';
import { ApiError } from '../../http/errors.js';
import { DELEGATION_ALGORITHM } from '../account/delegation.js';

/**
 * The signed-in customer behind a delegation token of the account service (`POST /delegation/token?audience=...`)
 * whose audience is the service called: the callers of every user-facing cloud service and of the support back end
 * (docs/protocol.md §8).
 */
export interface CloudSession extends Session {
  userId: string;
  email: string;
  firstname: string;
  lastname: string;
  /** First and last name, as the account holds them ('Anonymous' without either). */
  name: string;
  /** Whether the account service had seen the customer follow the link mailed to `email` when it signed the token. */
  emailVerified: boolean;
  /** The account's roles (`admin`, `app_reviewer`, `app_developer_trusted`). */
  roles: readonly string[];
}

/** The session behind a bearer token: null (or a thrown 401 saying why) for no valid one. */
export type VerifyAccessToken = (token: string) => Promise<CloudSession | null>;

/**
 * What a delegation token grants at the service of its audience: the account service signs one for a service's
 * audience only to a token that grants `account.readonly` (account-flows.ts), which the services' operations ask.
 */
const SCOPE = 'account.readonly';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Verifies delegation tokens offline with the account service's public key (`GET /delegation/key`, RS512): not
 * expired on `clock`, issued for `audience`. Nothing is asked of the account service per call. A token that fails
 * is refused with a 401 invalid_token that says why (expired, another audience, not a delegation token at all: an
 * account access token is for the account service only), thrown for the transport to answer where a token is needed.
 * `clock` is the time the account service signs by: the real time, whatever clock a service's own data follows
 * (tests move a store's clock to expire offers, not the tokens of its customers).
 */
export function delegationTokenVerifier(publicPem: string, audience: string, clock: Clock = systemClock): VerifyAccessToken {
  const key = importSPKI(publicPem, DELEGATION_ALGORITHM);
  const ask = `POST /delegation/token?audience=${audience} at the account service`;
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, await key, { algorithms: [DELEGATION_ALGORITHM], currentDate: new Date(clock.now()), requiredClaims: ['sub', 'aud', 'exp'] }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw refused(`The delegation token has expired: ask a new one (${ask})`);
      if (error instanceof errors.JOSEError) throw refused(`This service takes a delegation token of audience "${audience}" (${ask}); this token is none (an account access token is for the account service only)`);
      throw error;
    }
    if (payload.aud !== audience) throw refused(`This delegation token is for audience "${[payload.aud].flat().join(', ')}"; this service takes one of audience "${audience}" (${ask})`);
    const roles = Array.isArray(payload.roles) ? payload.roles.filter((role): role is string => typeof role === 'string') : [];
    const [firstname, lastname] = [text(payload.given_name), text(payload.family_name)];
    const name = [firstname, lastname].filter(Boolean).join(' ') || 'Anonymous';
    return { id: `delegation:${payload.sub}`, scopes: [SCOPE], userId: payload.sub!, email: text(payload.email), firstname, lastname, name, emailVerified: payload.email_verified === true, roles };
  };
}

const refused = (description: string) => new ApiError(401, 'invalid_token', description, { 'WWW-Authenticate': 'Bearer realm="homey", error="invalid_token"' });

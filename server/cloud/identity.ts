import { errors, importSPKI, jwtVerify } from 'jose';
import type { components } from '../../generated/cloud/account.js';
import type { Session } from '../http/api.js';
import { systemClock, type Clock } from '../http/clock.js';
import { ApiError } from '../http/errors.js';
import { DELEGATION_ALGORITHM } from './account/delegation.js';

type User = components['schemas']['User'];

/** The signed-in customer behind an access token of the account service. */
export interface CloudSession extends Session {
  userId: string;
  email: string;
  firstname: string;
  lastname: string;
  /** Whether the account service has seen the customer follow the link mailed to `email`. */
  emailVerified: boolean;
}

/** The session behind a raw access token, or null when the account service does not know it (or it expired). */
export type VerifyAccessToken = (token: string) => Promise<CloudSession | null>;

/** What every service but the account service calls its callers' tokens against. */
const SCOPE = 'account.readonly';

/**
 * What any token the account service issues looks like: visible ASCII, as a bearer header carries it (RFC 6750's
 * b64token and JWTs are narrower). Anything else (a NUL, a control or non-ASCII character from a query) is no token
 * at all, refused as unknown before it is put in a header (where it would not fit, and the call would fail as if the
 * account service were down).
 */
const WELL_FORMED_TOKEN = /^[\x21-\x7e]{1,4096}$/;

/**
 * The account service's user behind an access token (`getAuthenticatedUser`, GET /user/me with the caller's token):
 * null for a token it does not know, `'no-scope'` for one without `account.readonly`. The account service alone
 * holds tokens, so a revoked token stops working everywhere at once; one that cannot be reached makes the call a 503.
 */
export function accountUserOf(accountUrl: string, timeoutMs = 5000): (token: string) => Promise<User | null | 'no-scope'> {
  const url = new URL('/user/me', accountUrl);
  return async (token) => {
    if (!WELL_FORMED_TOKEN.test(token)) return null;
    let response: Response;
    try {
      response = await fetch(url, { headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw unavailable();
    }
    if (response.status === 401) return null;
    if (response.status === 403) return 'no-scope';
    if (!response.ok) throw unavailable();
    return (await response.json()) as User;
  };
}

/**
 * Verifies access tokens with the account service that issued them (see accountUserOf). A token without
 * `account.readonly` becomes a session without scopes (the dispatcher answers 403).
 */
export function accountTokenVerifier(accountUrl: string, timeoutMs = 5000): VerifyAccessToken {
  const userOf = accountUserOf(accountUrl, timeoutMs);
  return async (token) => {
    const user = await userOf(token);
    if (user === null) return null;
    if (user === 'no-scope') return { id: 'without-scope', scopes: [], userId: '', email: '', firstname: '', lastname: '', emailVerified: false };
    // Only an explicit true counts: an account service that does not say so has not verified the address.
    const emailVerified = user.emailVerified === true;
    return { id: `user:${user._id}`, scopes: [SCOPE], userId: user._id, email: user.email, firstname: user.firstname, lastname: user.lastname, emailVerified };
  };
}

const unavailable = () => new ApiError(503, 'service_unavailable', 'The account service cannot be reached to verify the access token: try again later');

/** The signed-in user behind a delegation token of the account service (`POST /delegation/token?audience=...`). */
export interface DelegatedSession extends Session {
  userId: string;
  /** First and last name, as the account holds them. */
  name: string;
  email: string;
  /** The account's roles (`admin`, `app_reviewer`, `app_developer_trusted`). */
  roles: readonly string[];
}

/**
 * Verifies delegation tokens offline with the account service's public key (`GET /delegation/key`): RS512, not
 * expired on `clock`, issued for `audience`. A token that fails any of it is no session (401 invalid_token).
 */
export function delegationTokenVerifier(publicPem: string, audience: string, clock: Clock = systemClock): (token: string) => Promise<DelegatedSession | null> {
  const key = importSPKI(publicPem, DELEGATION_ALGORITHM);
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, await key, { algorithms: [DELEGATION_ALGORITHM], audience, currentDate: new Date(clock.now()), requiredClaims: ['sub', 'exp'] });
      const text = (value: unknown) => (typeof value === 'string' ? value : '');
      const roles = Array.isArray(payload.roles) ? payload.roles.filter((role): role is string => typeof role === 'string') : [];
      const name = [text(payload.given_name), text(payload.family_name)].filter(Boolean).join(' ');
      return { id: `delegation:${payload.sub}`, scopes: [], userId: payload.sub!, name: name || 'Anonymous', email: text(payload.email), roles };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  };
}

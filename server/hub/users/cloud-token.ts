import { errors, importSPKI, jwtVerify, type CryptoKey, type JWTPayload } from 'jose';
import { ApiError } from '../../http/errors.js';
import type { HubCore } from '../core/context.js';

/** RS512 is what the cloud account service signs with (PROTOCOL.md §7); ES256 and RS256 stay accepted. */
const ALGORITHMS = ['ES256', 'RS256', 'RS512'];
const keys = new Map<string, Promise<CryptoKey>>();

export interface CloudClaims extends JWTPayload {
  /** The cloud account id: a user's `athomId`. */
  sub: string;
  /** Space-separated scopes the token delegates. */
  scope?: unknown;
  name?: unknown;
  role?: unknown;
}

export const invalidToken = (description: string) =>
  new ApiError(401, 'invalid_token', description, { 'WWW-Authenticate': 'Bearer realm="homey", error="invalid_token"' });

function keyFor(pem: string, alg: string): Promise<CryptoKey> {
  const cacheKey = `${alg}\n${pem}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = importSPKI(pem, alg);
    key.catch(() => keys.delete(cacheKey));
    keys.set(cacheKey, key);
  }
  return key;
}

/**
 * Verifies a JWT of the cloud account service (a delegation token or an installer token): its signature with the
 * configured public key, its expiry, and that it was issued for one of `audiences` (default: this hub only).
 */
export async function verifyCloudToken(hub: HubCore, jwt: string, audiences: readonly string[] = [hub.id]): Promise<CloudClaims> {
  const pem = hub.config.cloudPublicKey;
  if (!pem) throw invalidToken('This hub has no public key of the cloud account service configured, so it cannot accept cloud tokens');
  try {
    const { payload } = await jwtVerify(jwt, (header) => keyFor(pem, header.alg), {
      algorithms: ALGORITHMS,
      audience: [...audiences],
      requiredClaims: ['exp', 'sub'],
    });
    return payload as CloudClaims;
  } catch (err) {
    const reason = err instanceof errors.JOSEError ? err.message : 'it is not signed with a key this hub accepts';
    throw invalidToken(`Invalid cloud token: ${reason}`);
  }
}

import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { errors, importPKCS8, importSPKI, jwtVerify, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import type { components } from '../../../generated/cloud/account.js';
import { badRequest } from '../../http/errors.js';

export const DELEGATION_ALGORITHM = 'RS512';
export const DELEGATION_TTL_S = 60 * 60;

/** The RSA key pair that signs delegation tokens, kept in the data folder so that hubs keep trusting it. */
export interface DelegationKeys {
  publicPem: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

/** Reads the key pair from `dataDir`, making it on first start (private key readable by this user only). */
export async function loadDelegationKeys(dataDir: string): Promise<DelegationKeys> {
  const file = path.join(dataDir, 'delegation-key.pem');
  if (!existsSync(file)) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
  }
  const privatePem = readFileSync(file, 'utf8');
  const publicPem = createPublicKey(privatePem).export({ type: 'spki', format: 'pem' }).toString();
  return {
    publicPem,
    privateKey: await importPKCS8(privatePem, DELEGATION_ALGORITHM),
    publicKey: await importSPKI(publicPem, DELEGATION_ALGORITHM),
  };
}

export interface DelegationRequest {
  userId: string;
  audience: string;
  scopes: readonly string[];
  clientName: string;
  meta?: Record<string, unknown>;
  /** Who the user is, for the services a token is for (the app store names authors and mails them). */
  profile?: { email: string; email_verified?: boolean; given_name: string; family_name: string; roles: readonly string[] };
  nowMs: number;
}

export function signDelegationToken(keys: DelegationKeys, request: DelegationRequest): Promise<string> {
  const issuedAt = Math.floor(request.nowMs / 1000);
  return new SignJWT({ scope: request.scopes.join(' '), name: request.clientName, meta: request.meta ?? {}, ...request.profile })
    .setProtectedHeader({ alg: DELEGATION_ALGORITHM, typ: 'JWT' })
    .setSubject(request.userId)
    .setAudience(request.audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + DELEGATION_TTL_S)
    .sign(keys.privateKey);
}

export type DelegationClaims = components['schemas']['DelegationClaims'];

/** The claims of a token this service signed that has not expired, or a 400 saying why not. */
export async function verifyDelegationToken(keys: DelegationKeys, token: string, nowMs: number): Promise<DelegationClaims> {
  try {
    const { payload } = await jwtVerify<Omit<DelegationClaims, keyof JWTPayload>>(token, keys.publicKey, {
      algorithms: [DELEGATION_ALGORITHM],
      currentDate: new Date(nowMs),
      requiredClaims: ['sub', 'aud', 'exp', 'iat'],
    });
    // This service signs one audience per token (a string), and requiredClaims made the others present.
    return payload as DelegationClaims;
  } catch (error) {
    const reason = error instanceof errors.JOSEError ? error.message : 'it is not a JWT';
    throw badRequest(`Invalid delegation token: ${reason}`);
  }
}

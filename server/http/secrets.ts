import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new random secret for a bearer or invite token: 256 bits, URL-safe. */
export const newSecret = () => randomBytes(32).toString('base64url');

/** How secrets are kept: only their SHA-256, so that the database holds no usable token. */
// One-shot: every request with a bearer token hashes it, and a Hash object per call costs more than the digest.
export const secretHash = (secret: string) => hash('sha256', secret, 'hex');

/** Compares two secrets in constant time (their hashes have equal length whatever the inputs). */
export const sameSecret = (a: string, b: string) => timingSafeEqual(Buffer.from(secretHash(a)), Buffer.from(secretHash(b)));

import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** A new id: 24 hexadecimal characters, like the hub's. */
export const newId = () => randomBytes(12).toString('hex');

/** A new secret for a token, code or client: 256 random bits. */
export const newSecret = () => randomBytes(32).toString('base64url');

/** How secrets of high entropy (tokens, codes) are stored: their SHA-256, which no one can reverse. */
export const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** scrypt's cost: N = 2^log2N, memory 128 · N · r bytes. The default is OWASP's (128 MiB per hash). */
export interface PasswordCost {
  log2N: number;
  r: number;
  p: number;
}

export const DEFAULT_PASSWORD_COST: PasswordCost = { log2N: 17, r: 8, p: 1 };

const derive = (password: string, salt: Buffer, { log2N, r, p }: PasswordCost) =>
  new Promise<Buffer>((resolve, reject) => {
    const N = 2 ** log2N;
    const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
    scrypt(password.normalize('NFC'), salt, 32, options, (error, key) => (error ? reject(error) : resolve(key)));
  });

/** `scrypt$<log2N>$<r>$<p>$<salt>$<hash>`: the cost travels with the hash, so that raising it keeps old hashes valid. */
export async function hashPassword(password: string, cost: PasswordCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.log2N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, log2N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { log2N: Number(log2N), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Compares two secrets in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(digest(a));
  const y = Buffer.from(digest(b));
  return timingSafeEqual(x, y);
}

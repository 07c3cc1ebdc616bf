import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import * as argon2 from '@node-rs/argon2';
import type { Algorithm } from '@node-rs/argon2';

/** A new id: 24 hexadecimal characters, like the hub's. */
export const newId = () => randomBytes(12).toString('hex');

/** A new secret for a token, code or client: 256 random bits. */
export const newSecret = () => randomBytes(32).toString('base64url');

/** How secrets of high entropy (tokens, codes) are stored: their SHA-256, which no one can reverse. */
export const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** argon2id's cost: memory in KiB, passes, lanes. */
export interface PasswordCost {
  memoryKiB: number;
  passes: number;
  parallelism: number;
}

/**
 * OWASP's minimum for argon2id (19 MiB, 2 passes, 1 lane): about 66 ms a hash here, so that two cores sustain
 * well over 20 sign-ins a second while a stolen hash still costs a guesser the same per guess.
 */
export const DEFAULT_PASSWORD_COST: PasswordCost = { memoryKiB: 19 * 1024, passes: 2, parallelism: 1 };

const ARGON2ID = 2 as Algorithm;

const argon2Options = ({ memoryKiB, passes, parallelism }: PasswordCost) => ({ algorithm: ARGON2ID, memoryCost: memoryKiB, timeCost: passes, parallelism });

/** Accounts made before argon2id hold `scrypt$<log2N>$<r>$<p>$<salt>$<hash>`: still verified, rehashed at sign-in. */
function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, log2N, r, p, salt, hash] = stored.split('$');
  const expected = Buffer.from(hash ?? '', 'base64url');
  const N = 2 ** Number(log2N);
  const options: ScryptOptions = { N, r: Number(r), p: Number(p), maxmem: 256 * N * Number(r) };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), Buffer.from(salt ?? '', 'base64url'), 32, options, (error, key) =>
      error ? reject(error) : resolve(expected.length === key.length && timingSafeEqual(key, expected)),
    ),
  );
}

/** Hashes and checks passwords at one cost; every check, even of an unknown account, does the same work. */
export class Passwords {
  private dummy: Promise<string> | undefined;

  constructor(readonly cost: PasswordCost) {}

  hash(password: string): Promise<string> {
    return argon2.hash(password.normalize('NFC'), argon2Options(this.cost));
  }

  async verify(password: string, stored: string): Promise<boolean> {
    if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
    if (!stored.startsWith('$argon2')) return false;
    return argon2.verify(stored, password.normalize('NFC'));
  }

  /** A check for an account that does not exist: as long as a real one (a dummy hash at the current cost), always false. */
  async verifyNobody(password: string): Promise<false> {
    this.dummy ??= this.hash(randomBytes(16).toString('base64url'));
    await this.verify(password, await this.dummy);
    return false;
  }

  /** Whether a stored hash is of another scheme or cost than the current one. */
  isOutdated(stored: string): boolean {
    if (!stored.startsWith('$argon2id$')) return true;
    const { memoryCost, timeCost, parallelism } = argon2.parseOptions(stored);
    return memoryCost !== this.cost.memoryKiB || timeCost !== this.cost.passes || parallelism !== this.cost.parallelism;
  }
}

/** Compares two secrets in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(digest(a));
  const y = Buffer.from(digest(b));
  return timingSafeEqual(x, y);
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Clock } from '../../http/clock.js';
import { forbidden } from '../../http/errors.js';

/** How long a signed upload or download URL works. */
export const SIGNED_URL_TTL_MS = 60 * 60 * 1000;

export type UrlAction = 'upload' | 'download';

/** Signs and checks the archive URLs this service hands out, so that they work without a token. */
export interface UrlSigner {
  /** `?expires=..&signature=..` of an archive's URL, valid SIGNED_URL_TTL_MS. */
  sign(action: UrlAction, archiveId: string): { query: string; expiresAt: string };
  /** 403 unless the signature is this service's for that archive and action, and not expired. */
  check(action: UrlAction, archiveId: string, expires: number, signature: string): void;
}

/** The signing key lives in the data folder (made on first start), so that URLs outlive a restart. */
export function urlSigner(dataDir: string, clock: Clock): UrlSigner {
  const file = path.join(dataDir, 'apps-url-key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  const mac = (action: UrlAction, archiveId: string, expires: number) => createHmac('sha256', key).update(`${action} ${archiveId} ${expires}`).digest('base64url');
  return {
    sign(action, archiveId) {
      const expires = Math.floor((clock.now() + SIGNED_URL_TTL_MS) / 1000);
      return { query: `expires=${expires}&signature=${mac(action, archiveId, expires)}`, expiresAt: new Date(expires * 1000).toISOString() };
    },
    check(action, archiveId, expires, signature) {
      const expected = Buffer.from(mac(action, archiveId, expires));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw forbidden('The URL is not signed by this service');
      if (expires * 1000 <= clock.now()) throw forbidden('The URL has expired: ask for a new one');
    },
  };
}

import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import type { components } from '../../../generated/cloud/dns.js';
import { localHostName } from '../../hub/local-name.js';
import type { DnsDb } from './db.js';
import { issueCertificate, pem, type Name } from './x509.js';

type HomeyCertificate = components['schemas']['HomeyCertificate'];

const DAY_MS = 86_400_000;
export const CERTIFICATE_DAYS = 90;
/** A certificate this close to its end is replaced by a new one. */
export const RENEW_DAYS = 30;
const AUTHORITY_YEARS = 10;
const AUTHORITY: Name = { commonName: 'Local hub certificate authority', organization: 'Smart home platform' };

const newKeyPair = () => generateKeyPairSync('ec', { namedCurve: 'P-256' });
const privatePem = (key: ReturnType<typeof newKeyPair>['privateKey']) => key.export({ type: 'pkcs8', format: 'pem' }).toString();

/** The authority, made on first use; instances racing to make it all keep the one stored first. */
async function authority(db: DnsDb, now: number): Promise<{ privateKey: string; certificate: string }> {
  const stored = await db.selectFrom('certificate_authority').select(['private_key', 'certificate']).where('id', '=', 'ca').executeTakeFirst();
  if (stored) return { privateKey: stored.private_key, certificate: stored.certificate };
  const { privateKey, publicKey } = newKeyPair();
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + AUTHORITY_YEARS);
  const certificate = pem(
    issueCertificate({ subject: AUTHORITY, subjectKey: publicKey, issuer: AUTHORITY, issuerKey: privateKey, issuerPublicKey: publicKey, notBefore: new Date(now - DAY_MS), notAfter, profile: { ca: true } }),
  );
  await db.insertInto('certificate_authority').values({ id: 'ca', private_key: privatePem(privateKey), certificate }).onConflict((c) => c.column('id').doNothing()).execute();
  return authority(db, now);
}

/** The hub's certificate for its local name: the stored one while it has more than RENEW_DAYS left, else a new one. */
export async function hubCertificate(db: DnsDb, hubId: string, now: number): Promise<HomeyCertificate> {
  const ca = await authority(db, now);
  const hostname = localHostName(hubId);
  const stored = await db.selectFrom('hub_certificates').selectAll().where('hub_id', '=', hubId).executeTakeFirst();
  if (stored && Date.parse(stored.expires_at) - now > RENEW_DAYS * DAY_MS) {
    return { hostname, certificate: stored.certificate, privateKey: stored.private_key, ca: ca.certificate, expiresAt: stored.expires_at };
  }
  const { privateKey, publicKey } = newKeyPair();
  const caKey = createPrivateKey(ca.privateKey);
  const certificate = pem(
    issueCertificate({
      subject: { commonName: hostname },
      subjectKey: publicKey,
      issuer: AUTHORITY,
      issuerKey: caKey,
      issuerPublicKey: createPublicKey(caKey),
      // An hour back, for clocks a little behind.
      notBefore: new Date(now - 3_600_000),
      notAfter: new Date(now + CERTIFICATE_DAYS * DAY_MS),
      profile: { ca: false, dnsNames: [hostname] },
    }),
  );
  const row = { hub_id: hubId, private_key: privatePem(privateKey), certificate, expires_at: new Date(now + CERTIFICATE_DAYS * DAY_MS).toISOString() };
  await db
    .insertInto('hub_certificates')
    .values(row)
    .onConflict((c) => c.column('hub_id').doUpdateSet({ private_key: row.private_key, certificate: row.certificate, expires_at: row.expires_at }))
    .execute();
  return { hostname, certificate, privateKey: row.private_key, ca: ca.certificate, expiresAt: row.expires_at };
}

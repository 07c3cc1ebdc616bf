import { createPrivateKey, webcrypto } from 'node:crypto';
// tsyringe, on which @peculiar/x509 builds, needs the Reflect metadata API before it loads.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import type { components } from '../../../generated/cloud/dns.js';
import { localHostName } from '../../common/local-name.js';
import type { DnsDb } from './db.js';

type HomeyCertificate = components['schemas']['HomeyCertificate'];

const DAY_MS = 86_400_000;
export const CERTIFICATE_DAYS = 90;
/** A certificate this close to its end is replaced by a new one. */
export const RENEW_DAYS = 30;
const AUTHORITY_YEARS = 10;
const AUTHORITY_NAME = 'CN=Local hub certificate authority, O=Smart home platform';
/** Every key of the service is a P-256 key; certificates are signed with ECDSA and SHA-256. */
const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };

// @peculiar/x509 runs on WebCrypto; Node's is the one it needs.
const crypto = webcrypto as unknown as Crypto;
const { subtle } = webcrypto;

const newKeyPair = () => subtle.generateKey(ALGORITHM, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;
const privatePem = async (key: CryptoKey) =>
  x509.PemConverter.encode(await subtle.exportKey('pkcs8', key as webcrypto.CryptoKey), 'PRIVATE KEY');
const signingKey = (pem: string) =>
  subtle.importKey('pkcs8', createPrivateKey(pem).export({ type: 'pkcs8', format: 'der' }), ALGORITHM, false, ['sign']) as Promise<CryptoKey>;

/** The authority, made on first use; instances racing to make it all keep the one stored first. */
async function authority(db: DnsDb, now: number): Promise<{ privateKey: string; certificate: string }> {
  const stored = await db.selectFrom('certificate_authority').select(['private_key', 'certificate']).where('id', '=', 'ca').executeTakeFirst();
  if (stored) return { privateKey: stored.private_key, certificate: stored.certificate };
  const keys = await newKeyPair();
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + AUTHORITY_YEARS);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned(
    {
      name: AUTHORITY_NAME,
      keys,
      notBefore: new Date(now - DAY_MS),
      notAfter,
      signingAlgorithm: ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(true, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, crypto),
      ],
    },
    crypto,
  );
  await db
    .insertInto('certificate_authority')
    .values({ id: 'ca', private_key: await privatePem(keys.privateKey), certificate: certificate.toString('pem') })
    .onConflict((c) => c.column('id').doNothing())
    .execute();
  return authority(db, now);
}

/** A TLS server certificate for `hostname`, valid CERTIFICATE_DAYS from `now`, signed by the authority, with its new key. */
async function issue(ca: { privateKey: string; certificate: string }, hostname: string, now: number) {
  const issuer = new x509.X509Certificate(ca.certificate);
  const keys = await newKeyPair();
  const certificate = await x509.X509CertificateGenerator.create(
    {
      subject: `CN=${hostname}`,
      issuer: issuer.subject,
      publicKey: keys.publicKey,
      signingKey: await signingKey(ca.privateKey),
      // An hour back, for clocks a little behind.
      notBefore: new Date(now - 3_600_000),
      notAfter: new Date(now + CERTIFICATE_DAYS * DAY_MS),
      signingAlgorithm: ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
        new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: hostname }]),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, crypto),
        await x509.AuthorityKeyIdentifierExtension.create(issuer, false, crypto),
      ],
    },
    crypto,
  );
  return { certificate: certificate.toString('pem'), privateKey: await privatePem(keys.privateKey) };
}

/** The hub's certificate for its local name: the stored one while it has more than RENEW_DAYS left, else a new one. */
export async function hubCertificate(db: DnsDb, hubId: string, now: number): Promise<HomeyCertificate> {
  const ca = await authority(db, now);
  const hostname = localHostName(hubId);
  const stored = await db.selectFrom('hub_certificates').selectAll().where('hub_id', '=', hubId).executeTakeFirst();
  if (stored && Date.parse(stored.expires_at) - now > RENEW_DAYS * DAY_MS) {
    return { hostname, certificate: stored.certificate, privateKey: stored.private_key, ca: ca.certificate, expiresAt: stored.expires_at };
  }
  const { certificate, privateKey } = await issue(ca, hostname, now);
  const row = { hub_id: hubId, private_key: privateKey, certificate, expires_at: new Date(now + CERTIFICATE_DAYS * DAY_MS).toISOString() };
  await db
    .insertInto('hub_certificates')
    .values(row)
    .onConflict((c) => c.column('hub_id').doUpdateSet({ private_key: row.private_key, certificate: row.certificate, expires_at: row.expires_at }))
    .execute();
  return { hostname, certificate, privateKey, ca: ca.certificate, expiresAt: row.expires_at };
}

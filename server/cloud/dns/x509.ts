import { createHash, randomBytes, sign, type KeyObject } from 'node:crypto';
import * as der from './der.js';

/** ecdsa-with-SHA256: every key of the service is a P-256 key. */
const ECDSA_SHA256 = der.sequence(der.objectIdentifier('1.2.840.10045.4.3.2'));

const OID = {
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  basicConstraints: '2.5.29.19',
  authorityKeyIdentifier: '2.5.29.35',
  extKeyUsage: '2.5.29.37',
  serverAuth: '1.3.6.1.5.5.7.3.1',
};

export interface Name {
  commonName: string;
  organization?: string;
}

const name = ({ commonName, organization }: Name) =>
  der.sequence(
    ...(organization ? [der.set(der.sequence(der.objectIdentifier(OID.organization), der.utf8String(organization)))] : []),
    der.set(der.sequence(der.objectIdentifier(OID.commonName), der.utf8String(commonName))),
  );

const extension = (oid: string, critical: boolean, value: Buffer) =>
  der.sequence(der.objectIdentifier(oid), ...(critical ? [der.boolean(true)] : []), der.octetString(value));

/** The SHA-1 of the key's bits (RFC 5280 §4.2.1.2, method 1): how issuer and subject keys are matched. */
function keyIdentifier(publicKey: KeyObject): Buffer {
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  // The subjectPublicKey BIT STRING is the SPKI's last element; a P-256 point is its last 65 bytes.
  return createHash('sha1').update(spki.subarray(spki.length - 65)).digest();
}

export interface CertificateRequest {
  subject: Name;
  subjectKey: KeyObject;
  issuer: Name;
  issuerKey: KeyObject;
  /** The issuer's public key, for the authority key identifier (the subject's own when self-signed). */
  issuerPublicKey: KeyObject;
  notBefore: Date;
  notAfter: Date;
  /** A certificate authority (signs certificates) or a TLS server for `dnsNames`. */
  profile: { ca: true } | { ca: false; dnsNames: readonly string[] };
}

/** An X.509 v3 certificate (RFC 5280), DER, signed with ECDSA P-256 and SHA-256. */
export function issueCertificate(request: CertificateRequest): Buffer {
  const { profile } = request;
  const extensions = profile.ca
    ? [
        extension(OID.basicConstraints, true, der.sequence(der.boolean(true))),
        extension(OID.keyUsage, true, der.namedBits([5, 6])),
      ]
    : [
        extension(OID.basicConstraints, true, der.sequence()),
        extension(OID.keyUsage, true, der.namedBits([0])),
        extension(OID.extKeyUsage, false, der.sequence(der.objectIdentifier(OID.serverAuth))),
        extension(OID.subjectAltName, false, der.sequence(...profile.dnsNames.map((dns) => der.implicit(2, Buffer.from(dns, 'ascii'))))),
      ];
  extensions.push(
    extension(OID.subjectKeyIdentifier, false, der.octetString(keyIdentifier(request.subjectKey))),
    extension(OID.authorityKeyIdentifier, false, der.sequence(der.implicit(0, keyIdentifier(request.issuerPublicKey)))),
  );
  // A positive serial of 127 random bits (RFC 5280 §4.1.2.2: at most 20 bytes, unique per issuer).
  const serial = randomBytes(16);
  serial[0]! &= 0x7f;
  const tbs = der.sequence(
    der.explicit(0, der.smallInteger(2)),
    der.unsignedInteger(serial),
    ECDSA_SHA256,
    name(request.issuer),
    der.sequence(der.time(request.notBefore), der.time(request.notAfter)),
    name(request.subject),
    request.subjectKey.export({ type: 'spki', format: 'der' }),
    der.explicit(3, der.sequence(...extensions)),
  );
  const signature = sign('sha256', tbs, { key: request.issuerKey, dsaEncoding: 'der' });
  return der.sequence(tbs, ECDSA_SHA256, der.bitString(signature));
}

export const pem = (certificate: Buffer) => `-----BEGIN CERTIFICATE-----\n${certificate.toString('base64').match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;

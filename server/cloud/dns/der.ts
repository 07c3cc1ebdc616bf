/**
 * The few DER (X.690) encodings an X.509 certificate needs. Written here because node:crypto reads certificates
 * (X509Certificate) but does not make them, and no certificate library is among the dependencies: a library such
 * as @peculiar/x509 would replace this file and x509.ts.
 */
const length = (n: number): Buffer => {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
};

/** A tag-length-value. */
export const tlv = (tag: number, ...contents: Buffer[]): Buffer => {
  const body = Buffer.concat(contents);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
};

export const sequence = (...items: Buffer[]) => tlv(0x30, ...items);
export const set = (...items: Buffer[]) => tlv(0x31, ...items);
/** [n] EXPLICIT (constructed, context-specific). */
export const explicit = (n: number, content: Buffer) => tlv(0xa0 | n, content);
/** [n] IMPLICIT of a primitive (context-specific). */
export const implicit = (n: number, content: Buffer) => tlv(0x80 | n, content);
export const boolean = (value: boolean) => tlv(0x01, Buffer.from([value ? 0xff : 0x00]));
export const octetString = (bytes: Buffer) => tlv(0x04, bytes);
export const utf8String = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));

/** A non-negative integer from its big-endian bytes (a leading zero keeps it positive). */
export const unsignedInteger = (bytes: Buffer) => {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const trimmed = bytes.subarray(start);
  return tlv(0x02, trimmed[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
};
export const smallInteger = (n: number) => unsignedInteger(Buffer.from([n]));

/** A bit string of whole bytes (no unused bits). */
export const bitString = (bytes: Buffer) => tlv(0x03, Buffer.from([0]), bytes);

/** Named bits (bit 0 first, as X.509's KeyUsage numbers them), in DER's shortest form. */
export function namedBits(bits: readonly number[]): Buffer {
  const last = Math.max(...bits);
  const bytes = Buffer.alloc(Math.floor(last / 8) + 1);
  for (const bit of bits) bytes[Math.floor(bit / 8)]! |= 0x80 >> bit % 8;
  return tlv(0x03, Buffer.from([7 - (last % 8)]), bytes);
}

export function objectIdentifier(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number) as [number, number, ...number[]];
  const bytes = [40 * first + second];
  for (const arc of rest) {
    const base128 = [arc & 0x7f];
    for (let value = arc >> 7; value > 0; value >>= 7) base128.unshift(0x80 | (value & 0x7f));
    bytes.push(...base128);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** UTCTime until 2049, GeneralizedTime after (RFC 5280 §4.1.2.5). */
export function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return date.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${iso}Z`));
}

/** A JSON answer as sent: its ETag and length at once, its bytes and its gzip (null when it does not pay) on demand. */
export interface EncodedAnswer {
  etag: string;
  length: number;
  body(): Buffer;
  gzip(): Buffer | null;
}

/** How each answer that is never changed in place is encoded (see encodedOnce), and its encoding once made. */
const encoders = new WeakMap<object, () => EncodedAnswer>();
const encodings = new WeakMap<object, EncodedAnswer>();

/**
 * Marks an answer as never changed in place (it is frozen here) and encoded by `encode`, on its first send, once for
 * every send after: the ETag, bytes and gzip of a shared answer are made once, not per request.
 */
export function encodedOnce<T extends object>(answer: T, encode: () => EncodedAnswer): Readonly<T> {
  encoders.set(Object.freeze(answer), encode);
  return answer;
}

/** The encoding of an answer marked by encodedOnce, made on first use; undefined for any other value. */
export function cachedEncoding(value: unknown): EncodedAnswer | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  let encoding = encodings.get(value);
  if (!encoding) {
    const encode = encoders.get(value);
    if (!encode) return undefined;
    encodings.set(value, (encoding = encode()));
  }
  return encoding;
}

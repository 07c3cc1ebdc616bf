import { cachedEncoding, encodedOnce, type EncodedAnswer } from './encoded-answer.js';

const encoding = (text: string): EncodedAnswer => ({ etag: `"${text}"`, length: text.length, body: () => Buffer.from(text), gzip: () => null });

describe('answers encoded once', () => {
  it('when an answer is marked, then it is frozen and encoded on its first send only, the same encoding for every send after', () => {
    let made = 0;
    const answer = encodedOnce({ a: { id: 'a' } }, () => (made++, encoding('{"a":{"id":"a"}}')));
    expect(Object.isFrozen(answer)).toBe(true);
    expect(made).toBe(0);
    const first = cachedEncoding(answer);
    expect(cachedEncoding(answer)).toBe(first);
    expect(first?.body().toString()).toBe('{"a":{"id":"a"}}');
    expect(made).toBe(1);
  });

  it('when a value was not marked (an equal copy, a plain object, a string, null), then it has no cached encoding', () => {
    const answer = encodedOnce({ a: 1 }, () => encoding('{"a":1}'));
    for (const value of [{ ...answer }, { a: 1 }, '{"a":1}', null, undefined]) expect(cachedEncoding(value)).toBeUndefined();
  });
});

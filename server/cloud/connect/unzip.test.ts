import { gunzipSync, gzipSync } from 'node:zlib';
import { UnzippedAnswers } from './unzip.js';

/** A JSON list of `count` devices named after `name`: each list unzips to the same length for the same count. */
const list = (name: string, count = 500) => Buffer.from(JSON.stringify(Array.from({ length: count }, (_, index) => ({ id: `${name}-${index}`, on: index % 2 === 0 }))));

describe('the connect service unzipping the answers it asked gzipped', () => {
  it('when the same gzip is unzipped again, then the answer is the bytes unzipped the first time, not unzipped anew', async () => {
    const answers = new UnzippedAnswers();
    const gzip = gzipSync(list('lamp'));
    const first = await answers.unzip(gzip);
    expect(first.equals(list('lamp'))).toBe(true);
    // The same bytes in another buffer, as the next frame of the tunnel brings them.
    expect(await answers.unzip(Buffer.from(gzip))).toBe(first);
  });

  it('when a gzip has the length and trailer of one kept but other bytes, then it is unzipped on its own', async () => {
    const answers = new UnzippedAnswers();
    const kept = gzipSync(list('lamp'));
    await answers.unzip(kept);
    const other = gzipSync(list('plug'));
    expect(other.length).toBe(kept.length);
    expect((await answers.unzip(other)).equals(list('plug'))).toBe(true);
    // Its trailer made the kept one's (a CRC-32 that does not match its bytes): unzipping it fails, as without keeping.
    kept.copy(other, other.length - 8, kept.length - 8);
    await expect(answers.unzip(other)).rejects.toThrow();
  });

  it('when the answers kept pass the budget, then the least recently used is forgotten first', async () => {
    const [a, b, c] = ['a', 'b', 'c'].map((name) => gzipSync(list(name)));
    const answers = new UnzippedAnswers(Math.floor(list('a').length * 2.5));
    const firstA = await answers.unzip(a!);
    const firstB = await answers.unzip(b!);
    await answers.unzip(a!);
    await answers.unzip(c!);
    expect(await answers.unzip(a!)).toBe(firstA);
    const againB = await answers.unzip(b!);
    expect(againB).not.toBe(firstB);
    expect(againB.equals(gunzipSync(b!))).toBe(true);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from '../../scripts/precompress.js';
import { fetchRaw } from '../http/testing/fetch-raw.js';
import { startTestSupport, type TestSupport } from './testing.js';

describe("the form's host: its files compressed at build, cached by name, never framed", () => {
  const formDir = mkdtempSync(path.join(tmpdir(), 'form-dist-'));
  const script = `console.log(${JSON.stringify('the support form '.repeat(400))});\n`;
  const page = `<!doctype html><html><head><title>Open Hub Support</title><script type="module" src="/assets/index-Dn5QsU5N.js"></script></head><body><div id="root"></div></body></html>\n`;
  let support: TestSupport;
  const asset = () => `${support.url}/assets/index-Dn5QsU5N.js`;

  beforeAll(async () => {
    mkdirSync(path.join(formDir, 'assets'));
    writeFileSync(path.join(formDir, 'index.html'), page);
    writeFileSync(path.join(formDir, 'assets', 'index-Dn5QsU5N.js'), script);
    writeFileSync(path.join(formDir, 'nomodule.js'), script);
    expect((await precompress(formDir)).sort()).toEqual([path.join('assets', 'index-Dn5QsU5N.js'), 'nomodule.js']);
    support = await startTestSupport({ formDir });
  });
  afterAll(async () => {
    await support.stop();
    rmSync(formDir, { recursive: true, force: true });
  });

  it('when a browser takes brotli, then a hashed script comes as the build compressed it, immutable for a year', async () => {
    const { status, headers, body } = await fetchRaw(asset(), { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(status).toBe(200);
    expect(headers['content-encoding']).toBe('br');
    expect(headers.vary).toMatch(/Accept-Encoding/);
    expect(headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('when a browser takes gzip only, then gzip; without Accept-Encoding, the file as it is', async () => {
    const gzipped = await fetchRaw(asset(), { 'Accept-Encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(script);
    const plain = await fetchRaw(asset());
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    expect(plain.body.toString()).toBe(script);
  });

  it('when the page or an unhashed file is asked for, then it must be revalidated, and an unchanged one is a 304', async () => {
    const first = await fetchRaw(`${support.url}/`, { 'Accept-Encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.body.toString()).toBe(page);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toBeDefined();
    expect(first.headers['last-modified']).toBeDefined();
    const again = await fetchRaw(`${support.url}/`, { 'If-None-Match': first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const unhashed = await fetchRaw(`${support.url}/nomodule.js`, { 'Accept-Encoding': 'br' });
    expect(unhashed.headers['cache-control']).toBe('no-cache');
    expect(unhashed.headers['content-encoding']).toBe('br');
    const revalidated = await fetchRaw(`${support.url}/nomodule.js`, { 'Accept-Encoding': 'br', 'If-None-Match': unhashed.headers.etag! });
    expect(revalidated.status).toBe(304);
  });

  it('when any page of the host is asked for, then no other page may frame it and scripts come only from the host', async () => {
    for (const url of [`${support.url}/`, `${support.url}/hc`, `${support.url}/hc/articles/360001`, asset()]) {
      const { headers } = await fetchRaw(url);
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    }
    const { headers } = await fetchRaw(`${support.url}/`);
    expect(headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
  });
});

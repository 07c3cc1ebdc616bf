import type express from 'express';
import expressStaticGzip from 'express-static-gzip';

/** A year: what a file whose name carries its content's hash may be kept for without asking again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Built assets are named `assets/<name>-<hash>.<ext>` (Vite's, and the docs' of scripts/docs-page.ts): a changed file is a new name. */
const HASHED = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.(br|gz))?$/;

/**
 * A built folder of static files (the support form, the API docs): each file as the build precompressed it
 * (scripts/precompress.ts: brotli, else gzip, by Accept-Encoding, with `Vary: Accept-Encoding`); hashed assets
 * cached for a year as immutable, pages and other unhashed files revalidated on every use (ETag, Last-Modified: an
 * unchanged page is a 304).
 */
export function precompressedFiles(folder: string): express.Handler {
  return expressStaticGzip(folder, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: 'index.html',
    serveStatic: {
      cacheControl: false,
      setHeaders(res, file) {
        res.setHeader('Cache-Control', HASHED.test(file) ? IMMUTABLE : 'no-cache');
      },
    },
  });
}

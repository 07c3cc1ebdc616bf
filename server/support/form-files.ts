import express from 'express';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';

/** A year: what a file whose name carries its content's hash may be kept for without asking again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Vite names its outputs `assets/<name>-<hash>.<ext>`: a changed file is a new name. */
const HASHED = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.(br|gz))?$/;

/**
 * Who may frame the form's host, and what its pages may load: no page may frame it (against clickjacking), scripts
 * only from this host (the form's own bundle); calls, sockets and images go to the cloud services and to the
 * customer's hub, wherever that is (a LAN address, over http or ws), so those stay open.
 */
export const formSecurityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'"],
      'img-src': ["'self'", 'data:', 'blob:', 'http:', 'https:'],
      'connect-src': ["'self'", 'http:', 'https:', 'ws:', 'wss:'],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  // The host is plain http on a machine or a LAN unless something in front of it adds TLS, which then says so itself.
  strictTransportSecurity: false,
});

/**
 * The built form (form/dist): each file as the build precompressed it (brotli, else gzip, by Accept-Encoding, with
 * `Vary: Accept-Encoding`); hashed assets cached for a year as immutable, the page and other unhashed files
 * revalidated on every use (ETag, Last-Modified: an unchanged page is a 304).
 */
export function formFiles(formDir: string): express.Handler {
  return expressStaticGzip(formDir, {
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

import express from 'express';
import helmet from 'helmet';
import { precompressedFiles } from '../../http/precompressed-files.js';

/**
 * What the docs pages (scripts/docs.ts) may load: only the hub's own files. Redoc's bundle names Redocly's CDN (its
 * logo, its icon sets) and telemetry host; this policy keeps the browser from calling them, so that reading the docs
 * asks nothing of any other machine whatever a Redoc update adds. Redoc styles its components with inline style
 * elements (styled-components) and inlines its tree-view icon font, hence 'unsafe-inline' styles and data: fonts.
 */
const docsSecurityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  // The hub is plain http on a machine or a LAN; its secure listener says so itself.
  strictTransportSecurity: false,
});

/** The rendered API docs at /docs: precompressed, shared assets immutable, pages revalidated, loading nothing from elsewhere. */
export function docsFiles(folder: string): express.Router {
  const router = express.Router();
  router.use('/docs', docsSecurityHeaders, precompressedFiles(folder));
  return router;
}

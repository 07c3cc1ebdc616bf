import helmet from 'helmet';

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

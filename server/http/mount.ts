import type { RequestListener } from 'node:http';

/**
 * Several services on one port: a request whose path starts with a mounted base path (`/store`) goes to that
 * service with the base path taken off, as if the service had its own host; every other request to `root`. The
 * table is read per request, so services can be mounted once the root service listens and knows its own URL.
 */
export function withMounts(root: RequestListener, mounts: ReadonlyMap<string, RequestListener>): RequestListener {
  return (req, res) => {
    const url = req.url ?? '/';
    const base = /^\/[^/?#]+/.exec(url)?.[0];
    const mounted = base === undefined ? undefined : mounts.get(base);
    if (!mounted) return root(req, res);
    req.url = url.slice(base!.length) || '/';
    if (!req.url.startsWith('/')) req.url = `/${req.url}`;
    mounted(req, res);
  };
}

/**
 * A service whose API lives under a base path of its own (`/api/v1`): requests under it reach `handler` with the
 * base taken off, as its contract's paths are written; every other path is a JSON 404.
 */
export function withBasePath(handler: RequestListener, base: string): RequestListener {
  return (req, res) => {
    const url = req.url ?? '/';
    const rest = url.slice(base.length);
    if (url.startsWith(base) && (rest === '' || rest.startsWith('/') || rest.startsWith('?'))) {
      req.url = rest.startsWith('/') ? rest : `/${rest}`;
      return handler(req, res);
    }
    const body = JSON.stringify({ error: 'not_found', error_description: `Not found: the API is under ${base}`, statusCode: 404 });
    res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) }).end(body);
  };
}

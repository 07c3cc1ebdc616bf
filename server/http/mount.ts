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

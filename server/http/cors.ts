import type { Request, Response } from 'express';
import type { OperationSpec } from '../../generated/manifest.js';
import type { HostAllowList } from './hosts.js';
import { pathPattern } from './routing.js';

export interface CorsOptions {
  hosts: HostAllowList;
  /** Operations browsers may call only from pages of the hub's own hosts (HttpOptions.ownOriginsOnly). */
  ownOrigins: ReadonlySet<OperationSpec>;
  /** Headers of every answer that browsers may read beside the kernel's own. */
  exposed: readonly string[];
}

export interface Cors {
  /** Adds an operation that preflights may ask about. */
  add(spec: OperationSpec): void;
  /** CORS for a request from a page (it has an Origin): any origin, or the hub's own for ownOrigins operations. */
  allowOrigin(req: Request, res: Response, spec: OperationSpec | undefined): void;
  /** Answers a preflight (OPTIONS) for the operation its path and Access-Control-Request-Method name. */
  preflight(req: Request, res: Response): void;
}

/**
 * CORS: the token travels in the Authorization header, never in a cookie, so a page can only use a token it holds
 * and any origin may call; the password operations answer only pages of the hub's own hosts.
 */
export function cors(options: CorsOptions): Cors {
  const preflights: Array<{ method: string; pattern: RegExp; spec: OperationSpec }> = [];
  const exposed = [...options.exposed, 'ETag', 'WWW-Authenticate', 'Retry-After', 'X-Request-Id'].join(', ');

  const allowOrigin = (req: Request, res: Response, spec: OperationSpec | undefined) => {
    const origin = req.headers.origin;
    if (!origin) return;
    if (spec && options.ownOrigins.has(spec)) {
      res.vary('Origin');
      if (!options.hosts.allows(originHost(origin))) return;
      res.setHeader('Access-Control-Allow-Origin', origin);
    } else {
      res.setHeader('Access-Control-Allow-Origin', '*');
    }
    res.setHeader('Access-Control-Expose-Headers', exposed);
  };

  return {
    add: (spec) => void preflights.push({ method: spec.method.toUpperCase(), pattern: pathPattern(spec.path), spec }),
    allowOrigin,
    preflight(req, res) {
      const method = String(req.headers['access-control-request-method'] ?? '').toUpperCase();
      const found = method ? preflights.find((route) => route.method === method && route.pattern.test(req.path)) : undefined;
      allowOrigin(req, res, found?.spec);
      if (found) res.setHeader('Access-Control-Allow-Methods', method);
      const headers = req.headers['access-control-request-headers'];
      if (headers) res.setHeader('Access-Control-Allow-Headers', headers);
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
    },
  };
}

/** The host part of an Origin header, or '' when it is not a URL (`null` from sandboxed pages). */
function originHost(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return '';
  }
}

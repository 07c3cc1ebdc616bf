import express, { type NextFunction, type RequestHandler } from 'express';
import type { OperationSpec } from '../../generated/manifest.js';

/**
 * Routing: each API has an Express router of its own, found by the static prefix its paths share, so that a
 * request meets only its own API's routes (and its own validator, whose cost grows with its document).
 */

/** `{id}` → `:id`, and a spanning parameter `{path}` → `*path`: an OpenAPI path as Express routes it. */
export const expressPath = (path: string, spanning?: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => (name === spanning ? `*${name}` : `:${name}`));

/** An OpenAPI path as a pattern for preflights, which have no route of their own (a spanning `{path}*` included). */
export const pathPattern = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^$()[\]\\|]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+').replace(/\/$/, '')}/?$`);

/** Static segments before the first parameter, common to every path of an API: where its router is looked for. */
export function commonPrefix(paths: readonly string[]): string {
  const split = paths.map((path) => path.split('/').filter(Boolean));
  const prefix: string[] = [];
  for (let index = 0; split.every((parts) => parts.length > index + 1); index++) {
    const segment = split[0]![index]!;
    if (segment.includes('{') || !split.every((parts) => parts[index] === segment)) break;
    prefix.push(segment);
  }
  return prefix.length ? `/${prefix.join('/')}` : '';
}

/** Literal segments before parameters, so that /user/me is tried before /user/{id}. */
export const byPath = (a: { spec: OperationSpec }, b: { spec: OperationSpec }) => {
  const key = ({ spec }: { spec: OperationSpec }) => spec.path.replace(/\{/g, '\uffff');
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
};

export interface ApiRoutes {
  /** Adds an API's router under the prefix its paths share. */
  add(api: string, paths: readonly string[], router: express.Router): void;
  /** Sends a request to the router of the API whose paths it starts with, tried from the longest prefix. */
  route: RequestHandler;
}

export function apiRoutes(): ApiRoutes {
  const routers = new Map<string, express.Router>();
  const prefixes = new Map<string, string[]>();
  return {
    add(api, paths, router) {
      routers.set(api, router);
      const prefix = commonPrefix(paths);
      prefixes.set(prefix, [...(prefixes.get(prefix) ?? []), api]);
    },
    route(req, res, next) {
      const path = req.path;
      // The whole path, then without its last segment, and so on down to the empty prefix.
      for (let end = path.length; end >= 0; end = end === 0 ? -1 : path.lastIndexOf('/', end - 1)) {
        const apis = prefixes.get(path.slice(0, end));
        if (!apis) continue;
        // APIs sharing a prefix are tried in turn, each passing the request on when no route of its own matches.
        const [first, ...others] = apis;
        const tryNext = (index: number): NextFunction => (error?: unknown) => {
          if (error || index >= others.length) return next(error);
          routers.get(others[index]!)!(req, res, tryNext(index + 1));
        };
        return routers.get(first!)!(req, res, tryNext(0));
      }
      next();
    },
  };
}

import { operations } from '../../../generated/app/routes.operations.js';
import type { OperationSpec } from '../../../generated/manifest.js';
import { unauthorized, type Dispatcher } from '../../http/dispatcher.js';
import { ApiError, notFound, toApiError } from '../../http/errors.js';
import { sendJson } from '../../http/respond.js';
import type { Request } from 'express';
import type { RawRoute } from '../../http/router.js';
import type { Hub, HubContext } from '../core/context.js';
import { AppCallError } from './app-worker.js';
import type { ManifestRoute } from '../../common/app-package/manifest.js';
import { type App } from './app-record.js';

/** How long the hub waits for an app's handler (on the hub clock) before answering 504. */
export const APP_ROUTE_TIMEOUT_MS = 30_000;
/** What a 503 tells the caller to wait while the app starts. */
const RETRY_AFTER_S = '5';

/** The route of `routes` that answers `method path`, with the values of its `:name` segments. */
export function matchRoute(routes: readonly ManifestRoute[], method: string, path: string) {
  const parts = path.split('/').filter(Boolean);
  for (const route of routes) {
    if (route.method !== method) continue;
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((segment, index) => {
      if (segment.startsWith(':')) params[segment.slice(1)] = parts[index]!;
      return segment.startsWith(':') || segment === parts[index];
    });
    if (matches) return { route, params };
  }
  return undefined;
}

/** A signal that aborts with 504 once the hub clock passes the time-out; `done` cancels it. */
function timeOut(hub: Hub, app: App): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const done = hub.clock.at(hub.now() + APP_ROUTE_TIMEOUT_MS, () =>
    controller.abort(new ApiError(504, 'app_timeout', `${app.name} did not answer within ${APP_ROUTE_TIMEOUT_MS / 1000} s`)));
  return { signal: controller.signal, done };
}

/** What the app's failure becomes: the 4xx it asked for, else 502 (the app, not the caller, failed). */
function appFailure(app: App, error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof AppCallError && error.statusCode !== undefined) return toApiError({ status: error.statusCode, message });
  return new ApiError(502, 'app_error', `${app.name} failed: ${message}`);
}

/**
 * `/api/app/{appId}/{path}` (openapi/app/routes.yaml) for one method: the app's route found by its manifest, the
 * caller checked by the route's own rule, the call forwarded to the app's worker and its answer sent as JSON.
 */
function appRoute(hub: Hub, dispatcher: Dispatcher<HubContext>, spec: OperationSpec): RawRoute {
  const method = spec.method.toUpperCase();
  const target = (req: Request) => {
    const { appId = '', path = '' } = req.params as Record<string, string | undefined>;
    const app = hub.store.get('app', appId);
    const found = app && matchRoute(hub.apps.packages.get(appId)?.manifest.api ?? [], method, path);
    return { appId, path, app, found };
  };
  return {
    api: 'routes',
    spec,
    spanning: 'path',
    body: spec.body ? 'json' : undefined,
    authorizes: true,
    admit(req, { session, invalidToken }) {
      const { appId, path, app, found } = target(req);
      // A caller without a valid token learns of no app and no route but public ones.
      if (!found?.route.public && !session) throw unauthorized(Boolean(invalidToken));
      if (!app) throw notFound(`App ${appId}`);
      if (!found) throw new ApiError(404, 'not_found', `${app.name} has no route ${method} /${path}`);
      if (!found.route.public) dispatcher.authorize({ ...spec, scopes: [found.route.scope] }, session);
    },
    async serve(req, res) {
      const { appId, app, found } = target(req);
      const runtime = hub.apps;
      if (!app || !found) throw notFound(`App ${appId}`);
      if (app.state !== 'running' || !runtime.isRunning(appId)) {
        throw new ApiError(503, 'app_not_running', `${app.name} is not running (${app.crashed ? 'crashed' : app.state})`, { 'Retry-After': RETRY_AFTER_S });
      }
      const body: unknown = req.body ?? {};
      const { signal, done } = timeOut(hub, app);
      let answer: unknown;
      try {
        answer = await runtime.worker(appId).call({ type: 'api', route: found.route.name, params: found.params, query: req.query, body, now: hub.now() }, signal);
      } catch (error) {
        throw appFailure(app, error);
      } finally {
        done();
      }
      if (answer === undefined) res.status(204).end();
      else sendJson(req, res, answer);
    },
  };
}

/** The hub's app routes, one per method of the contract. */
export const appRoutes = (hub: Hub, dispatcher: Dispatcher<HubContext>): RawRoute[] =>
  Object.values(operations).map((spec) => appRoute(hub, dispatcher, spec));

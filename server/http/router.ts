import express, { type RequestHandler } from 'express';
import type { OperationSpec } from '../../generated/manifest.js';
import { contractValidator } from './contract-validation.js';
import { cors } from './cors.js';
import type { Caller, CallContext, Dispatcher, Operation } from './dispatcher.js';
import { frontDoor, kernelExpress } from './front-door.js';
import type { HostAllowList } from './hosts.js';
import { operationStages, type RawRoute } from './operation-stages.js';
import { requestLog } from './request-log.js';
import { apiRoutes, byPath, expressPath } from './routing.js';
import { validatorContract } from './validator-contract.js';

export type { RawRoute } from './operation-stages.js';
export { serverOptions } from './front-door.js';

export interface HttpOptions<Context extends CallContext> {
  dispatcher: Dispatcher<Context>;
  /**
   * The bundled contract of each API (a hub manager, a cloud service, the hub's app routes) by its id, as the
   * dispatcher and raw routes name it: every request is validated against its own API's document.
   */
  contracts: Readonly<Record<string, object>>;
  /**
   * The session behind a raw bearer token, or null when the token is unknown, expired or revoked (or a thrown 401
   * ApiError saying why, answered only where a token is needed).
   */
  authenticate(token: string): Caller['session'] | Promise<Caller['session']>;
  /** Check every answer against the contract: on in tests and strict mode. */
  validateResponses: boolean;
  /** Development mode adds stack traces to error bodies; never on in production. */
  development: boolean;
  /** The Host names answered; other names get 421 (DNS rebinding). */
  hosts: HostAllowList;
  /**
   * Operations that browsers may call only from pages of the hub's own hosts: those that take a password, so that
   * no web page on the internet can guess passwords through its visitors' browsers. Every other operation needs a
   * bearer token, never a cookie, so any origin may call it with a token it holds.
   */
  ownOriginsOnly?(operation: Operation<Context>): boolean;
  /**
   * APIs whose validator is built now rather than on their first request: those a client's first call reaches under
   * a short time-out (the hub's ping, which discovery gives 1 s).
   */
  warm?: readonly string[];
  /** Serves what is not the API: static docs, the form ... (only for paths outside /api/). */
  fallback?: RequestHandler;
  /** Headers every answer to an allowed host carries (the hub's X-Homey-ID ...), exposed to browsers through CORS; a function is read per response. */
  headers?: Record<string, string | (() => string)>;
  /**
   * Operations of the contract that answer other than JSON (an HTML page, a redirect, an OAuth2 form endpoint, a
   * streamed upload): admitted, read and validated like the others, but their handler writes the answer itself.
   */
  rawRoutes?: readonly RawRoute[];
}

/**
 * Validators by contract and what the routes ask of it, shared by every app of the process over the same document
 * (several hubs in one test run): each is built once.
 */
const sharedValidators = new WeakMap<object, Map<string, ReturnType<typeof contractValidator>>>();

function validatorOf(contract: object, raws: readonly RawRoute[], validateResponses: boolean) {
  const key = `${validateResponses} ${raws.map((raw) => `${raw.spec.method} ${raw.spec.path} ${raw.spanning} ${raw.body}`).join()}`;
  const byKey = sharedValidators.get(contract) ?? new Map<string, ReturnType<typeof contractValidator>>();
  sharedValidators.set(contract, byKey);
  let validator = byKey.get(key);
  if (!validator) {
    validator = contractValidator(() => validatorContract(contract, raws), validateResponses);
    byKey.set(key, validator);
  }
  return validator;
}

/**
 * The HTTP transport of a set of APIs, on Express, in stages: the front door (the Host allow-list, fixed headers,
 * errors as the one body: front-door.ts), CORS (cors.ts), routing to the API's own router (routing.ts), then per
 * operation its stages (operation-stages.ts) around express-openapi-validator over the API's contract as the
 * validators read it (validator-contract.ts, contract-validation.ts). The app never listens by itself.
 */
export function createHttpApp<Context extends CallContext>(options: HttpOptions<Context>): express.Express {
  const { dispatcher } = options;
  const app = kernelExpress();
  const requests = requestLog();
  const ownOrigins = new Set<OperationSpec>();
  const access = cors({ hosts: options.hosts, ownOrigins, exposed: Object.keys(options.headers ?? {}) });
  const stages = operationStages({ dispatcher, authenticate: options.authenticate, allowOrigin: access.allowOrigin, requests, development: options.development });
  const routes = apiRoutes();

  const byApi = new Map<string, Array<{ spec: OperationSpec; operation?: Operation<Context>; raw?: RawRoute }>>();
  for (const operation of dispatcher.all()) {
    if (options.ownOriginsOnly?.(operation)) ownOrigins.add(operation.spec);
    byApi.set(operation.manager, [...(byApi.get(operation.manager) ?? []), { spec: operation.spec, operation }]);
  }
  for (const raw of options.rawRoutes ?? []) byApi.set(raw.api, [...(byApi.get(raw.api) ?? []), { spec: raw.spec, raw }]);

  for (const [api, operations] of byApi) {
    const contract = options.contracts[api];
    if (!contract) throw new Error(`No contract for the API ${api}`);
    const validator = validatorOf(contract, operations.flatMap(({ raw }) => (raw ? [raw] : [])), options.validateResponses);
    if (options.warm?.includes(api)) validator.warm();
    const router = express.Router({ caseSensitive: true });
    for (const { spec, operation, raw } of operations.sort(byPath)) {
      access.add(spec);
      const { before, refused, serve } = operation ? stages.dispatched(operation) : stages.raw(raw!);
      router[spec.method](expressPath(spec.path, raw?.spanning), ...before, validator, ...refused, serve);
    }
    routes.add(api, operations.map(({ spec }) => spec.path), router);
  }

  frontDoor(app, { hosts: options.hosts, headers: options.headers, requests, preflight: access.preflight, route: routes.route, fallback: options.fallback, development: options.development });
  return app;
}

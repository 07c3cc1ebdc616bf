import { createServer, type RequestListener, type Server, type ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import type { ApiModule, Session } from './api.js';
import { Dispatcher, type Caller, type CallContext } from './dispatcher.js';
import { serverOptions } from './front-door.js';
import { HostAllowList } from './hosts.js';
import { withMounts } from './mount.js';
import { createHttpApp, type RawRoute } from './router.js';

/** What a handler of a service reaches: the caller and the service's own state. */
export interface ServiceContext<State, S extends Session = Session> extends CallContext {
  session: S | null;
  service: State;
}

export interface ServiceHttpOptions<Context extends CallContext> {
  /** The service's API (its manager id names it) and its bundled contract (generated/...openapi.json). */
  api: ApiModule<Context>;
  contract: object;
  /** The context a call's handlers get. */
  context(caller: Caller): Context;
  /** The session behind a caller's access token; a service whose operations are all public has none. */
  verify?(token: string): Session | null | Promise<Session | null>;
  hostNames?: string[];
  validateResponses?: boolean;
  development?: boolean;
  /** Serves what is not the API (the built form, help-centre pages). */
  fallback?: RequestHandler;
  /** Operations whose handler writes the answer itself (an OAuth2 form endpoint, a streamed upload). */
  rawRoutes?: readonly RawRoute[];
  /** Other services answering on this service's port under a base path (`/store`): see withMounts. */
  mounts?: ReadonlyMap<string, RequestListener>;
}

export interface ServiceHttp {
  /** The HTTP handler (an Express app); it never listens by itself (see listen). */
  handler: RequestListener;
  server: Server;
  /** Starts listening; port 0 picks a free one. Resolves with the base URL. */
  listen(port?: number, host?: string): Promise<string>;
  /** Stops listening (the service closes its own database). */
  close(): Promise<void>;
}

/** A service's context with its state: the caller's session (of the session type its verifier makes) and the state. */
export const withState =
  <State, S extends Session = Session>(state: State) =>
  ({ session, remoteAddress }: Caller): ServiceContext<State, S> => ({ session: session as S | null, remoteAddress, service: state });

/**
 * The HTTP side of every cloud service and of the support back end: the kernel's Express transport and dispatcher
 * over the service's contract, with its Host allow-list, on a server of its own.
 */
export function createServiceHttp<Context extends CallContext>(options: ServiceHttpOptions<Context>): ServiceHttp {
  const { api } = options;
  const dispatcher = new Dispatcher<Context>({ [api.manager.id]: api }, undefined, options.context);
  const handler = createHttpApp({
    dispatcher,
    contracts: { [api.manager.id]: options.contract },
    authenticate: async (token) => (options.verify ? options.verify(token) : null),
    hosts: new HostAllowList(options.hostNames),
    validateResponses: options.validateResponses ?? false,
    development: options.development ?? false,
    fallback: options.fallback,
    rawRoutes: options.rawRoutes,
  });
  return serve(options.mounts ? withMounts(handler, options.mounts) : handler, serverOptions(handler));
}

/** A handler on a server of its own, listening on demand; `options` are its node:http server's (serverOptions). */
export function serve(handler: RequestListener, options: ServerOptions = {}): ServiceHttp {
  const server = createServer(options, handler);
  return {
    handler,
    server,
    listen(port = 0, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve(`http://${host.includes(':') ? `[${host}]` : host}:${(server.address() as AddressInfo).port}`));
      });
    },
    async close() {
      if (server.listening) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}

/** A service's HTTP side with what it holds (its database among them); closing stops the HTTP side, then the database. */
export function withDatabase<Extra extends object>(http: ServiceHttp, db: { destroy(): Promise<void> }, extra: Extra): ServiceHttp & Extra {
  return {
    ...http,
    ...extra,
    async close() {
      await http.close();
      await db.destroy();
    },
  };
}

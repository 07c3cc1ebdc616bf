import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type express from 'express';
import type { OperationSpec } from '../../generated/manifest.js';
import type { ApiModule } from '../http/api.js';
import { Dispatcher, type CallContext } from '../http/dispatcher.js';
import { HostAllowList } from '../http/hosts.js';
import { BEARER, createHttpHandler, type RawRoute } from '../http/router.js';
import { ContractValidator } from '../http/validator.js';
import type { CloudSession, VerifyAccessToken } from './identity.js';

/** What a handler of a service beside the account service reaches: the caller and the service's own state. */
export interface ServiceContext<State> extends CallContext {
  session: CloudSession | null;
  service: State;
}

export interface ServiceHttpOptions<State> {
  /** The service's bundled contract (generated/...openapi.json). */
  spec: Record<string, unknown>;
  api: ApiModule<ServiceContext<State>>;
  state: State;
  /** Verifies callers' access tokens; a service whose operations are all public has none. */
  verify?: VerifyAccessToken;
  hostNames?: string[];
  validateResponses?: boolean;
  development?: boolean;
  /** Serves what is not the API (the built form, help-centre pages). */
  fallback?: express.Express;
  /** Operations whose handler reads the request and writes the answer itself (a streamed upload). */
  rawRoutes?(authorize: (req: IncomingMessage, spec: OperationSpec) => Promise<ServiceContext<State>>, validator: ContractValidator): RawRoute[];
}

export interface ServiceHttp {
  /** The HTTP handler; it never listens by itself (see listen). */
  handler: RequestListener;
  server: Server;
  /** Starts listening; port 0 picks a free one. Resolves with the base URL. */
  listen(port?: number, host?: string): Promise<string>;
  /** Stops listening (the service closes its own database). */
  close(): Promise<void>;
}

/**
 * The HTTP side of a cloud service beside the account service (store, apps) and of the support back end: the
 * shared kernel's router and dispatcher over the service's contract, callers verified with the account service.
 */
export function createServiceHttp<State>(options: ServiceHttpOptions<State>): ServiceHttp {
  const { api, state, verify } = options;
  const validator = new ContractValidator(options.spec);
  const dispatcher = new Dispatcher<ServiceContext<State>>({ [api.manager.id]: api }, undefined, ({ session, remoteAddress }) => ({
    session: session as CloudSession | null,
    remoteAddress,
    service: state,
  }));
  const authenticate = async (token: string) => (verify ? verify(token) : null);
  const authorize = async (req: IncomingMessage, spec: OperationSpec): Promise<ServiceContext<State>> => {
    const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
    const session = token ? await authenticate(token) : null;
    dispatcher.authorize(spec, session, Boolean(token) && !session);
    return { session, remoteAddress: req.socket.remoteAddress ?? '', service: state };
  };
  const handler = createHttpHandler({
    dispatcher,
    validator,
    authenticate,
    hosts: new HostAllowList(options.hostNames),
    validateResponses: options.validateResponses ?? false,
    development: options.development ?? false,
    fallback: options.fallback,
    rawRoutes: options.rawRoutes?.(authorize, validator),
  });
  const server = createServer(handler);
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

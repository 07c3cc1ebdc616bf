import express, { type NextFunction, type Request, type Response } from 'express';
import cors from 'cors';
import * as OpenApiValidator from 'express-openapi-validator';
import type { Session } from './api.js';
import type { OperationSpec } from '../../generated/manifest.js';
import type { CallContext, Dispatcher } from './dispatcher.js';
import { ApiError, badRequest, errorBody, toApiError } from './errors.js';
import { snapshotText } from './item-store.js';

export interface HttpOptions<Context extends CallContext> {
  dispatcher: Dispatcher<Context>;
  /** The bundled document every request (and, in strict mode, every response) is validated against. */
  spec: object;
  /** The session behind a raw bearer token, or null when the token is unknown, expired or revoked. */
  authenticate(token: string): Session | null;
  /** Validate responses too: on in tests and strict mode, so every answer is checked against the contract. */
  validateResponses: boolean;
  /** Development mode adds stack traces to error bodies; never on in production. */
  development: boolean;
  /** Mounts what comes before the API routes: static docs, the form ... */
  mount?: (app: express.Express) => void;
  /** Headers every response carries (the hub's X-Homey-ID ...), exposed to browsers through CORS. */
  headers?: Record<string, string>;
}

interface AuthedRequest extends Request {
  session?: Session | null;
  invalidToken?: boolean;
}

/** `{id}` → `:id`; OpenAPI path to Express path. */
const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** Literal segments before parameters, so /user/me is tried before /user/:id. */
const routeOrder = (a: { spec: OperationSpec }, b: { spec: OperationSpec }) => {
  const key = (operation: { spec: OperationSpec }) => operation.spec.path.replace(/\{/g, '\uffff');
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
};

function namedArgs({ spec }: { spec: OperationSpec }, req: Request): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const name of spec.pathParams) args[name] = req.params[name];
  const query = req.query as Record<string, unknown>;
  for (const name of spec.queryParams) if (query[name] !== undefined) args[name] = query[name];
  if (spec.body?.kind === 'root') {
    if (req.body !== undefined) args[spec.body.name] = req.body;
  } else if (spec.body && req.body && typeof req.body === 'object') {
    for (const name of spec.body.names) if (name in req.body) args[name] = req.body[name];
  }
  return args;
}

/** The Express app of one API group: CORS, JSON bodies, bearer tokens, validation, dispatch, one error body. */
export function createHttpApp<Context extends CallContext>(options: HttpOptions<Context>) {
  const { dispatcher } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended'); // jQuery-style a[b]=v, a[]=1 (PROTOCOL.md §2)
  app.set('json spaces', 0);

  const exposed = Object.keys(options.headers ?? {});
  app.use(cors({ exposedHeaders: exposed, maxAge: 600 }));
  if (options.headers) {
    const headers = Object.entries(options.headers);
    app.use((_req, res, next) => {
      for (const [name, value] of headers) res.setHeader(name, value);
      next();
    });
  }

  const validator = OpenApiValidator.middleware({
    apiSpec: structuredClone(options.spec) as never,
    validateApiSpec: false,
    // Path and query strings are always coerced; `false` keeps bodies strict, as the socket validator is (42 is no name).
    validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false },
    validateResponses: options.validateResponses ? { removeAdditional: false } : false,
    validateSecurity: false,
    ignoreUndocumented: true,
  });

  const authenticate = (req: AuthedRequest, _res: Response, next: NextFunction) => {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    req.session = token ? options.authenticate(token) : null;
    req.invalidToken = Boolean(token) && !req.session;
    next();
  };

  /** A list snapshot goes out as its cached JSON, unless responses are validated (the validator wraps res.json). */
  const send = (res: Response, result: unknown) => {
    const text = options.validateResponses ? undefined : snapshotText(result);
    if (text === undefined) res.json(result);
    else res.type('application/json').send(text);
  };

  const router = express.Router();
  for (const operation of dispatcher.all().sort(routeOrder)) {
    const { spec } = operation;
    router[spec.method](
      expressPath(spec.path),
      authenticate,
      (req: AuthedRequest, _res: Response, next: NextFunction) => {
        dispatcher.authorize(spec, req.session ?? null, req.invalidToken);
        // No body at all is a client's omission (400); a body of another media type stays the validator's 415.
        if (spec.body?.required && req.body === undefined && !req.headers['content-type']) {
          throw badRequest(`Missing JSON request body: ${spec.body.kind === 'root' ? `the ${spec.body.name}` : spec.body.names.join(', ')}`);
        }
        next();
      },
      ...validator,
      async (req: AuthedRequest, res: Response) => {
        const caller = { session: req.session ?? null, invalidToken: req.invalidToken, remoteAddress: req.socket.remoteAddress ?? '' };
        const result = await dispatcher.call(operation, caller, req.params as Record<string, string>, () => namedArgs(operation, req));
        if (spec.status === 204) res.status(204).end();
        else send(res, result);
      },
    );
  }

  options.mount?.(app);
  app.use(express.json({ limit: '1mb' }));
  app.use(router);
  app.use((req: Request) => {
    throw new ApiError(404, 'not_found', `Not found: ${req.method} ${req.path}`);
  });
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const apiError = toApiError(err, options.development);
    if (apiError.statusCode >= 500) console.error(err);
    res.status(apiError.statusCode).set(apiError.headers).json(errorBody(apiError, err, options.development));
  });
  return app;
}

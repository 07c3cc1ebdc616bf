import { randomUUID } from 'node:crypto';
import type { OperationSpec } from '../../generated/manifest.js';
import type { AnyHandler, ApiModule, Guard, Item, ItemRules, Session } from './api.js';
import { ApiError, badRequest, notFound } from './errors.js';
import { hasScope } from '../../client/scopes.js';

/** Who is calling, as a transport saw it. */
export interface Caller {
  /** The session behind the bearer token, or null without a valid one. */
  session: Session | null;
  /**
   * A token came but was unknown, expired or revoked (401 invalid_token rather than unauthorized): the verifier's
   * own 401 when it said why (a delegation token of another audience).
   */
  invalidToken?: boolean | ApiError;
  /** The client's IP address (throttling of password guesses is per address). */
  remoteAddress: string;
}

export interface CallContext {
  session: Session | null;
  remoteAddress: string;
}

/**
 * What the generic CRUD handlers need of an item store. They serve the item types the contract's operations name,
 * strings known at run time, with items the contract's validation checked: any typed ItemStore serves as one.
 */
export interface CrudStore {
  list(type: string): Readonly<Record<string, Item>>;
  get(type: string, id: string): Item | undefined;
  require(type: string, id: string, what: string): Item;
  insert(type: string, item: Item): Item;
  save(type: string, item: Item): Item;
  remove(type: string, id: string): void;
}

export interface Operation<Context> {
  manager: string;
  operationId: string;
  spec: OperationSpec;
  handler: AnyHandler<Context>;
  guard?: Guard<Context>;
}

export const unauthorized = (invalidToken: boolean | ApiError) =>
  invalidToken instanceof ApiError
    ? invalidToken
    : invalidToken
    ? new ApiError(401, 'invalid_token', 'The access token is invalid, expired or revoked', {
        'WWW-Authenticate': 'Bearer realm="homey", error="invalid_token"',
      })
    : new ApiError(401, 'unauthorized', 'Missing access token: send Authorization: Bearer <token>', {
        'WWW-Authenticate': 'Bearer realm="homey"',
      });

/**
 * The one dispatcher by (manager, operationId) that every transport feeds: it checks the session against the
 * operation's scopes and calls the handler, or the generic item-store handler for CRUD operations.
 */
export class Dispatcher<Context extends CallContext> {
  private readonly operations = new Map<string, Map<string, Operation<Context>>>();
  /** The path arguments each operation's contract gives a pattern, compiled once. */
  private readonly pathPatterns = new Map<OperationSpec, Array<{ name: string; pattern: string; regexp: RegExp }>>();

  constructor(
    readonly apis: Readonly<Record<string, ApiModule<Context>>>,
    /** The items of CRUD operations without a handler; a service keeping its data elsewhere has none. */
    private readonly store: CrudStore | undefined,
    private readonly createContext: (caller: Caller) => Context,
  ) {
    for (const [managerId, api] of Object.entries(apis)) {
      const rules = api.rules;
      const byId = new Map<string, Operation<Context>>();
      for (const [operationId, spec] of Object.entries(api.operations)) {
        const handler = api.handlers[operationId] ?? this.crudHandler(spec, rules[spec.crud?.type ?? ''] ?? {});
        if (!handler) throw new Error(`${managerId}.${operationId} has no handler`);
        byId.set(operationId, { manager: managerId, operationId, spec, handler, guard: api.guards[operationId] });
        const patterns = spec.args.flatMap(({ name, pattern }) => (pattern ? [{ name, pattern, regexp: new RegExp(pattern, 'u') }] : []));
        if (patterns.length) this.pathPatterns.set(spec, patterns);
      }
      this.operations.set(managerId, byId);
    }
  }

  find(manager: string, operationId: string): Operation<Context> | undefined {
    return this.operations.get(manager)?.get(operationId);
  }

  all(): Operation<Context>[] {
    return [...this.operations.values()].flatMap((byId) => [...byId.values()]);
  }

  /** 401 without a session where a token is needed, 403 when the session lacks a scope. */
  authorize(spec: OperationSpec, session: Session | null, invalidToken: boolean | ApiError = false): void {
    if (spec.auth === 'none') return;
    if (!session) throw unauthorized(invalidToken);
    const missing = spec.scopes.find((scope) => !hasScope(session.scopes, scope));
    if (missing) {
      throw new ApiError(403, 'insufficient_scope', `Missing scope: ${missing}`, {
        'WWW-Authenticate': `Bearer realm="homey", error="insufficient_scope", scope="${missing}"`,
      });
    }
  }

  /**
   * Admits a caller to an operation, in the order that tells a caller least: scopes (401, 403), then for a guarded
   * operation the shape of its path arguments (400: the shape of an id is public) and its guard on them. Only an
   * admitted caller's input is read and validated.
   */
  async admit(operation: Operation<Context>, caller: Caller, path: Readonly<Record<string, string>>, query: Readonly<Record<string, unknown>> = {}): Promise<Context> {
    this.authorize(operation.spec, caller.session, caller.invalidToken);
    const context = this.createContext(caller);
    // Without its path arguments the call is refused by validation next (400), which tells nothing to anyone.
    if (operation.guard && operation.spec.pathParams.every((name) => path[name])) {
      // A guard looks up only well-formed ids; refused in the words of the validator, which refuses them the same way.
      for (const { name, pattern, regexp } of this.pathPatterns.get(operation.spec) ?? []) {
        if (!regexp.test(path[name]!)) throw badRequest(`Invalid argument ${name}: must match pattern "${pattern}"`);
      }
      await operation.guard(path, context, query);
    }
    return context;
  }

  /** Runs an admitted call with its validated named arguments: the body of a 200 answer, nothing for a 204. */
  async invoke(operation: Operation<Context>, args: Record<string, unknown>, context: Context): Promise<unknown> {
    const result = await operation.handler(args, context);
    return operation.spec.status === 204 ? undefined : result;
  }

  /** Admits, reads the input with `readArgs` (which validates it) and invokes: a transport's whole call. */
  async call(
    operation: Operation<Context>,
    caller: Caller,
    path: Readonly<Record<string, string>>,
    readArgs: () => Record<string, unknown> | Promise<Record<string, unknown>>,
    query: Readonly<Record<string, unknown>> = {},
  ): Promise<unknown> {
    const context = await this.admit(operation, caller, path, query);
    return this.invoke(operation, await readArgs(), context);
  }

  private crudHandler(spec: OperationSpec, rules: ItemRules<Context>): AnyHandler<Context> | undefined {
    const store = this.store;
    if (!spec.crud || !store) return undefined;
    const { kind, type, item: name } = spec.crud;
    const body = (args: Record<string, unknown>): Record<string, unknown> =>
      spec.body?.kind === 'root'
        ? ((args[spec.body.name] as Record<string, unknown>) ?? {})
        : Object.fromEntries((spec.body?.names ?? []).filter((key) => key in args).map((key) => [key, args[key]]));
    const id = (args: Record<string, unknown>) => String(args[spec.pathParams[0] ?? 'id']);
    switch (kind) {
      case 'list':
        return () => store.list(type);
      case 'get':
        return (args) => store.require(type, id(args), name);
      case 'create':
        return (args, context) => {
          const input = body(args);
          return store.insert(type, rules.create ? rules.create(input, context) : { ...input, id: randomUUID() });
        };
      case 'update':
        return (args, context) => {
          const current = store.require(type, id(args), name);
          const patch = body(args);
          return store.save(type, rules.update ? rules.update(current, patch, context) : { ...current, ...patch, id: current.id });
        };
      case 'delete':
        return (args, context) => {
          const current = store.get(type, id(args));
          if (!current) throw notFound(name);
          rules.remove?.(current, context);
          store.remove(type, current.id);
        };
    }
  }
}

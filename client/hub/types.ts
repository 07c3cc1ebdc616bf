/**
 * The typed surface of HubAPI, computed from generated/: each manager's methods (named by operationId, with named
 * arguments and typed results) and its realtime events. Nothing here exists at run time.
 */
import type { HubApiId, hubApis, HubItemSchemas, HubTypes } from '../../generated/hub/index.js';
import type { Args as OperationArgs, Result as OperationResult } from '../../generated/manifest.js';
import type { WithoutBrokenType } from './item-reads.js';

type Manifests = typeof hubApis;
type Specs<M extends HubApiId> = Manifests[M]['operations'];
export type OperationId<M extends HubApiId> = keyof Specs<M> & keyof HubTypes[M]['operations'] & string;
type Operation<M extends HubApiId, O extends OperationId<M>> = HubTypes[M]['operations'][O];
type Schemas<M extends HubApiId> = HubTypes[M]['components']['schemas'];

/** The named arguments of an operation: path and query parameters, plus the body (whole, or field by field). */
export type Args<M extends HubApiId, O extends OperationId<M>> = OperationArgs<Operation<M, O>, Specs<M>[O]>;
/** What an operation resolves with: its 200 body, or undefined for a 204, less what the client removes on read. */
export type Result<M extends HubApiId, O extends OperationId<M>> = ReadResult<OperationResult<Operation<M, O>>, Specs<M>[O] extends { crud: infer Crud } ? Crud : null>;

/** An item as the client hands it on: flows and advanced flows without `broken` (item-reads.ts). */
type Read<T, Item> = T extends WithoutBrokenType ? Omit<Item, 'broken'> : Item;
type ReadResult<R, Crud> = Crud extends { kind: 'list'; type: infer T }
  ? T extends WithoutBrokenType
    ? { [id in keyof R]: Read<T, R[id]> }
    : R
  : Crud extends { kind: 'get' | 'create' | 'update'; type: infer T }
    ? Read<T, R>
    : R;

type Method<A, R> = {} extends A ? (args?: A) => Promise<R> : (args: A) => Promise<R>;
/** Mapped over the manifest's own keys, so that each method shows its operation's summary as its doc comment. */
export type Operations<M extends HubApiId> = { [O in keyof Specs<M>]: O extends OperationId<M> ? Method<Args<M, O>, Result<M, O>> : never };

/** Item schema name → realtime item type of a manager, e.g. { Zone: 'zone' }. */
type ItemTypes<M extends HubApiId> = Manifests[M]['manager']['itemTypes'];
type ItemSchema<M extends HubApiId, S> = S extends keyof Schemas<M> ? Schemas<M>[S] : never;

/** The events sent on `homey:manager:<id>`: `<type>.create|update` with the item, `<type>.delete` with its id. */
export type ManagerEvent<M extends HubApiId> = {
  [S in keyof ItemTypes<M>]: ItemEvents<ItemTypes<M>[S] & string, Read<ItemTypes<M>[S], ItemSchema<M, S>>>;
}[keyof ItemTypes<M>];
type ItemEvents<T extends string, Item> =
  | { event: `${T}.create`; data: Item }
  | { event: `${T}.update`; data: Item }
  | { event: `${T}.delete`; data: { id: string } };

/** Every realtime item type: `device`, `zone`, `user` ... */
export type ItemType = keyof HubItemSchemas & string;
/** The item of a realtime item type as the client hands it on, e.g. Item<'zone'> is the Zone schema. */
export type Item<T extends string> = T extends ItemType ? Read<T, HubItemSchemas[T]> : never;

/** A capability value change on `homey:device:<id>` (PROTOCOL.md §5). */
export interface CapabilityEvent {
  capabilityId: string;
  value: unknown;
  /** The caller's transactionId, echoed so that a client can ignore its own changes. */
  transactionId?: string;
  transactionTime: number | string;
}

/** The events sent on an item's uri `homey:<type>:<id>`. */
export type ItemEvent<T extends string> =
  | { event: 'update'; data: Item<T> }
  | { event: 'delete'; data: { id: string } }
  | (T extends 'device' ? { event: 'capability'; data: CapabilityEvent } : never);

/** A uri a client can subscribe to. */
export type HubUri = `homey:manager:${HubApiId}` | `homey:${ItemType}:${string}`;
/** The events of a uri, as `{ event, data }` pairs. */
export type EventOf<U extends string> = U extends `homey:manager:${infer M extends HubApiId}`
  ? ManagerEvent<M>
  : U extends `homey:${infer T}:${string}`
    ? ItemEvent<T>
    : never;

export type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

/** A manager's realtime side: subscribe to its uri and listen to its item events. */
export interface ManagerRealtime<M extends HubApiId> {
  /** Subscribes to `homey:manager:<id>` (connecting the hub's socket first if needed). */
  connect(): Promise<void>;
  /** Unsubscribes; listeners stay registered for a later connect(). */
  disconnect(): Promise<void>;
  /** Whether the manager is subscribed and the connection is up (its reads then come from the cache). */
  isConnected(): boolean;
  /** Listens to one event of the manager; returns a function that stops listening. */
  on<E extends ManagerEvent<M>['event']>(event: E, listener: (data: Extract<ManagerEvent<M>, { event: E }>['data']) => void): () => void;
}

export type Manager<M extends HubApiId> = Operations<M> & ManagerRealtime<M>;
/** A call to a route an installed app declares (`/api/app/{appId}/{path}`, openapi/app/routes.yaml). */
export interface AppCall {
  appId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route's path below the app, e.g. `/times` or `/devices/d1`. */
  path: string;
  /** Sent jQuery-style like every query; the app reads it as `query`. */
  query?: Record<string, unknown>;
  /** Any JSON value, for POST and PUT (`{}` when left out). */
  body?: unknown;
}

/** What the apps manager offers beside its operations: calls to the apps' own routes, always over HTTP. */
export interface AppRoutes {
  /** Resolves with the app's JSON answer (undefined for a 204); rejects like any hub call (404, 503, 504 ...). */
  call(call: AppCall): Promise<unknown>;
}

/** Every manager, as a property named after its id in camelCase (`devices`, `googleAssistant`). */
export type Managers = { [M in HubApiId as CamelCase<M>]: M extends 'apps' ? Manager<M> & AppRoutes : Manager<M> };

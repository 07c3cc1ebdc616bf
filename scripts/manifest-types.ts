/**
 * The types of the operation manifests and of an operation's named arguments and result. Servers, the client and
 * the generated manifests import them through generated/manifest.ts, a copy of this file.
 */

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';
export type CrudKind = 'list' | 'get' | 'create' | 'update' | 'delete';
export type JsonType = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';

/** How an operation's request body maps to named arguments. */
export type BodyArgs =
  | { readonly kind: 'root'; readonly name: string; readonly required: boolean }
  | { readonly kind: 'fields'; readonly names: readonly string[]; readonly required: boolean; readonly media?: 'multipart/form-data' };

/** One named argument: where it travels over HTTP, whether it is required, which JSON types it may have. */
export interface ArgSpec {
  readonly name: string;
  readonly in: 'path' | 'query' | 'body' | 'header';
  readonly required: boolean;
  /** Absent when the contract allows any type. */
  readonly types?: readonly JsonType[];
  /** A path argument's pattern in the contract: the kernel refuses a malformed one before any guard looks it up. */
  readonly pattern?: string;
}

export interface OperationSpec {
  readonly method: HttpMethod;
  /** OpenAPI path, e.g. /api/manager/zones/zone/{id}. */
  readonly path: string;
  /** 'none': no token needed; 'token': a valid token, plus every scope listed. */
  readonly auth: 'none' | 'token';
  readonly scopes: readonly string[];
  readonly private: boolean;
  readonly crud: { readonly kind: CrudKind; readonly item: string; readonly type: string } | null;
  readonly pathParams: readonly string[];
  readonly queryParams: readonly string[];
  readonly body: BodyArgs | null;
  readonly args: readonly ArgSpec[];
  /** The success status: 200 with a JSON body, or 204 with none. */
  readonly status: 200 | 204;
  /** The media type of a 200 answer that is not JSON (an image): its body is bytes. */
  readonly media?: string;
}

export interface ManagerSpec {
  readonly id: string;
  /** Realtime uri of the manager, e.g. homey:manager:zones. */
  readonly uri: string;
  /** Item schema name → realtime item type, e.g. { Zone: 'zone' }. */
  readonly itemTypes: Readonly<Record<string, string>>;
}

type Json<T> = T extends { content: { 'application/json': infer Body } }
  ? Body
  : T extends { content: { 'multipart/form-data': infer Body } }
    ? Body
    : never;
type Present<T> = [T] extends [never] ? {} : T extends object ? T : {};
type Parameters<Op> = Op extends { parameters: infer P }
  ? Present<P extends { path?: infer Path } ? NonNullable<Path> : never> &
      Present<P extends { query?: infer Query } ? NonNullable<Query> : never> &
      Present<P extends { header?: infer Header } ? NonNullable<Header> : never>
  : {};
type Body<Op> = Op extends { requestBody?: infer R } ? Json<NonNullable<R>> : never;
type BodyArguments<Op, Spec> = Spec extends { body: { kind: 'root'; name: infer Name extends string; required: infer Required } }
  ? Required extends true
    ? { [K in Name]: Body<Op> }
    : { [K in Name]?: Body<Op> }
  : Present<Body<Op>>;

/**
 * The named arguments of an operation (openapi-typescript's `operations[id]` and its manifest entry): path, query
 * and header parameters, plus the body, whole under its `x-body-name` or field by field.
 */
export type Args<Op, Spec> = Parameters<Op> & BodyArguments<Op, Spec>;
/** What an operation answers: its 200 JSON body, its bytes when it answers another media type, or nothing for a 204. */
export type Result<Op> = Op extends { responses: { 200: infer R } }
  ? R extends { content: { 'application/json': unknown } }
    ? Json<R>
    : Uint8Array
  : undefined;

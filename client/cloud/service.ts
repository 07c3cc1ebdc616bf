/**
 * The runtime of a cloud service client: one method per operation of its generated manifest, taking named
 * arguments, typed from its generated operation types (the same runtime as the hub's managers, without realtime).
 */
import type { Client } from 'openapi-fetch';
import type { CloudApiId, cloudApis, CloudTypes } from '../../generated/cloud/index.js';
import type { Args as OperationArgs, OperationSpec, Result as OperationResult } from '../../generated/manifest.js';
import type { RouteTable } from '../http/transport.js';
import { checkRoute, toHttpRequest, validateArgs } from '../hub/arguments.js';

type Specs<S extends CloudApiId> = (typeof cloudApis)[S]['operations'];
type OperationId<S extends CloudApiId> = keyof Specs<S> & keyof CloudTypes[S]['operations'] & string;
type Operation<S extends CloudApiId, O extends OperationId<S>> = CloudTypes[S]['operations'][O];
export type CloudArgs<S extends CloudApiId, O extends OperationId<S>> = OperationArgs<Operation<S, O>, Specs<S>[O]>;
export type CloudResult<S extends CloudApiId, O extends OperationId<S>> = OperationResult<Operation<S, O>>;
/** The user as GET /user/me answers it (PROTOCOL.md §7): the contract's User. */
export type UserRecord = CloudResult<'account', 'getAuthenticatedUser'>;
type Method<A, R> = {} extends A ? (args?: A) => Promise<R> : (args: A) => Promise<R>;
/** Every operation of a cloud service as a method: `cloud.account.getHomeys({ search })`. */
export type CloudService<S extends CloudApiId> = {
  // Mapped over the manifest's own keys, so that each method shows its operation's summary as its doc comment.
  [O in keyof Specs<S>]: O extends OperationId<S> ? Method<CloudArgs<S, O>, CloudResult<S, O>> : never;
};

/** Sends one operation over `http` and answers its JSON body (text for an HTML page, bytes for other media, undefined for a 204). */
export async function callOperation(http: Client<RouteTable>, operation: OperationSpec, args: Record<string, unknown>): Promise<unknown> {
  validateArgs(operation, args);
  const { path, query, header, body } = toHttpRequest(operation, args);
  const { data } = await http.request(operation.method, operation.path, {
    params: { path, query, header },
    body,
    parseAs: operation.media?.startsWith('text/') ? 'text' : operation.media ? 'arrayBuffer' : 'json',
  });
  // Bytes (a backup, an icon) as the operation's result type says: a Uint8Array.
  const answer: unknown = data;
  return answer instanceof ArrayBuffer ? new Uint8Array(answer) : answer;
}

export function createService<S extends CloudApiId>(
  operations: Readonly<Record<string, OperationSpec>>,
  call: (operation: OperationSpec, args: Record<string, unknown>) => Promise<unknown>,
): CloudService<S> {
  const methods = Object.entries(operations).map(([id, operation]) => [id, checkRoute(operation) && ((args: Record<string, unknown> = {}) => call(operation, args))]);
  return Object.fromEntries(methods) as CloudService<S>;
}

import type { JsonType, OperationSpec } from '../../generated/manifest.js';
import { messages } from '../errors.js';

const typeOf = (value: unknown): JsonType =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as JsonType);

/** Checks named arguments before any call (seed 001 §5): 'Missing Parameter: x', 'Invalid Parameter Type: x. ...'. */
export function validateArgs(operation: OperationSpec, args: Record<string, unknown>): void {
  for (const rule of operation.args) {
    const value = args[rule.name];
    if (value === undefined) {
      if (rule.required) throw new Error(messages.missingParameter(rule.name));
      continue;
    }
    const got = typeOf(value);
    if (rule.types && !rule.types.includes(got)) {
      throw new Error(messages.invalidParameterType(rule.name, got, rule.types.filter((type) => type !== 'null').join('|')));
    }
  }
}

export interface HttpRequest {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  /** PUT and POST always carry a JSON body, at least `{}`; GET and DELETE never do (PROTOCOL.md §2). */
  body: unknown;
}

/** Splits named arguments into path values, query values and the body, as the manifest says. */
export function toHttpRequest(operation: OperationSpec, args: Record<string, unknown>): HttpRequest {
  const pick = (names: readonly string[]) =>
    Object.fromEntries(names.filter((name) => args[name] !== undefined).map((name) => [name, args[name]]));
  const carriesBody = operation.method === 'put' || operation.method === 'post' || operation.method === 'patch';
  const body = operation.body?.kind === 'root' ? args[operation.body.name] : pick(operation.body?.names ?? []);
  return { path: pick(operation.pathParams), query: pick(operation.queryParams), body: carriesBody ? (body ?? {}) : undefined };
}

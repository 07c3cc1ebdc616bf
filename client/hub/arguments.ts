import type { JsonType, OperationSpec } from '../../generated/manifest.js';
import { messages } from '../errors.js';

const typeOf = (value: unknown): JsonType =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as JsonType);

const PLACES: ReadonlySet<unknown> = new Set(['path', 'query', 'body', 'header']);

/**
 * Checks one entry of a route table before a method is made from it: its path is an absolute template that names
 * every path argument ('Invalid Path'), and every argument travels in the path, the query, the body or a header
 * ("Invalid 'in'"). A manifest from another generator, or edited by hand, fails here rather than at the first call.
 */
export function checkRoute(operation: OperationSpec): OperationSpec {
  const { path } = operation ?? {};
  if (typeof path !== 'string' || !path.startsWith('/') || /\s/.test(path)) throw new Error(messages.invalidPath);
  const args = Array.isArray(operation.args) ? operation.args : [];
  for (const arg of args) {
    if (!PLACES.has(arg?.in)) throw new Error(messages.invalidIn);
    if (arg.in === 'path' && !path.includes(`{${arg.name}}`)) throw new Error(messages.invalidPath);
  }
  for (const [, name] of path.matchAll(/\{([^}]*)\}/g)) {
    if (!args.some((arg) => arg.in === 'path' && arg.name === name)) throw new Error(messages.invalidPath);
  }
  return operation;
}

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
  header: Record<string, string>;
  /**
   * PUT and POST always carry a JSON body, at least `{}`; GET and DELETE never do (PROTOCOL.md §2). An upload (a
   * multipart operation, devkit.runApp) carries a form: bytes as files, anything else as text.
   */
  body: unknown;
}

/** An upload's named arguments as a multipart form. */
function toForm(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.append(name, value, name);
    else if (value instanceof Uint8Array || value instanceof ArrayBuffer) form.append(name, new Blob([new Uint8Array(value)]), name);
    else form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return form;
}

/** Splits named arguments into path values, query values, headers and the body, as the manifest says. */
export function toHttpRequest(operation: OperationSpec, args: Record<string, unknown>): HttpRequest {
  const pick = (names: readonly string[]) =>
    Object.fromEntries(names.filter((name) => args[name] !== undefined).map((name) => [name, args[name]]));
  const headers = operation.args.filter((arg) => arg.in === 'header' && args[arg.name] !== undefined).map(({ name }) => [name, String(args[name])]);
  const carriesBody = operation.method === 'put' || operation.method === 'post' || operation.method === 'patch';
  const body = operation.body?.kind === 'root' ? args[operation.body.name] : pick(operation.body?.names ?? []);
  const upload = operation.body?.kind === 'fields' && operation.body.media === 'multipart/form-data';
  return {
    path: pick(operation.pathParams),
    query: pick(operation.queryParams),
    header: Object.fromEntries(headers),
    body: carriesBody ? (upload ? toForm(body as Record<string, unknown>) : (body ?? {})) : undefined,
  };
}

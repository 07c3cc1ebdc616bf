import type { OperationSpec } from '../../generated/manifest.js';
import spec from '../../generated/hub.openapi.json' with { type: 'json' };
import { messages } from '../errors.js';

type Json = Record<string, any>;
type JsonType = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';

interface Rule {
  name: string;
  required: boolean;
  /** The JSON types the argument may have; undefined when the contract does not say (anything goes). */
  types?: JsonType[];
}

const resolve = (node: Json | undefined): Json => {
  let current: Json | undefined = node;
  while (current?.$ref) {
    current = String(current.$ref).replace(/^#\//, '').split('/').reduce<Json | undefined>((at, key) => at?.[key], spec as Json);
  }
  return current ?? {};
};

/** The JSON types a schema allows: `integer` counts as number; a union (oneOf/anyOf) allows each branch's. */
function typesOf(node: Json | undefined): JsonType[] | undefined {
  const schema = resolve(node);
  if (schema.type) return [schema.type].flat().map((type: string) => (type === 'integer' ? 'number' : type) as JsonType);
  const branches: Json[] | undefined = schema.oneOf ?? schema.anyOf;
  const types = branches?.map(typesOf);
  return types && types.every(Boolean) ? [...new Set(types.flatMap((t) => t!))] : undefined;
}

const rules = new Map<OperationSpec, Rule[]>();

/** The named arguments of an operation, read once from the bundled contract: which are required, of which type. */
function rulesOf(operation: OperationSpec): Rule[] {
  const cached = rules.get(operation);
  if (cached) return cached;
  const pathItem: Json = (spec as Json).paths[operation.path] ?? {};
  const source: Json = pathItem[operation.method] ?? {};
  const result: Rule[] = [...(pathItem.parameters ?? []), ...(source.parameters ?? [])]
    .map(resolve)
    .map((parameter) => ({ name: parameter.name, required: parameter.required === true, types: typesOf(parameter.schema) }));
  const body = resolve(resolve(source.requestBody).content?.['application/json']?.schema);
  if (operation.body?.kind === 'root') {
    result.push({ name: operation.body.name, required: operation.body.required, types: typesOf(body) });
  } else if (operation.body) {
    const required: string[] = body.required ?? [];
    for (const name of operation.body.names) {
      result.push({ name, required: required.includes(name), types: typesOf(body.properties?.[name]) });
    }
  }
  rules.set(operation, result);
  return result;
}

const typeOf = (value: unknown): JsonType =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as JsonType);

/** Checks named arguments before any call (seed 001 §5): 'Missing Parameter: x', 'Invalid Parameter Type: x. ...'. */
export function validateArgs(operation: OperationSpec, args: Record<string, unknown>): void {
  for (const rule of rulesOf(operation)) {
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

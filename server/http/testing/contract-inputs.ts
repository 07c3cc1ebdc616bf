import type { Express } from 'express';
import request from 'supertest';
import type { ManagerSpec, OperationSpec } from '../../../generated/manifest.js';
import type { ApiModule } from '../api.js';
import { Dispatcher, type CallContext } from '../dispatcher.js';
import { HostAllowList } from '../hosts.js';
import { createHttpApp, type RawRoute } from '../router.js';

/**
 * Inputs made from the bundled contracts for sweeps over every operation (finite.contract.test.ts,
 * parity.contract.test.ts): each input of an operation with a value its schema accepts, and the kernel's own HTTP
 * app over a group of contracts whose handlers only record that they were called.
 */
export type Json = Record<string, any>;
export type Manifest = { manager: ManagerSpec; operations: Readonly<Record<string, OperationSpec>> };
export interface ContractGroup {
  name: string;
  apis: Record<string, Manifest>;
  contracts: Readonly<Record<string, object>>;
}

export const resolve = (contract: Json, node: Json | undefined): Json | undefined => {
  let current = node;
  while (current?.$ref) current = current.$ref.slice(2).split('/').reduce((at: Json, key: string) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], contract);
  return current;
};

/** The JSON types a schema names ('integer' as 'number'), none when it names none. */
const typesOf = (schema: Json | undefined): string[] => [schema?.type].flat().filter((type): type is string => typeof type === 'string').map((type) => (type === 'integer' ? 'number' : type));

const FORMATS_WITHOUT_TILDE = new Set(['uuid', 'date-time', 'date', 'time', 'email', 'uri', 'ipv4', 'ipv6', 'hostname']);
const refusesTilde = (schema: Json | undefined): boolean =>
  Boolean(schema) &&
  ((Array.isArray(schema!.enum) && !schema!.enum.includes('~')) ||
    (typeof schema!.pattern === 'string' && !new RegExp(schema!.pattern, 'u').test('~')) ||
    FORMATS_WITHOUT_TILDE.has(schema!.format) ||
    (schema!.minLength ?? 0) > 1);

export const isNumeric = (schema: Json | undefined) => [schema?.type].flat().some((type) => type === 'number' || type === 'integer');

/** A value the schema accepts: its example, default or first allowed value, else one made from its type. */
export function sample(contract: Json, node: Json | undefined): unknown {
  const schema = resolve(contract, node) ?? {};
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part: Json) => sample(contract, part)));
  if (schema.oneOf || schema.anyOf) return sample(contract, (schema.oneOf ?? schema.anyOf)[0]);
  switch ([schema.type].flat()[0]) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((name: string) => [name, sample(contract, schema.properties?.[name])]));
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(contract, schema.items));
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1);
    case 'boolean':
      return true;
    default:
      return formatted(schema.format) ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

const formatted = (format: string | undefined) =>
  ({ uuid: '6a2f41a3-c54c-4e1f-9b46-1f1b0f0c5a11', 'date-time': '2026-01-01T00:00:00Z', date: '2026-01-01', email: 'a@example.com', uri: 'https://example.com/' })[format ?? ''];

export interface Input {
  name: string;
  in: 'query' | 'path' | 'header' | 'body';
  /** The JSON types its schema names (none: any value). */
  types: string[];
  /** Its schema refuses the text `~` (an enum, a pattern, a format or a length that it breaks). */
  refusesTilde: boolean;
  numeric: boolean;
  bounded: boolean;
  required: boolean;
  value: unknown;
}

/** The operation's parameters and top-level JSON body properties, each with a value its schema accepts. */
export function inputsOf(contract: Json, path: string, method: string): { inputs: Input[]; bodyRequired: boolean } {
  const item = contract.paths[path];
  const operation = item[method];
  const inputs: Input[] = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((node: Json) => {
    const parameter = resolve(contract, node)!;
    const schema = resolve(contract, parameter.schema);
    const example = parameter.example ?? Object.values<Json>(parameter.examples ?? {})[0]?.value;
    return { name: parameter.name, in: parameter.in, types: typesOf(schema), refusesTilde: refusesTilde(schema), numeric: isNumeric(schema), bounded: isBounded(schema ?? {}), required: Boolean(parameter.required), value: example ?? sample(contract, schema) };
  });
  const media = resolve(contract, operation.requestBody)?.content?.['application/json'];
  const schema = resolve(contract, media?.schema);
  // A whole example of the body where the contract gives one: it meets the schema's patterns and alternatives.
  const example = (media?.example ?? Object.values<Json>(media?.examples ?? {})[0]?.value ?? sample(contract, schema) ?? {}) as Json;
  for (const [name, property] of Object.entries<Json>(schema?.properties ?? {})) {
    const resolved = resolve(contract, property);
    const value = Object.hasOwn(example, name) ? example[name] : sample(contract, resolved);
    inputs.push({ name, in: 'body', types: typesOf(resolved), refusesTilde: refusesTilde(resolved), numeric: isNumeric(resolved), bounded: isBounded(resolved ?? {}), required: Object.hasOwn(example, name) || (schema!.required ?? []).includes(name), value });
  }
  return { inputs, bodyRequired: Boolean(schema) };
}

export const queryText = (name: string, value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap((each) => queryText(name, each))
    : typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, each]) => queryText(`${name}[${key}]`, each))
      : [`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`];

/** A body that is neither JSON nor a form (an archive) is streamed by its handler: a raw route, as its service has it. */
export const streamed = (contract: Json, spec: OperationSpec) => {
  const content = resolve(contract, contract.paths[spec.path][spec.method].requestBody)?.content;
  return Boolean(content) && !content['application/json'] && !content['multipart/form-data'];
};

/** The kernel's HTTP app over a group's contracts, its handlers recording the operations called in `called`. */
export function kernelOf({ apis, contracts }: ContractGroup, called: string[]) {
  const modules: Record<string, ApiModule<CallContext>> = {};
  const rawRoutes: RawRoute[] = [];
  for (const [id, { manager, operations }] of Object.entries(apis)) {
    const [raw, dispatched] = [true, false].map((wanted) => Object.entries(operations).filter(([, spec]) => streamed(contracts[id] as Json, spec) === wanted));
    for (const [operationId, spec] of raw!) rawRoutes.push({ api: id, spec, serve: async () => void called.push(operationId) });
    const handlers = Object.fromEntries(dispatched!.map(([operationId]) => [operationId, () => void called.push(operationId)]));
    modules[id] = { manager, operations: Object.fromEntries(dispatched!), handlers, rules: {}, guards: {} };
  }
  const scopes = [...new Set(Object.values(apis).flatMap(({ operations }) => Object.values(operations).flatMap((spec) => spec.scopes)))];
  const dispatcher = new Dispatcher(modules, undefined, ({ session, remoteAddress }) => ({ session, remoteAddress }));
  const authenticate = () => ({ id: 'every-scope', scopes });
  const app = createHttpApp({ dispatcher, contracts, authenticate, validateResponses: false, development: false, hosts: new HostAllowList(), rawRoutes });
  return { app, dispatcher, authenticate };
}

/**
 * Whether a number input states its range: both ends, or its values. A value that may also be a string or a boolean
 * (a capability's value, a variable's) takes its range from its item, when it has one.
 */
export const isBounded = (schema: Json) =>
  schema.enum !== undefined ||
  schema.const !== undefined ||
  ((schema.minimum ?? schema.exclusiveMinimum) !== undefined && (schema.maximum ?? schema.exclusiveMaximum) !== undefined) ||
  [schema.type].flat().some((type) => type !== 'number' && type !== 'integer' && type !== 'null');


/**
 * An HTTP call of the operation with `input` set to `bad` (raw JSON text in a body, text elsewhere) and every other
 * input it needs (required ones, path ones) set to its valid value, by a caller holding every scope, over real HTTP
 * to `target`: an app (a server of its own per call) or the URL of one that listens (cheaper).
 */
export function httpCall(target: Express | string, spec: OperationSpec, inputs: readonly Input[], bodyRequired: boolean, input: Input, bad: string) {
  const sent = inputs.filter((other) => other === input || other.required || other.in === 'path');
  const text = (other: Input) => (other === input ? bad : String(other.value));
  const path = spec.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(text(sent.find((other) => other.in === 'path' && other.name === name)!)));
  const query = sent.filter((other) => other.in === 'query').flatMap((other) => (other === input ? [`${encodeURIComponent(other.name)}=${encodeURIComponent(bad)}`] : queryText(other.name, other.value)));
  let call = request(target)[spec.method](`${path}${query.length ? `?${query.join('&')}` : ''}`).set('Authorization', 'Bearer every-scope');
  for (const header of sent.filter((other) => other.in === 'header')) call = call.set(header.name, text(header));
  const fields = sent.filter((other) => other.in === 'body');
  if (bodyRequired || fields.length) {
    const json = `{${fields.map((field) => `${JSON.stringify(field.name)}:${field === input ? bad : JSON.stringify(field.value)}`).join(',')}}`;
    call = call.set('Content-Type', 'application/json').send(json);
  }
  return call;
}

/** The same call's named arguments over the socket: `input` set to `bad`, the other inputs it needs to their values. */
export function socketArgs(spec: OperationSpec, inputs: readonly Input[], input: Input, bad: unknown): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  const fields: Record<string, unknown> = {};
  for (const other of inputs.filter((each) => each === input || each.required || each.in === 'path')) {
    const value = other === input ? bad : other.value;
    if (other.in === 'body' && spec.body?.kind === 'root') fields[other.name] = value;
    else args[other.name] = value;
  }
  if (spec.body?.kind === 'root') args[spec.body.name] = fields;
  return args;
}

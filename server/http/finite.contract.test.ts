import request from 'supertest';
import { appApis } from '../../generated/app/index.js';
import { appBundles } from '../../generated/app/bundles.js';
import { cloudBundles } from '../../generated/cloud/bundles.js';
import { cloudApis } from '../../generated/cloud/index.js';
import { hubBundles } from '../../generated/hub/bundles.js';
import { hubApis } from '../../generated/hub/index.js';
import type { ManagerSpec, OperationSpec } from '../../generated/manifest.js';
import supportContract from '../../generated/support.openapi.json' with { type: 'json' };
import * as support from '../../generated/support.operations.js';
import type { ApiModule } from './api.js';
import { Dispatcher, type CallContext } from './dispatcher.js';
import { HostAllowList } from './hosts.js';
import { createHttpApp, type RawRoute } from './router.js';
import { ContractValidator } from './validator.js';

/**
 * Every number and integer input of every operation of every bundled contract (hub managers, app routes, cloud
 * services, support), sent as Infinity, -Infinity, NaN and 1e400 through the kernel's HTTP app over that contract:
 * 400 naming the input, and the handler never runs. Each app is the kernel's own (createHttpApp, the API's
 * contract, its validator) over handlers that only record a call; the caller holds every scope, since the kernel
 * admits a caller before it validates the input. The other required inputs come from the contract's examples.
 */
type Json = Record<string, any>;
type Manifest = { manager: ManagerSpec; operations: Readonly<Record<string, OperationSpec>> };

const groups: Array<{ name: string; apis: Record<string, Manifest>; contracts: Readonly<Record<string, object>> }> = [
  { name: 'hub', apis: { ...hubApis, ...appApis }, contracts: { ...hubBundles, ...appBundles } },
  ...Object.entries(cloudApis).map(([id, api]) => ({ name: `cloud ${id}`, apis: { [id]: api }, contracts: { [id]: cloudBundles[id]! } })),
  { name: 'support', apis: { support }, contracts: { support: supportContract } },
];

const BAD_TEXT = ['Infinity', '-Infinity', 'NaN', '1e400'];
/** JSON has no Infinity or NaN: a body carries them as numbers too large for a double. */
const BAD_JSON = ['1e400', '-1e400'];

const resolve = (contract: Json, node: Json | undefined): Json | undefined => {
  let current = node;
  while (current?.$ref) current = current.$ref.slice(2).split('/').reduce((at: Json, key: string) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], contract);
  return current;
};

const isNumeric = (schema: Json | undefined) => [schema?.type].flat().some((type) => type === 'number' || type === 'integer');

/**
 * Whether a number input states its range: both ends, or its values. A value that may also be a string or a boolean
 * (a capability's value, a variable's) takes its range from its item, when it has one.
 */
const isBounded = (schema: Json) =>
  schema.enum !== undefined ||
  schema.const !== undefined ||
  ((schema.minimum ?? schema.exclusiveMinimum) !== undefined && (schema.maximum ?? schema.exclusiveMaximum) !== undefined) ||
  [schema.type].flat().some((type) => type !== 'number' && type !== 'integer' && type !== 'null');

/** A value the schema accepts: its example, default or first allowed value, else one made from its type. */
function sample(contract: Json, node: Json | undefined): unknown {
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

interface Input {
  name: string;
  in: 'query' | 'path' | 'header' | 'body';
  numeric: boolean;
  bounded: boolean;
  required: boolean;
  value: unknown;
}

/** The operation's parameters and top-level JSON body properties, each with a value its schema accepts. */
function inputsOf(contract: Json, path: string, method: string): { inputs: Input[]; bodyRequired: boolean } {
  const item = contract.paths[path];
  const operation = item[method];
  const inputs: Input[] = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((node: Json) => {
    const parameter = resolve(contract, node)!;
    const schema = resolve(contract, parameter.schema);
    const example = parameter.example ?? Object.values<Json>(parameter.examples ?? {})[0]?.value;
    return { name: parameter.name, in: parameter.in, numeric: isNumeric(schema), bounded: isBounded(schema ?? {}), required: Boolean(parameter.required), value: example ?? sample(contract, schema) };
  });
  const media = resolve(contract, operation.requestBody)?.content?.['application/json'];
  const schema = resolve(contract, media?.schema);
  // A whole example of the body where the contract gives one: it meets the schema's patterns and alternatives.
  const example = (media?.example ?? Object.values<Json>(media?.examples ?? {})[0]?.value ?? sample(contract, schema) ?? {}) as Json;
  for (const [name, property] of Object.entries<Json>(schema?.properties ?? {})) {
    const resolved = resolve(contract, property);
    const value = Object.hasOwn(example, name) ? example[name] : sample(contract, resolved);
    inputs.push({ name, in: 'body', numeric: isNumeric(resolved), bounded: isBounded(resolved ?? {}), required: Object.hasOwn(example, name) || (schema!.required ?? []).includes(name), value });
  }
  return { inputs, bodyRequired: Boolean(schema) };
}

const queryText = (name: string, value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap((each) => queryText(name, each))
    : typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, each]) => queryText(`${name}[${key}]`, each))
      : [`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`];

/** Each number input of each operation of a group, with a value for every other input it needs. */
const casesOf = ({ apis, contracts }: (typeof groups)[number]) =>
  Object.entries(apis).flatMap(([id, { operations }]) =>
    Object.entries(operations).flatMap(([operationId, spec]) => {
      const { inputs, bodyRequired } = inputsOf(contracts[id] as Json, spec.path, spec.method);
      return inputs.filter((input) => input.numeric).flatMap((input) =>
        (input.in === 'body' ? BAD_JSON : BAD_TEXT).map((bad) => ({ label: `${id}.${operationId} ${input.in} ${input.name}=${bad}`, spec, inputs, bodyRequired, input, bad })),
      );
    }),
  );

/** A body that is neither JSON nor a form (an archive) is streamed by its handler: a raw route, as its service has it. */
const streamed = (contract: Json, spec: OperationSpec) => {
  const content = resolve(contract, contract.paths[spec.path][spec.method].requestBody)?.content;
  return Boolean(content) && !content['application/json'] && !content['multipart/form-data'];
};

describe('Bounds of number inputs', () => {
  it('when every bundled contract is read, then each number input states its lowest and highest value', () => {
    const unbounded = groups.flatMap(({ apis, contracts }) =>
      Object.entries(apis).flatMap(([id, { operations }]) =>
        Object.entries(operations).flatMap(([operationId, spec]) =>
          inputsOf(contracts[id] as Json, spec.path, spec.method).inputs.flatMap((input) => (input.numeric && !input.bounded ? [`${id}.${operationId} ${input.in} ${input.name}`] : [])),
        ),
      ),
    );
    expect(unbounded).toEqual([]);
  });
});

/** The kernel's HTTP app over a group's contracts, its handlers recording the operations called in `called`. */
function kernelApp({ apis, contracts }: (typeof groups)[number], called: string[]) {
  const modules: Record<string, ApiModule<CallContext>> = {};
  const rawRoutes: RawRoute[] = [];
  for (const [id, { manager, operations }] of Object.entries(apis)) {
    const [raw, dispatched] = [true, false].map((wanted) => Object.entries(operations).filter(([, spec]) => streamed(contracts[id] as Json, spec) === wanted));
    for (const [operationId, spec] of raw!) rawRoutes.push({ api: id, spec, serve: async () => void called.push(operationId) });
    const handlers = Object.fromEntries(dispatched!.map(([operationId]) => [operationId, () => void called.push(operationId)]));
    modules[id] = { manager, operations: Object.fromEntries(dispatched!), handlers, rules: {}, guards: {} };
  }
  const scopes = [...new Set(Object.values(apis).flatMap(({ operations }) => Object.values(operations).flatMap((spec) => spec.scopes)))];
  return createHttpApp({
    dispatcher: new Dispatcher(modules, undefined, ({ session, remoteAddress }) => ({ session, remoteAddress })),
    contracts,
    authenticate: () => ({ id: 'every-scope', scopes }),
    validateResponses: false,
    development: false,
    hosts: new HostAllowList(),
    rawRoutes,
  });
}

describe.each(groups.map((group) => ({ group, name: group.name, cases: casesOf(group) })).filter(({ cases }) => cases.length))('Numbers in requests to $name', ({ group, cases }) => {
  const called: string[] = [];
  const app = kernelApp(group, called);

  it.each(cases)('when $label, then 400 names it and no handler runs', async ({ spec, inputs, bodyRequired, input, bad }) => {
    const sent = inputs.filter((other) => other === input || other.required || other.in === 'path');
    const text = (other: Input) => (other === input ? bad : String(other.value));
    const path = spec.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(text(sent.find((other) => other.in === 'path' && other.name === name)!)));
    const query = sent.filter((other) => other.in === 'query').flatMap((other) => (other === input ? [`${encodeURIComponent(other.name)}=${bad}`] : queryText(other.name, other.value)));
    let call = request(app)[spec.method](`${path}${query.length ? `?${query.join('&')}` : ''}`).set('Authorization', 'Bearer every-scope');
    for (const header of sent.filter((other) => other.in === 'header')) call = call.set(header.name, text(header));
    const fields = sent.filter((other) => other.in === 'body');
    if (bodyRequired || fields.length) {
      const json = `{${fields.map((field) => `${JSON.stringify(field.name)}:${field === input ? bad : JSON.stringify(field.value)}`).join(',')}}`;
      call = call.set('Content-Type', 'application/json').send(json);
    }
    called.length = 0;
    const res = await call;
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: { error: 'invalid_request', error_description: expect.stringContaining(`Invalid argument ${spec.body?.kind === 'root' && input.in === 'body' ? `${spec.body.name}.` : ''}${input.name}`), statusCode: 400 },
    });
    expect(called).toEqual([]);
  });
});

/** The socket's validator (hub operations' arguments over `api`): numbers that JSON reads as Infinity are refused. */
describe('Numbers in socket calls to the hub', () => {
  const validator = new ContractValidator(Object.values(hubBundles));
  const cases = Object.entries(hubApis).flatMap(([id, { operations }]) =>
    Object.entries(operations as Record<string, OperationSpec>).flatMap(([operationId, spec]) => {
      const { inputs } = inputsOf(hubBundles[id] as Json, spec.path, spec.method);
      return inputs.filter((input) => input.numeric).flatMap((input) => [Infinity, -Infinity, NaN].map((bad) => ({ label: `${id}.${operationId} ${input.name}=${bad}`, spec, inputs, input, bad })));
    }),
  );

  it.each(cases)('when $label, then 400 names it', ({ spec, inputs, input, bad }) => {
    const args: Record<string, unknown> = {};
    const fields: Record<string, unknown> = {};
    for (const other of inputs.filter((each) => each === input || each.required || each.in === 'path')) {
      const value = other === input ? bad : other.value;
      if (other.in === 'body' && spec.body?.kind === 'root') fields[other.name] = value;
      else args[other.name] = value;
    }
    if (spec.body?.kind === 'root') args[spec.body.name] = fields;
    const prefix = input.in === 'body' && spec.body?.kind === 'root' ? `${spec.body.name}.` : '';
    let refused: unknown;
    try {
      validator.args(spec, args);
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ statusCode: 400, message: expect.stringContaining(`Invalid argument ${prefix}${input.name}`) });
  });
});

describe('Numbers in free-form values', () => {
  const called: string[] = [];
  const app = kernelApp(groups[0]!, called);
  const spec = hubApis.dashboards.operations.setWidgetStoreState;
  const id = '6a2f41a3-c54c-4e1f-9b46-1f1b0f0c5a11';

  it('when a free-form body value holds 1e400, then HTTP answers 400 naming it and no handler runs', async () => {
    const res = await request(app)
      .post(spec.path.replace('{id}', id))
      .set('Authorization', 'Bearer every-scope')
      .set('Content-Type', 'application/json')
      .send('{"state":{"levels":[1,-1e400]}}');
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: { error: 'invalid_request', error_description: 'Invalid argument state.levels.1: must be a finite number', statusCode: 400 },
    });
    expect(called).toEqual([]);
  });

  it('when a free-form socket argument holds Infinity, then the socket refuses it in the same words', () => {
    const validator = new ContractValidator(Object.values(hubBundles));
    expect(() => validator.args(spec, { id, state: { levels: [1, -Infinity] } })).toThrow('Invalid argument state.levels.1: must be a finite number');
  });
});

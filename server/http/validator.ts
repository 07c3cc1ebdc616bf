import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OperationSpec } from '../../generated/manifest.js';
import { badRequest } from './errors.js';
import { nonFiniteAt, NOT_FINITE } from './finite.js';
import { barePath, validatorContract } from './validator-contract.js';

type Json = Record<string, any>;

/**
 * Validates the named arguments of calls over the socket (PROTOCOL.md §5) with Ajv over the contract as
 * express-openapi-validator reads it for HTTP (validator-contract.ts: each API's document rewritten the same way),
 * with its settings (defaults filled in, formats in full) and in its words, mapped by contract-validation.ts: a call
 * answers the same whichever way it comes (the parity sweep, parity.contract.test.ts, checks it does). Each API's
 * copy is made on the first call of one of its operations, and each operation's validator on its own first call.
 */
export class ContractValidator {
  private readonly ajv = withFormats(new Ajv2020({ strict: false, allErrors: false, coerceTypes: false, useDefaults: true, strictNumbers: true }));
  private readonly compiled = new Map<OperationSpec, ValidateFunction>();
  /** The bundled document each path of the contracts comes from. */
  private readonly documents = new Map<string, object>();
  /** Each document as the validators read it, made on first use. */
  private readonly copies = new Map<object, Json>();

  constructor(contracts: Iterable<object>) {
    for (const contract of contracts as Iterable<Json>) {
      for (const path of Object.keys(contract.paths ?? {})) this.documents.set(path, contract);
    }
  }

  /**
   * The operation's own named arguments of a socket call, or a 400 naming the first problem (a number that is not
   * finite among them). Stray keys are dropped.
   */
  args(operation: OperationSpec, args: unknown): Record<string, unknown> {
    const input = isObject(args) ? args : {};
    const picked: Record<string, unknown> = {};
    for (const { name } of operation.args) if (Object.hasOwn(input, name) && input[name] !== undefined) picked[name] = input[name];
    const validate = this.of(operation);
    if (!validate(picked)) throw badRequest(describe(validate.errors?.[0]));
    // JSON reads 1e400 as Infinity, which a schema without a type takes (finite.ts).
    const notFinite = nonFiniteAt(picked);
    if (notFinite !== undefined) throw badRequest(`Invalid argument ${notFinite}: ${NOT_FINITE}`);
    return picked;
  }

  private of(operation: OperationSpec): ValidateFunction {
    let compiled = this.compiled.get(operation);
    if (!compiled) {
      compiled = this.compile(operation);
      this.compiled.set(operation, compiled);
    }
    return compiled;
  }

  /** The contract, as the validators read it, that holds the path. */
  private copyOf(path: string): Json | undefined {
    const document = this.documents.get(path);
    if (!document) return undefined;
    let copy = this.copies.get(document);
    if (!copy) {
      copy = validatorContract(document);
      this.copies.set(document, copy);
    }
    return copy;
  }

  private compile(operation: OperationSpec): ValidateFunction {
    const contract = this.copyOf(operation.path);
    const item: Json | undefined = contract?.paths[barePath(operation.path)];
    const source: Json | undefined = item?.[operation.method];
    if (!contract || !item || !source) throw new Error(`No ${operation.method} ${operation.path} in the bundled contracts`);
    const resolve = (node: Json | undefined) => resolveIn(contract, node);
    const args = objectSchema();
    for (const parameter of [...(item.parameters ?? []), ...(source.parameters ?? [])].map((p: Json) => resolve(p)!)) {
      args.properties[parameter.name] = parameter.schema ?? {};
      if (parameter.required) args.required.push(parameter.name);
    }
    const content = resolve(source.requestBody)?.content;
    const bodySchema = (content?.['application/json'] ?? content?.['multipart/form-data'] ?? content?.['application/x-www-form-urlencoded'])?.schema;
    if (operation.body?.kind === 'root') {
      args.properties[operation.body.name] = bodySchema ?? {};
      if (operation.body.required) args.required.push(operation.body.name);
    } else if (operation.body && bodySchema) {
      const resolved = resolve(bodySchema)!;
      Object.assign(args.properties, resolved.properties);
      args.required.push(...(resolved.required ?? []));
    }
    // The document's components travel along so that `#/components/...` references resolve inside the schema.
    return this.ajv.compile({ ...args, components: contract.components });
  }
}

function resolveIn(contract: Json, node: Json | undefined): Json | undefined {
  let current = node;
  while (current?.$ref) {
    current = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((at: Json | undefined, key: string) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], contract);
  }
  return current;
}

const withFormats = (ajv: Ajv2020) => {
  // ajv-formats types its plugin for draft-07's Ajv class; it adds the same formats to Ajv2020's.
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  return ajv;
};

const objectSchema = () => ({ type: 'object', properties: {} as Json, required: [] as string[] });

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** "Missing argument: zone.name" or "Invalid argument zone.icon: must be string", as contract-validation.ts words HTTP's. */
function describe(error: ErrorObject | undefined): string {
  const at = (error?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const below = at ? `${at}.` : '';
  if (error?.keyword === 'required') return `Missing argument: ${below}${String(error.params.missingProperty)}`;
  if (error?.keyword === 'additionalProperties') return `Unknown argument: ${below}${String(error.params.additionalProperty)}`;
  // express-openapi-validator names the allowed values of an enum: so does the socket.
  const allowed = error?.keyword === 'enum' ? `: ${(error.params.allowedValues as unknown[]).join(', ')}` : '';
  return `Invalid argument ${at || 'body'}: ${error?.message}${allowed}`;
}

import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OperationSpec } from '../../generated/manifest.js';
import { ApiError, badRequest } from './errors.js';

type Json = Record<string, any>;

interface Compiled {
  /** Every named argument as one object: calls over the socket (PROTOCOL.md §5), whose values are JSON already. */
  args: ValidateFunction;
  /** Path and query parameters of an HTTP request: strings, coerced to the contract's types. */
  params: ValidateFunction;
  /** The JSON body of an HTTP request, as strict as the socket's arguments (42 is no name). */
  body?: ValidateFunction;
  /** The 200 answer, checked in tests and strict mode. */
  response?: ValidateFunction;
}

/**
 * Validates calls against the bundled contract, the same rules for HTTP and the socket, so that a call answers the
 * same whichever way it comes. Validators compile on first use of an operation.
 */
export class ContractValidator {
  private readonly strict = withFormats(new Ajv2020({ strict: false, allErrors: false, coerceTypes: false }));
  private readonly coercing = withFormats(new Ajv2020({ strict: false, allErrors: false, coerceTypes: 'array' }));
  private readonly compiled = new Map<OperationSpec, Compiled>();

  constructor(private readonly spec: Json) {}

  /** The operation's own named arguments of a socket call, or a 400 naming the first problem. Stray keys are dropped. */
  args(operation: OperationSpec, args: unknown): Record<string, unknown> {
    const input = isObject(args) ? args : {};
    const picked: Record<string, unknown> = {};
    for (const { name } of operation.args) if (Object.hasOwn(input, name) && input[name] !== undefined) picked[name] = input[name];
    return this.check(this.of(operation).args, picked, '');
  }

  /** Path and query parameters, coerced to their types in place. */
  params(operation: OperationSpec, params: Record<string, unknown>): Record<string, unknown> {
    return this.check(this.of(operation).params, params, '');
  }

  /** A request body that is present; `prefix` names a whole-item body (`zone.`). */
  body(operation: OperationSpec, body: unknown): unknown {
    const validate = this.of(operation).body;
    const prefix = operation.body?.kind === 'root' ? `${operation.body.name}.` : '';
    return validate ? this.check(validate, body, prefix) : body;
  }

  /** Throws a 500 when a 200 answer breaks the contract (on in tests and strict mode). */
  response(operation: OperationSpec, body: unknown): void {
    const validate = this.of(operation).response;
    if (validate && !validate(body)) {
      const [error] = validate.errors ?? [];
      throw new ApiError(500, 'invalid_response', `The answer breaks the contract at ${error?.instancePath || '/'}: ${error?.message}`);
    }
  }

  private check<T>(validate: ValidateFunction, data: T, prefix: string): T {
    if (!validate(data)) throw badRequest(describe(validate.errors?.[0], prefix));
    return data;
  }

  private of(operation: OperationSpec): Compiled {
    let compiled = this.compiled.get(operation);
    if (!compiled) {
      compiled = this.compile(operation);
      this.compiled.set(operation, compiled);
    }
    return compiled;
  }

  private compile(operation: OperationSpec): Compiled {
    const pathItem: Json = this.spec.paths[operation.path];
    const source: Json = pathItem?.[operation.method];
    if (!source) throw new Error(`No ${operation.method} ${operation.path} in the bundled spec`);
    const params = objectSchema();
    for (const parameter of [...(pathItem.parameters ?? []), ...(source.parameters ?? [])].map((p: Json) => this.resolve(p)!)) {
      params.properties[parameter.name] = parameter.schema ?? {};
      if (parameter.required) params.required.push(parameter.name);
    }
    // A form body (the cloud's OAuth2 endpoints) is checked as the object of string fields it parses to. A multipart
    // form's fields arrive as text too: its schema coerces them ('true' is true); its files are bytes.
    const content = this.resolve(source.requestBody)?.content;
    const multipart = operation.body?.kind === 'fields' && operation.body.media === 'multipart/form-data';
    const bodySchema = (multipart ? content?.['multipart/form-data'] : (content?.['application/json'] ?? content?.['application/x-www-form-urlencoded']))?.schema;
    const args = objectSchema({ ...params.properties }, [...params.required]);
    if (operation.body?.kind === 'root') {
      args.properties[operation.body.name] = bodySchema ?? {};
      if (operation.body.required) args.required.push(operation.body.name);
    } else if (operation.body && bodySchema) {
      const resolved = this.resolve(bodySchema)!;
      Object.assign(args.properties, resolved.properties);
      args.required.push(...(resolved.required ?? []));
    }
    const responseSchema = this.resolve(this.resolve(source.responses?.['200'])?.content?.['application/json'])?.schema;
    return {
      args: this.strict.compile(this.withComponents(args)),
      params: this.coercing.compile(this.withComponents(params)),
      body: bodySchema ? (multipart ? this.coercing : this.strict).compile(this.withComponents(bodySchema)) : undefined,
      response: responseSchema ? this.strict.compile(this.withComponents(responseSchema)) : undefined,
    };
  }

  /** The bundle's components travel along so that `#/components/...` references resolve inside the schema. */
  private withComponents(schema: Json): Json {
    return { ...schema, components: this.spec.components };
  }

  private resolve(node: Json | undefined): Json | undefined {
    let current = node;
    while (current?.$ref) {
      current = current.$ref
        .replace(/^#\//, '')
        .split('/')
        .reduce((at: Json | undefined, key: string) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], this.spec);
    }
    return current;
  }
}

const withFormats = (ajv: Ajv2020) => {
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  return ajv;
};

const objectSchema = (properties: Json = {}, required: string[] = []) => ({ type: 'object', properties, required });

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** "Missing argument: zone.name" or "Invalid argument zone.icon: must be string". */
function describe(error: ErrorObject | undefined, prefix: string): string {
  const at = prefix + (error?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  if (error?.keyword === 'required') return `Missing argument: ${at && !at.endsWith('.') ? `${at}.` : at}${String(error.params.missingProperty)}`;
  if (error?.keyword === 'additionalProperties') return `Unknown argument: ${at && !at.endsWith('.') ? `${at}.` : at}${String(error.params.additionalProperty)}`;
  return `Invalid argument ${at.replace(/\.$/, '') || 'body'}: ${error?.message}`;
}

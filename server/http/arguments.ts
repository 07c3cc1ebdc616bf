import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OperationSpec } from '../../generated/manifest.js';
import { badRequest } from './errors.js';

type Json = Record<string, any>;

/**
 * Validates the named arguments of a call over the socket (PROTOCOL.md §5) against the same bundled document the
 * HTTP validator uses: path and query parameters and the body become one object schema. Stray keys (`$validate`,
 * `query`) are dropped, not refused. Validators compile on first use.
 */
export class ArgumentValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, coerceTypes: false });
  private readonly compiled = new Map<OperationSpec, ValidateFunction>();

  constructor(private readonly spec: Json) {
    (addFormats as unknown as (ajv: Ajv2020) => void)(this.ajv);
  }

  /** Returns only the operation's own arguments, or throws a 400 naming the first problem. */
  validate(operation: OperationSpec, args: unknown): Record<string, unknown> {
    const input = args && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
    const picked = Object.fromEntries(operation.args.map((arg) => arg.name).filter((name) => input[name] !== undefined).map((name) => [name, input[name]]));
    const validate = this.compiled.get(operation) ?? this.compile(operation);
    if (!validate(picked)) {
      const [error] = validate.errors ?? [];
      const at = error?.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const missing = error?.keyword === 'required' ? String(error.params.missingProperty) : undefined;
      throw badRequest(missing ? `Missing argument: ${at ? `${at}.` : ''}${missing}` : `Invalid argument ${at}: ${error?.message}`);
    }
    return picked;
  }

  private compile(operation: OperationSpec): ValidateFunction {
    const source: Json = this.spec.paths[operation.path]?.[operation.method];
    if (!source) throw new Error(`No ${operation.method} ${operation.path} in the bundled spec`);
    const pathItem = this.spec.paths[operation.path];
    const properties: Json = {};
    const required: string[] = [];
    for (const parameter of [...(pathItem.parameters ?? []), ...(source.parameters ?? [])].map((p: Json) => this.resolve(p))) {
      properties[parameter.name] = parameter.schema ?? {};
      if (parameter.required) required.push(parameter.name);
    }
    const requestBody = source.requestBody && this.resolve(source.requestBody);
    const bodySchema = requestBody?.content?.['application/json']?.schema;
    if (operation.body?.kind === 'root') {
      properties[operation.body.name] = bodySchema ?? {};
      if (operation.body.required) required.push(operation.body.name);
    } else if (operation.body && bodySchema) {
      const resolved = this.resolve(bodySchema);
      Object.assign(properties, resolved.properties);
      required.push(...(resolved.required ?? []));
    }
    // The bundle's components travel along so that `#/components/...` references resolve inside this schema.
    const schema = { type: 'object', properties, required, components: this.spec.components };
    const validate = this.ajv.compile(schema);
    this.compiled.set(operation, validate);
    return validate;
  }

  private resolve(node: Json): Json {
    let current = node;
    while (current?.$ref) {
      current = current.$ref
        .replace(/^#\//, '')
        .split('/')
        .reduce((at: Json, key: string) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], this.spec);
    }
    return current;
  }
}

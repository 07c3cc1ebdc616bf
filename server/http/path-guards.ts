import type { Guard } from './api.js';
import { badRequest } from './errors.js';

interface Parameter {
  name: string;
  in: string;
  schema?: { pattern?: string };
}
type ParameterOrRef = Parameter | { $ref: string };
interface Contract {
  paths: object;
  components?: { parameters?: object };
}

/** The contract's pattern of each path parameter, by operationId. */
function pathPatterns(contract: Contract): Map<string, Array<[string, RegExp]>> {
  const shared = (contract.components?.parameters ?? {}) as Record<string, Parameter>;
  const resolve = (parameter: ParameterOrRef) => ('$ref' in parameter ? shared[parameter.$ref.split('/').pop()!]! : parameter);
  const patterns = new Map<string, Array<[string, RegExp]>>();
  for (const item of Object.values(contract.paths) as Array<Record<string, { operationId?: string; parameters?: ParameterOrRef[] }>>) {
    const common = (item.parameters ?? []) as unknown as ParameterOrRef[];
    for (const operation of Object.values(item)) {
      if (!operation?.operationId) continue;
      const path = [...common, ...(operation.parameters ?? [])].map(resolve).filter((parameter) => parameter.in === 'path' && parameter.schema?.pattern);
      patterns.set(operation.operationId, path.map((parameter) => [parameter.name, new RegExp(parameter.schema!.pattern!, 'u')]));
    }
  }
  return patterns;
}

/**
 * Guards decide only on path arguments of the contract's shape: a malformed one is refused first with the
 * validator's 400, since the shape of an id is public and tells nothing about whose it is. Refused, not passed
 * over, so that no guard is ever skipped.
 */
export function onWellFormedPaths<Context>(contract: Contract, guards: Record<string, Guard<Context>>): Record<string, Guard<Context>> {
  const patterns = pathPatterns(contract);
  return Object.fromEntries(
    Object.entries(guards).map(([operationId, guard]): [string, Guard<Context>] => [
      operationId,
      (path, context) => {
        for (const [name, pattern] of patterns.get(operationId) ?? []) {
          if (!pattern.test(path[name] ?? '')) throw badRequest(`Invalid argument ${name}: must match pattern "${pattern.source}"`);
        }
        return guard(path, context);
      },
    ]),
  );
}

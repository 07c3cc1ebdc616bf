import type { OperationSpec } from '../../generated/manifest.js';
import { pathPattern } from './routing.js';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/**
 * Where each operation of the validators' contract comes from (`put /user/{id}`), also on an operation a literal
 * path borrows: the kernel checks that the validator checked a request against the operation it routed it to.
 */
export const OPERATION_MARK = 'x-kernel-operation';

export const operationMark = (spec: Pick<OperationSpec, 'method' | 'path'>) => `${spec.method} ${spec.path}`;

/** A path without its last slash, as the validators' contract keys it (Express answers both). */
export const barePath = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path);

/** What a raw route changes in its operation as the validator reads it (router.ts's RawRoute). */
export interface RawContract {
  spec: OperationSpec;
  /** A last path parameter that spans segments. */
  spanning?: string;
  /** Absent: the route streams its body itself, and the validator leaves it. */
  body?: unknown;
}

/**
 * The contract as both validators read it, HTTP's (express-openapi-validator) and the socket's (Ajv): a fresh copy
 * each, with every operation marked with where it comes from; a spanning parameter marked as its wildcard
 * (`{path}*`); the body of a raw route that streams it left to the route (its own limits apply as it reads); a last
 * slash optional, and HEAD checked as GET, as Express routes them; a body without `required` optional (OpenAPI's default); query values as
 * clients send them, reserved characters unencoded included (PROTOCOL.md §2), their types and bounds checked all
 * the same.
 */
export function validatorContract(contract: object, raws: readonly RawContract[] = []): Json {
  const copy = structuredClone(contract) as { paths: Record<string, Json>; components?: Json };
  for (const [path, item] of Object.entries(copy.paths)) {
    for (const method of METHODS) if (item[method]) item[method][OPERATION_MARK] = `${method} ${path}`;
  }
  for (const raw of raws) {
    const item = copy.paths[raw.spec.path];
    if (!raw.body) delete item?.[raw.spec.method]?.requestBody;
    if (raw.spanning && item) {
      delete copy.paths[raw.spec.path];
      copy.paths[raw.spec.path.replace(`{${raw.spanning}}`, `{${raw.spanning}}*`)] = item;
    }
  }
  const paths: typeof copy.paths = {};
  for (const [path, item] of Object.entries(copy.paths)) {
    const bare = barePath(path);
    // `/log` and `/log/` may be two paths of the contract with methods of their own: one path item for both.
    paths[bare] = paths[bare] ? { ...paths[bare], ...item } : item;
  }
  copy.paths = paths;
  lendShadowedMethods(copy);
  // Express answers HEAD with a path's GET route: the validator is to check it as that GET.
  for (const item of Object.values(copy.paths)) if (item.get && !item.head) item.head = item.get;
  // OpenAPI's default, said out loud: the validator takes a body without `required` for a required one.
  const bodies = [
    ...Object.values<Json>(copy.components?.requestBodies ?? {}),
    ...Object.values(copy.paths).flatMap((item) => METHODS.map((method) => item[method]?.requestBody)),
  ];
  for (const body of bodies) if (body && !body.$ref) body.required ??= false;
  const parameters = [
    ...Object.values<Json>(copy.components?.parameters ?? {}),
    ...Object.values(copy.paths).flatMap((item) => [item, ...Object.values(item)].flatMap((node) => (Array.isArray(node?.parameters) ? node.parameters : []))),
  ];
  for (const parameter of parameters) if (parameter?.in === 'query') parameter.allowReserved = true;
  return copy;
}

/**
 * The validator finds a request's path first and its method second, so a literal path (`/user/me`: GET) hides a
 * parameter's path it also matches (`/user/{id}`: PUT) from the methods it lacks, and such a request would go
 * unchecked. The literal path borrows those operations, the parameters its literal segments fix left out.
 */
function lendShadowedMethods(contract: { paths: Record<string, Json>; components?: { parameters?: Json } }): void {
  const resolve = (parameter: Json): Json =>
    typeof parameter?.$ref === 'string' ? (contract.components?.parameters?.[parameter.$ref.split('/').pop()!] ?? parameter) : parameter;
  const entries = Object.entries(contract.paths);
  for (const [literal, item] of entries) {
    for (const [templated, other] of entries) {
      if (literal === templated || !templated.includes('{') || !pathPattern(templated).test(literal)) continue;
      const literalSegments = literal.split('/');
      const fixed = new Set(templated.split('/').flatMap((segment, index) => (/^\{\w+\}$/.test(segment) && !literalSegments[index]!.startsWith('{') ? [segment.slice(1, -1)] : [])));
      const kept = (parameters: Json[] = []) => parameters.filter((parameter) => !(resolve(parameter).in === 'path' && fixed.has(resolve(parameter).name)));
      for (const method of METHODS) {
        if (!other[method] || item[method]) continue;
        item[method] = { ...other[method], parameters: [...kept(other.parameters), ...kept(other[method].parameters)] };
      }
    }
  }
}

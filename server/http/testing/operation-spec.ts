import type { ArgSpec, OperationSpec } from '../../../generated/manifest.js';

/** An operation as the generator would list it, for kernel tests over a contract written in the test. */
export function operationSpec(method: OperationSpec['method'], path: string, more: Partial<OperationSpec> = {}): OperationSpec {
  const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);
  const args: ArgSpec[] = pathParams.map((name) => ({ name, in: 'path', required: true, types: ['string'] }));
  return { method, path, auth: 'none', scopes: [], private: false, crud: null, pathParams, queryParams: [], body: null, args, status: 204, ...more };
}

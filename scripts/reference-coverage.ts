/**
 * How the contract covers the reference operations (docs/reference/hub-operations.tsv and
 * cloud-operations.tsv): per hub manager or cloud service, the reference rows served with the same
 * method, path, scopes, privacy and argument names (the cloud rows give no scopes, privacy or whole-body marks, so
 * those are not compared there), and those missing or served differently. Used by `npm run coverage` and its test.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ManagerSpec, OperationSpec } from './manifest-types.js';

export interface ReferenceRow {
  /** The hub manager id, or the cloud service id (AthomCloudAPI is `account`, AthomStoreAPI `store` ...). */
  manager: string;
  operationId: string;
  method: string;
  /** OpenAPI style: express `:param` becomes `{param}`. */
  path: string;
  /** Null where the reference does not say (cloud rows). */
  scopes: string[] | null;
  private: boolean | null;
  /** `<name>(<in>)`, plus `,root` for a whole-body argument (hub rows only), sorted. */
  args: string[];
}

/**
 * Cloud services built so far with only some of their rows (by other work under way): reported as partial, not
 * failed. Every other cloud service in the contract must serve all of its rows.
 */
export const PARTIAL_CLOUD_SERVICES: readonly string[] = [];

/** AthomCloudAPI is the account service; AthomXxxAPI the service xxx. */
export const cloudServiceId = (name: string) => (name === 'AthomCloudAPI' ? 'account' : (/^Athom(\w+)API$/.exec(name)?.[1] ?? name).toLowerCase());

export interface ManagerCoverage {
  manager: string;
  /** Whether the contract has this manager at all. */
  inContract: boolean;
  served: string[];
  missing: string[];
  /** operationId → what differs. */
  differing: Array<{ operationId: string; differences: string[] }>;
  /** Operations of ours the reference lacks (added from the seed). */
  extra: string[];
}

export type Contract = Readonly<Record<string, { manager: ManagerSpec; operations: Readonly<Record<string, OperationSpec>> }>>;

/** Where the reference lives: docs/reference/ in the repository. */
export function referenceFile(root: string, name: 'hub-operations.tsv' | 'cloud-operations.tsv' = 'hub-operations.tsv'): string {
  const file = path.join(root, 'docs', 'reference', name);
  if (!existsSync(file)) throw new Error(`The reference ${file} is missing: it is part of the repository (docs/reference/).`);
  return file;
}

export function parseReference(text: string): ReferenceRow[] {
  const [header, ...lines] = text.split('\n').filter((line) => line.trim() !== '');
  const columns = header!.split('\t');
  const at = (cells: string[], name: string) => cells[columns.indexOf(name)] ?? '';
  const cloud = columns.includes('service');
  return lines.map((line) => {
    const cells = line.split('\t');
    const parameters = at(cells, 'parameters').split(' ').filter(Boolean);
    return {
      manager: cloud ? cloudServiceId(at(cells, 'service')) : at(cells, 'manager_id'),
      operationId: at(cells, 'operationId'),
      method: at(cells, 'method').toLowerCase(),
      path: at(cells, 'path').replace(/:(\w+)/g, '{$1}'),
      scopes: cloud ? null : at(cells, 'scopes').split(',').map((scope) => scope.trim()).filter(Boolean),
      private: cloud ? null : at(cells, 'private') === 'private',
      args: parameters
        .map((parameter) => {
          const match = /^([^(]+)\(([^)]*)\)$/.exec(parameter);
          const [name, details] = match ? [match[1]!, match[2]!.split(',')] : [parameter, []];
          // A cloud row's form field is a body field of ours (the token endpoint's form).
          const place = details[0] === 'formData' ? 'body' : (details[0] ?? '?');
          return `${name}(${place}${details.includes('root') ? ',root' : ''})`;
        })
        .sort(),
    };
  });
}

/** `withRoot`: whether the reference marks whole-body arguments (hub rows do, cloud rows do not). */
const argKey = (spec: OperationSpec, arg: OperationSpec['args'][number], withRoot = true) =>
  `${arg.name}(${arg.in}${withRoot && arg.in === 'body' && spec.body?.kind === 'root' ? ',root' : ''})`;
const ourArgs = (spec: OperationSpec, withRoot = true) => spec.args.map((arg) => argKey(spec, arg, withRoot)).sort();

/**
 * Every reference argument must be ours; an argument beyond them may be ours only while optional (the seed's
 * `purgeSettings`, `keepNV`), since existing clients never send it.
 */
function sameArgs(spec: OperationSpec, reference: readonly string[], withRoot: boolean): boolean {
  const ours = ourArgs(spec, withRoot);
  const extraRequired = spec.args.some((arg) => arg.required && !reference.includes(argKey(spec, arg, withRoot)));
  return reference.every((arg) => ours.includes(arg)) && !extraRequired;
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * Rows of the older API generation (audio, speech-output) name the system scope `SYSTEM`: today's homey.system,
 * or its readonly half for a read.
 */
const legacyScopes = new Map([['SYSTEM', ['homey.system', 'homey.system.readonly']]]);

function sameScopes(ours: readonly string[], reference: readonly string[]): boolean {
  if (reference.length === 1 && legacyScopes.has(reference[0]!)) return ours.length === 1 && legacyScopes.get(reference[0]!)!.includes(ours[0]!);
  return same([...ours].sort(), [...reference].sort());
}

function differences(row: ReferenceRow, spec: OperationSpec): string[] {
  const found: string[] = [];
  if (spec.method !== row.method) found.push(`method ${spec.method.toUpperCase()}, reference ${row.method.toUpperCase()}`);
  if (spec.path !== row.path) found.push(`path ${spec.path}, reference ${row.path}`);
  if (row.scopes && !sameScopes(spec.scopes, row.scopes)) found.push(`scopes [${spec.scopes.join(', ')}], reference [${row.scopes.join(', ')}]`);
  if (row.private !== null && spec.private !== row.private) found.push(spec.private ? 'private, reference public' : 'public, reference private');
  const withRoot = row.scopes !== null;
  const args = ourArgs(spec, withRoot);
  if (!sameArgs(spec, row.args, withRoot)) found.push(`arguments ${args.join(' ') || '(none)'}, reference ${row.args.join(' ') || '(none)'}`);
  return found;
}

/** Each manager of the reference, then each of ours it lacks, with how the contract covers it. */
export function coverage(reference: ReferenceRow[], contract: Contract): ManagerCoverage[] {
  const managers = [...new Set([...reference.map((row) => row.manager), ...Object.keys(contract)])].sort();
  return managers.map((manager) => {
    const rows = reference.filter((row) => row.manager === manager);
    const operations = new Map(Object.entries(Object.hasOwn(contract, manager) ? contract[manager]!.operations : {}));
    const result: ManagerCoverage = { manager, inContract: Object.hasOwn(contract, manager), served: [], missing: [], differing: [], extra: [] };
    for (const row of rows) {
      const spec = operations.get(row.operationId);
      if (!spec) result.missing.push(row.operationId);
      else {
        const found = differences(row, spec);
        if (found.length) result.differing.push({ operationId: row.operationId, differences: found });
        else result.served.push(row.operationId);
      }
    }
    const known = new Set(rows.map((row) => row.operationId));
    result.extra = [...operations.keys()].filter((id) => !known.has(id));
    return result;
  });
}

export const loadReference = (root: string): ReferenceRow[] => parseReference(readFileSync(referenceFile(root), 'utf8'));

export const loadCloudReference = (root: string): ReferenceRow[] => parseReference(readFileSync(referenceFile(root, 'cloud-operations.tsv'), 'utf8'));

/** What keeps a built cloud service from passing: rows served differently, and missing rows unless it may be partial. */
export function cloudGaps(report: readonly ManagerCoverage[]): string[] {
  return report
    .filter((service) => service.inContract)
    .flatMap((service) => [
      ...(PARTIAL_CLOUD_SERVICES.includes(service.manager) ? [] : service.missing.map((id) => `${service.manager}.${id}: missing`)),
      ...service.differing.map(({ operationId, differences }) => `${service.manager}.${operationId}: ${differences.join('; ')}`),
    ]);
}

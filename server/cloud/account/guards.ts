import spec from '../../../generated/cloud/account.openapi.json' with { type: 'json' };
import type { Guard } from '../../http/api.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { callerId, isAdmin, requireUser } from './callers.js';
import type { AccountContext } from './context.js';

/**
 * Who may call an account operation, decided from the token and the path before the body is read (see Guard):
 * each operation names one of these in its handler table.
 */
export type AccountGuard = Guard<AccountContext>;

/** A user's token (403 for a client's own token, client credentials). */
export const signedInUser: AccountGuard = (_path, context) => void callerId(context);

export const adminOnly: AccountGuard = async (_path, context) => {
  if (!(await isAdmin(context, callerId(context)))) throw forbidden('Only an admin may do this');
};

/** The account `id`: its own tokens and admins' only (403), and it must exist (404). */
export async function requireOwnAccount(context: AccountContext, id: string): Promise<void> {
  const caller = callerId(context);
  if (caller !== id && !(await isAdmin(context, caller))) throw forbidden('Only the account itself may do this');
  await requireUser(context.account, id);
}

/** The account named by the path parameter `param` (see requireOwnAccount). */
export const ownAccount =
  (param: string): AccountGuard =>
  (path, context) =>
    requireOwnAccount(context, path[param]!);

/** An existing account named by the path parameter `param`, for admins only. */
export const adminOver =
  (param: string): AccountGuard =>
  async (path, context) => {
    await adminOnly(path, context);
    await requireUser(context.account, path[param]!);
  };

/** A hub named by the path parameter `param` that the caller belongs to; 404 for any other (strangers learn nothing). */
export const memberOfHub =
  (param: string): AccountGuard =>
  async (path, context) => {
    const member = await context.account.db
      .selectFrom('hub_users')
      .select('role')
      .where('hub_id', '=', path[param]!)
      .where('user_id', '=', callerId(context))
      .executeTakeFirst();
    if (!member) throw notFound('Homey');
  };

interface Parameter {
  name: string;
  in: string;
  schema?: { pattern?: string };
}
type ParameterOrRef = Parameter | { $ref: string };

/** The contract's pattern of each path parameter, by operationId. */
function pathPatterns(contract: typeof spec): Map<string, Array<[string, RegExp]>> {
  const shared = (contract.components.parameters ?? {}) as Record<string, Parameter>;
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
export function onWellFormedPaths(guards: Record<string, AccountGuard>): Record<string, AccountGuard> {
  const patterns = pathPatterns(spec);
  return Object.fromEntries(
    Object.entries(guards).map(([operationId, guard]): [string, AccountGuard] => [
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

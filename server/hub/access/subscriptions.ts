import { hubApis as manifests } from '../../../generated/hub/index.js';
import type { Caller, CrudStore, Dispatcher, Operation } from '../../http/dispatcher.js';
import { ApiError, notFound } from '../../http/errors.js';
import { hasScope } from '../../../client/scopes.js';
import type { ContractValidator } from '../../http/validator.js';
import type { HubContext } from '../core/context.js';

/** Realtime item type → its manager, e.g. { zone: 'zones' }; prototype-less, so `__proto__` or `toString` is a miss. */
export function realtimeManagers(): Readonly<Record<string, string>> {
  const managerOf: Record<string, string> = Object.create(null);
  for (const [id, { manager }] of Object.entries(manifests)) {
    for (const type of Object.values(manager.itemTypes)) managerOf[type] = id;
  }
  return managerOf;
}

const unknownUri = (uri: string) => new ApiError(404, 'not_found', `Unknown uri: ${uri}`);

/**
 * Who may subscribe to what (PROTOCOL.md §5). A manager uri `homey:manager:<id>` needs the scope of the manager's
 * list read. An item uri `homey:<itemType>:<id>` needs the item's own read to succeed for the caller: its scopes,
 * its guard, and the item (404 for one that does not exist, so that no socket gathers rooms for nothing); an item
 * type without a read of its own needs its manager's read scope and the item in the store. Anything else is a 404.
 * Throws the ApiError to answer; resolves when the caller may subscribe.
 */
export function subscriptionRules(dispatcher: Dispatcher<HubContext>, validator: ContractValidator, store: Pick<CrudStore, 'get'>) {
  const managerOf = realtimeManagers();
  const managerScope = new Map<string, string>();
  const itemRead = new Map<string, Operation<HubContext>>();
  for (const [id, { operations }] of Object.entries(manifests)) {
    const reads = Object.entries(operations).filter(([, operation]) => operation.method === 'get' && operation.scopes.length);
    const list = reads.find(([, operation]) => operation.crud?.kind === 'list') ?? reads[0];
    if (list) managerScope.set(id, list[1].scopes[0]!);
    for (const [operationId, operation] of reads) {
      if (operation.crud?.kind === 'get') itemRead.set(operation.crud.type, dispatcher.find(id, operationId)!);
    }
  }

  const requireScope = (uri: string, manager: string, caller: Caller) => {
    const scope = managerScope.get(manager);
    if (!scope) throw unknownUri(uri);
    if (!hasScope(caller.session?.scopes ?? [], scope)) throw new ApiError(403, 'insufficient_scope', `Missing scope: ${scope}`);
  };

  return async (uri: string, caller: Caller): Promise<void> => {
    const [prefix, kind, ...rest] = uri.split(':');
    const id = rest.join(':');
    if (prefix !== 'homey' || !kind || !id) throw unknownUri(uri);
    if (kind === 'manager') return requireScope(uri, id, caller);
    const manager = managerOf[kind];
    if (!manager) throw unknownUri(uri);
    const read = itemRead.get(kind);
    if (!read) {
      requireScope(uri, manager, caller);
      if (!store.get(kind, id)) throw notFound(`Item ${uri}`);
      return;
    }
    // A flow card's read takes its owner's uri beside its id, which is `<ownerUri>:<cardId>` (PROTOCOL.md §4).
    const [first, second] = read.spec.pathParams;
    const path: Record<string, string> = second ? { [first!]: id.slice(0, id.lastIndexOf(':')), [second]: id } : { [first!]: id };
    await dispatcher.call(read, caller, path, () => validator.args(read.spec, path));
  };
}

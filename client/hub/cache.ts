import type { OperationSpec } from '../../generated/manifest.js';

type Items = Map<string, unknown>;

/**
 * A manager's items, kept only while the manager is subscribed and the connection is up (seed 001 §4): a list
 * read fills it, later list and get reads are answered from it, and the manager's create, update and delete events
 * change it. It is emptied when the subscription or the connection ends, so that a reconnect reads afresh.
 */
export class ItemCache {
  private readonly byType = new Map<string, Items>();

  constructor(private readonly active: () => boolean) {}

  /** The cached answer of a read, or undefined when it must go to the hub. */
  read(operation: OperationSpec, args: Record<string, unknown>): { value: unknown } | undefined {
    const items = operation.crud && this.active() ? this.byType.get(operation.crud.type) : undefined;
    if (!items || !cacheable(operation, args)) return undefined;
    if (operation.crud!.kind === 'list') return { value: structuredClone(Object.fromEntries(items)) };
    const id = args[operation.pathParams[0]!];
    return typeof id === 'string' && items.has(id) ? { value: structuredClone(items.get(id)) } : undefined;
  }

  /** Keeps a whole list read (items keyed by id, PROTOCOL.md §2). */
  store(operation: OperationSpec, args: Record<string, unknown>, result: unknown): void {
    if (operation.crud?.kind !== 'list' || !this.active() || !cacheable(operation, args) || !result || typeof result !== 'object') return;
    this.byType.set(operation.crud.type, new Map(Object.entries(structuredClone(result))));
  }

  /** Applies a manager event `<type>.create|update|delete`. */
  apply(event: string, data: unknown): void {
    const [type, change] = event.split('.');
    const items = type === undefined ? undefined : this.byType.get(type);
    const id = (data as { id?: unknown } | null)?.id;
    if (!items || typeof id !== 'string') return;
    if (change === 'delete') items.delete(id);
    else if (change === 'create' || change === 'update') items.set(id, structuredClone(data));
  }

  clear(): void {
    this.byType.clear();
  }
}

/** Only plain reads: a list without arguments, a get by its path id alone (filters and options go to the hub). */
function cacheable(operation: OperationSpec, args: Record<string, unknown>): boolean {
  const given = Object.keys(args).filter((name) => args[name] !== undefined);
  if (operation.crud?.kind === 'list') return given.length === 0;
  return operation.crud?.kind === 'get' && operation.pathParams.length === 1 && given.length === 1 && given[0] === operation.pathParams[0];
}

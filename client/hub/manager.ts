import type { ManagerSpec, OperationSpec } from '../../generated/manifest.js';
import type { CamelCase } from './types.js';
import { checkRoute } from './arguments.js';
import { ItemCache } from './cache.js';
import { sharePendingReads } from './dedupe.js';
import { readResult } from './item-reads.js';
import type { Realtime } from './realtime.js';

export type Caller = (manager: ManagerSpec, operationId: string, operation: OperationSpec, args: Record<string, unknown>) => Promise<unknown>;
type Listener = (data: unknown) => void;

export const camelCase = <S extends string>(id: S) => id.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) as CamelCase<S>;

/** A manager's subscription to `homey:manager:<id>` and its listeners by event name. */
class ManagerEvents {
  private readonly listeners = new Map<string, Set<Listener>>();
  private subscribing?: Promise<() => void>;
  private subscribed = false;
  readonly isConnected = (): boolean => this.subscribed && this.realtime.connected;
  readonly cache = new ItemCache(this.isConnected);

  constructor(private readonly uri: string, private readonly realtime: Realtime) {
    realtime.onStateChange((state) => {
      if (state !== 'connected') this.cache.clear();
      if (state === 'disconnected') this.unsubscribed();
    });
  }

  connect = async (): Promise<void> => {
    this.subscribing ??= this.realtime.subscribe(this.uri, (event, data) => {
      this.cache.apply(event, data);
      this.emit(event, data);
    });
    const subscribing = this.subscribing;
    subscribing.then(
      () => (this.subscribed = this.subscribing === subscribing),
      () => this.unsubscribed(),
    );
    await subscribing;
  };

  disconnect = async (): Promise<void> => {
    const subscribing = this.subscribing;
    this.unsubscribed();
    (await subscribing?.catch(() => undefined))?.();
  };

  private unsubscribed(): void {
    this.subscribing = undefined;
    this.subscribed = false;
    this.cache.clear();
  }

  on = (event: string, listener: Listener): (() => void) => {
    const listeners = this.listeners.get(event) ?? new Set();
    this.listeners.set(event, listeners.add(listener));
    return () => listeners.delete(listener);
  };

  private emit(event: string, data: unknown): void {
    for (const listener of this.listeners.get(event) ?? []) listener(data);
  }
}

/**
 * One manager object made from its generated manifest (each entry checked, see checkRoute): a method per operationId that takes the named arguments
 * and goes through `call`, plus connect / disconnect / on for its realtime events. Reads pass, in this order,
 * through the sharing of concurrent identical reads (dedupe.ts) and the item cache (cache.ts); answers lose what
 * the client removes on read (item-reads.ts).
 */
export function createManager(
  manifest: { manager: ManagerSpec; operations: Readonly<Record<string, OperationSpec>> },
  call: Caller,
  realtime: Realtime,
): Record<string, unknown> {
  const events = new ManagerEvents(manifest.manager.uri, realtime);
  const { connect, disconnect, on, cache, isConnected } = events;
  const read = sharePendingReads(
    (operationId: string, operation: OperationSpec, args: Record<string, unknown>) => (operation.method === 'get' ? `${operationId} ${JSON.stringify(args)}` : undefined),
    async (operationId: string, operation: OperationSpec, args: Record<string, unknown>) => {
      const cached = cache.read(operation, args);
      if (cached) return cached.value;
      const result = readResult(operation, await call(manifest.manager, operationId, operation, args));
      cache.store(operation, args, result);
      return result;
    },
  );
  const methods = Object.entries(manifest.operations).map(([operationId, operation]) => [
    operationId,
    checkRoute(operation) && ((args: Record<string, unknown> = {}) => read(operationId, operation, args)),
  ]);
  return { ...Object.fromEntries(methods), connect, disconnect, on, isConnected };
}

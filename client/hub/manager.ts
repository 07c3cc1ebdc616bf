import type { ManagerSpec, OperationSpec } from '../../generated/manifest.js';
import type { CamelCase } from './types.js';
import type { Realtime } from './realtime.js';

export type Caller = (manager: ManagerSpec, operationId: string, operation: OperationSpec, args: Record<string, unknown>) => Promise<unknown>;
type Listener = (data: unknown) => void;

export const camelCase = <S extends string>(id: S) => id.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) as CamelCase<S>;

/** A manager's subscription to `homey:manager:<id>` and its listeners by event name. */
class ManagerEvents {
  private readonly listeners = new Map<string, Set<Listener>>();
  private subscribing?: Promise<() => void>;

  constructor(private readonly uri: string, private readonly realtime: Realtime) {
    realtime.onStateChange((state) => {
      if (state === 'disconnected') this.subscribing = undefined;
    });
  }

  connect = async (): Promise<void> => {
    this.subscribing ??= this.realtime.subscribe(this.uri, (event, data) => this.emit(event, data));
    this.subscribing.catch(() => (this.subscribing = undefined));
    await this.subscribing;
  };

  disconnect = async (): Promise<void> => {
    const subscribing = this.subscribing;
    this.subscribing = undefined;
    (await subscribing?.catch(() => undefined))?.();
  };

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
 * One manager object made from its generated manifest: a method per operationId that takes the named arguments
 * and goes through `call`, plus connect / disconnect / on for its realtime events.
 */
export function createManager(
  manifest: { manager: ManagerSpec; operations: Readonly<Record<string, OperationSpec>> },
  call: Caller,
  realtime: Realtime,
): Record<string, unknown> {
  const { connect, disconnect, on } = new ManagerEvents(manifest.manager.uri, realtime);
  const methods = Object.entries(manifest.operations).map(([operationId, operation]) => [
    operationId,
    (args: Record<string, unknown> = {}) => call(manifest.manager, operationId, operation, args),
  ]);
  return { ...Object.fromEntries(methods), connect, disconnect, on };
}

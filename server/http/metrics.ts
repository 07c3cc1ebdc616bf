/**
 * Counters product code reports for whoever listens: tests that guard what a change costs (by counting, never by
 * timing), or an exporter. A counter with no listener costs one size check, so product modules keep no mutable
 * state for tests. Each module instance has its own counters (not node:diagnostics_channel's process-wide
 * channels): a Jest worker runs test files one after another, each with its own modules, and what a hub left
 * running by an earlier file does must not count in the next.
 */
type Listener = (amount: number) => void;

export interface Metric {
  readonly name: string;
  readonly listeners: Set<Listener>;
}

/** A counter named `name` (`list.items-serialized`). */
export const metric = (name: string): Metric => ({ name, listeners: new Set() });

/** Adds `amount` to the counter, for its listeners. */
export function count(counter: Metric, amount = 1): void {
  if (counter.listeners.size === 0) return;
  for (const listener of counter.listeners) listener(amount);
}

/** Listens to counters; each `total` is what they counted since. `stop` stops listening. */
export function watchMetrics<Name extends string>(counters: Record<Name, Metric>): { total(name: Name): number; stop(): void } {
  const totals = new Map<Name, number>();
  const listeners = (Object.entries(counters) as Array<[Name, Metric]>).map(([name, counter]) => {
    const listener: Listener = (amount) => totals.set(name, (totals.get(name) ?? 0) + amount);
    counter.listeners.add(listener);
    return () => counter.listeners.delete(listener);
  });
  return { total: (name) => totals.get(name) ?? 0, stop: () => listeners.forEach((stopListening) => stopListening()) };
}

/**
 * Counters product code reports for whoever listens: tests that guard what a change costs (by counting, never by
 * timing), or an exporter. Each is a node:diagnostics_channel channel, which costs one property read when nobody
 * subscribes, so product modules keep no mutable state for tests.
 */
import diagnosticsChannel from 'node:diagnostics_channel';

export type Metric = diagnosticsChannel.Channel;

/** A counter named `platform.<name>`. */
export const metric = (name: string): Metric => diagnosticsChannel.channel(`platform.${name}`);

/** Adds `amount` to the counter, for its subscribers. */
export function count(counter: Metric, amount = 1): void {
  if (counter.hasSubscribers) counter.publish(amount);
}

/** Subscribes to counters; each `total` is what they counted since. `stop` unsubscribes. */
export function watchMetrics<Name extends string>(counters: Record<Name, Metric>): { total(name: Name): number; stop(): void } {
  const totals = new Map<Name, number>();
  const listeners = (Object.entries(counters) as Array<[Name, Metric]>).map(([name, counter]) => {
    const listener = (amount: unknown) => totals.set(name, (totals.get(name) ?? 0) + (amount as number));
    counter.subscribe(listener);
    return () => counter.unsubscribe(listener);
  });
  return { total: (name) => totals.get(name) ?? 0, stop: () => listeners.forEach((unsubscribe) => unsubscribe()) };
}

/**
 * Concurrent identical reads share one pending call (seed 001 §4): while a GET of an operation with the same
 * arguments is on its way, a second one waits for its answer instead of going to the hub. Only reads are shared;
 * a write is always sent. Sits above the transports, so it serves calls over HTTP and over the socket alike.
 */
export function sharePendingReads<A extends unknown[], R>(key: (...args: A) => string | undefined, call: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  const pending = new Map<string, Promise<R>>();
  return (...args: A) => {
    const id = key(...args);
    if (id === undefined) return call(...args);
    const shared = pending.get(id);
    if (shared) return shared;
    const started = call(...args).finally(() => pending.delete(id));
    pending.set(id, started);
    return started;
  };
}

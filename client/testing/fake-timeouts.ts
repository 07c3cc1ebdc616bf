/**
 * Jest fake timers for the time-outs alone (setTimeout): the clock of a test of a time-out moves by hand, while I/O,
 * immediates, intervals and Date stay real, so that real sockets and servers go on answering.
 */
export const FAKE_TIMEOUTS_ONLY: Parameters<typeof jest.useFakeTimers>[0] = {
  doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval'],
};

/** Follows a promise without awaiting it: whether it settled yet, and how. */
export function watch<T>(promise: Promise<T>): { settled: () => boolean; outcome: Promise<unknown> } {
  let settled = false;
  const outcome = promise.then(
    (value) => ((settled = true), value),
    (error: unknown) => ((settled = true), error),
  );
  return { settled: () => settled, outcome };
}

/**
 * The client's clock: its one read of the machine's time (epoch ms), the default clock of its time-based memos (a
 * device's refresh, a hub session's re-login), and its timers of back-offs and debounces, which never keep a Node
 * process alive by themselves (a closed client's retry just stops). Tests pass their own `now`; the clock check
 * (scripts/machine-time.ts) allows the machine's time and timers only here and in the server's clock.
 */
export const machineTime = (): number => Date.now();

/** Calls `callback` after `ms` of the machine's time; returns the cancel. */
export function after(ms: number, callback: () => void): () => void {
  const timer = setTimeout(callback, ms);
  (timer as { unref?: () => void }).unref?.();
  return () => clearTimeout(timer);
}

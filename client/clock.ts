/**
 * The client's one read of the machine's time, epoch ms: the default clock of its time-based memos (a device's
 * refresh, a hub session's re-login). Tests pass their own; the clock check (scripts/machine-time.ts) allows
 * the machine's time only here and in the server's clock.
 */
export const machineTime = (): number => Date.now();

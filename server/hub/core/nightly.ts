import type { HubCore } from './context.js';

/** The first time after `now` (epoch ms) that the hub's local clock shows `hour`:00, in the machine's time zone. */
export function nextLocalHour(now: number, hour: number): number {
  const next = new Date(now);
  next.setHours(hour, 0, 0, 0);
  if (next.getTime() <= now) next.setDate(next.getDate() + 1);
  return next.getTime();
}

/**
 * Runs `work` every night at `hour`:00 on the hub's clock while `enabled()` says so; `reschedule` after the option
 * changes. `next` is when it runs next, or null.
 */
export class Nightly {
  next: number | null = null;
  private cancel = () => {};

  constructor(private readonly hub: HubCore, private readonly hour: number, private readonly enabled: () => boolean, private readonly work: () => void) {}

  reschedule(): void {
    this.cancel();
    this.next = this.enabled() ? nextLocalHour(this.hub.now(), this.hour) : null;
    if (this.next === null) return;
    this.cancel = this.hub.clock.at(this.next, () => {
      try {
        this.work();
      } finally {
        this.reschedule();
      }
    });
  }

  stop(): void {
    this.cancel();
    this.next = null;
  }
}

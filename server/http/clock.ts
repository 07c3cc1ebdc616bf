/**
 * The clock of time-based rules (alarms, flow delays, session expiry, insights): what time it is, and calling back
 * at a time. One per hub; tests pass a FakeClock and move it, so that a one-minute delay takes no minute.
 */
export interface Clock {
  /** Epoch ms. */
  now(): number;
  /** Calls `callback` once the clock reaches `time` (epoch ms); returns the cancel. */
  at(time: number, callback: () => void): () => void;
  /** Epoch ms the clock is on its way to: now(), except while a FakeClock jumps, firing the timers due on the way. */
  heading(): number;
}

/** setTimeout's longest delay; a later time is reached in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** The machine's clock. Its timers are unref'd: a pending one never keeps the process alive. */
export const systemClock: Clock = {
  now: () => Date.now(),
  at(time, callback) {
    let timer: NodeJS.Timeout;
    const arm = () => {
      const delay = time - Date.now();
      if (delay <= 0) return callback();
      timer = setTimeout(arm, Math.min(delay, MAX_DELAY_MS)).unref();
    };
    timer = setTimeout(arm, Math.max(0, Math.min(time - Date.now(), MAX_DELAY_MS))).unref();
    return () => clearTimeout(timer);
  },
  heading: () => Date.now(),
};

/**
 * Calls `callback` every `intervalMs` on `clock`, the first time one interval from now; returns the stop. Intervals
 * a clock jumps past are one late call where the jump ends, as a machine waking from sleep makes them, not a call each.
 */
export function every(clock: Clock, intervalMs: number, callback: () => void): () => void {
  let cancel = () => {};
  const arm = () => {
    cancel = clock.at(Math.max(clock.now() + intervalMs, clock.heading()), () => {
      callback();
      arm();
    });
  };
  arm();
  return () => cancel();
}

interface Timer {
  time: number;
  order: number;
  callback: () => void;
}

/** A clock that moves only when told; timers fire as it passes their time, in order, each seeing its own time. */
export class FakeClock implements Clock {
  private timers: Timer[] = [];
  private order = 0;
  private goal: number;

  constructor(private time: number) {
    this.goal = time;
  }

  now = (): number => this.time;

  heading = (): number => this.goal;

  at(time: number, callback: () => void): () => void {
    const timer = { time, order: this.order++, callback };
    this.timers.push(timer);
    // As on the machine's clock, a time already past is reached at once, though not within the caller's turn.
    if (time <= this.time) setImmediate(() => this.set(this.time));
    return () => {
      this.timers = this.timers.filter((other) => other !== timer);
    };
  }

  /** Moves the clock to `time` (never back), firing every timer due by then, also those the fired ones set. */
  set(time: number): void {
    this.goal = Math.max(this.goal, time);
    for (let next = this.due(time); next; next = this.due(time)) {
      this.timers = this.timers.filter((timer) => timer !== next);
      this.time = Math.max(this.time, next.time);
      next.callback();
    }
    this.time = Math.max(this.time, time);
  }

  advance(ms: number): void {
    this.set(this.time + ms);
  }

  /** How many timers wait. */
  get pending(): number {
    return this.timers.length;
  }

  private due(time: number): Timer | undefined {
    let first: Timer | undefined;
    for (const timer of this.timers) {
      if (timer.time <= time && (!first || timer.time < first.time || (timer.time === first.time && timer.order < first.order))) first = timer;
    }
    return first;
  }
}

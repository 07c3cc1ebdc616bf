import type { Clock } from '../../http/clock.js';
import { log } from '../../http/log.js';
import type { Hub } from '../core/context.js';
import type { HubService, Nothing } from '../core/service.js';

/** How often a transition takes a step, and the most steps one takes (a long one takes longer steps). */
export const TRANSITION_STEP_MS = 100;
const MAX_STEPS = 100;

/**
 * Capability transitions (setCapabilityValue's `opts.duration`): a number value moves to its target in even steps
 * on the hub's clock, as a light dims, each step one write of the caller's (`step`), the last one exactly the target.
 * A capability has at most one: a new one, or a set without a duration, stops the running one where it is.
 */
export class Transitions {
  private readonly running = new Map<string, () => void>();

  constructor(private readonly clock: Clock) {}

  /** Stops the transition of the device's capability, if one runs. */
  stop(deviceId: string, capabilityId: string): void {
    const key = `${deviceId}:${capabilityId}`;
    this.running.get(key)?.();
    this.running.delete(key);
  }

  /**
   * Moves from `from` to `target` over `durationMs`, calling `step` with each value (`last` on the target). `step`
   * returns false when the capability is gone, which ends the transition. A transition of one step or none is
   * `step(target, true)` now.
   */
  start(deviceId: string, capabilityId: string, from: number, target: number, durationMs: number, step: (value: number, last: boolean) => boolean): void {
    this.stop(deviceId, capabilityId);
    const steps = Math.min(MAX_STEPS, Math.ceil(durationMs / TRANSITION_STEP_MS));
    if (steps <= 1 || from === target) {
      step(target, true);
      return;
    }
    const key = `${deviceId}:${capabilityId}`;
    const startedAt = this.clock.now();
    let taken = 0;
    const next = () => {
      taken++;
      const last = taken === steps;
      let going = false;
      try {
        going = step(last ? target : from + ((target - from) * taken) / steps, last);
      } catch (error) {
        // The capability changed under it (no longer setable, new bounds): the transition ends where it is.
        log.warn({ err: error, deviceId, capabilityId }, 'capability transition stopped');
      }
      if (going && !last) arm();
      else this.running.delete(key);
    };
    const arm = () => this.running.set(key, this.clock.at(startedAt + Math.round((durationMs * (taken + 1)) / steps), next));
    arm();
  }

  close(): void {
    for (const cancel of this.running.values()) cancel();
    this.running.clear();
  }
}

declare module '../core/context.js' {
  interface Hub {
    /** Capability values moving to their target over a duration (setCapabilityValue's `opts.duration`). */
    transitions: Transitions;
  }
}

export const transitions: HubService<Nothing, Pick<Hub, 'transitions'>> = {
  name: 'capability transitions',
  start: ({ clock }) => {
    const running = new Transitions(clock);
    return { gives: { transitions: running }, stop: () => running.close() };
  },
};

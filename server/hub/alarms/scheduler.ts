import type { Clock } from '../../http/clock.js';
import type { EventBus } from '../../http/events.js';
import type { HubStore } from '../core/items.js';
import { Listeners } from '../../http/listeners.js';
import { isOneOff, nextOccurance, type Alarm } from './schedule.js';

export type AlarmListener = (alarm: Alarm) => void;

const ALARMS_URI = 'homey:manager:alarms';

/**
 * Makes enabled alarms go off: one timer for the earliest `nextOccurance`, armed again after every change of an
 * alarm (the item store's events on the manager's uri). An alarm going off is told to the `onAlarmFired`
 * listeners (the flow engine's trigger), then saved with its next occurrence, or disabled when it was a one-off,
 * so that subscribers get `alarm.update`.
 */
export class AlarmScheduler {
  private cancel: (() => void) | undefined;
  private readonly fired = new Listeners<Alarm>('alarms');
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly store: HubStore,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  /** Arms the timer, and re-arms it on every alarm change; an alarm that came due while the hub was off goes off now. */
  start(): void {
    this.unsubscribe = this.bus.subscribe(({ uri }) => {
      if (uri === ALARMS_URI) this.arm();
    });
    this.arm();
  }

  /** Calls `listener` with each alarm as it goes off, until the returned function is called. */
  onAlarmFired(listener: AlarmListener): () => void {
    return this.fired.add(listener);
  }

  /** Sets off every enabled alarm due at `now` (epoch ms). The timer calls it with the hub's clock. */
  tick(now: number): void {
    const due = this.store.values('alarm').filter((alarm) => alarm.enabled && alarm.nextOccurance !== null && Date.parse(alarm.nextOccurance) <= now);
    for (const alarm of due) {
      this.fired.tell(alarm);
      const enabled = !isOneOff(alarm.repetition);
      this.store.save('alarm', { ...alarm, enabled, nextOccurance: nextOccurance({ ...alarm, enabled }, now) });
    }
    this.arm();
  }

  close(): void {
    this.cancel?.();
    this.cancel = undefined;
    this.unsubscribe?.();
  }

  private arm(): void {
    this.cancel?.();
    const times = this.store.values('alarm').flatMap((alarm) => (alarm.enabled && alarm.nextOccurance ? [Date.parse(alarm.nextOccurance)] : []));
    this.cancel = times.length ? this.clock.at(Math.min(...times), () => this.tick(this.clock.now())) : undefined;
  }
}

import type { Listeners } from '../../http/listeners.js';
import type { Hub, HubCore } from '../core/context.js';
import { news } from '../core/service.js';

export type PresenceKind = 'present' | 'asleep';

/** One presence change, as the flow engine will trigger on it. */
export interface PresenceEvent {
  userId: string;
  kind: PresenceKind;
  value: boolean;
  /** True when recorded only because the caller asked for it (`opts.forceFlowTrigger`), the value being unchanged. */
  forced: boolean;
}

declare module '../core/context.js' {
  interface Hub {
    /** Presence changes, for in-process listeners (the presence changes service's). */
    presenceChanges: Listeners<PresenceEvent>;
  }
}

/** The presence manager's news, started before the flow cards that trigger on it. */
export const presenceChanges = news('presenceChanges', 'presence changes');

/** Calls `listener` on every presence change of this hub (for the flow engine); returns the unsubscribe. */
export const onPresenceChanged = (hub: Pick<Hub, 'presenceChanges'>, listener: (event: PresenceEvent) => void): (() => void) => hub.presenceChanges.add(listener);

export const presenceOf = (hub: HubCore, userId: string, kind: PresenceKind): boolean => hub.store.require('user', userId, 'User')[kind];

/**
 * Stores the value on the user through the store (so `user.update` goes out) and reports the change to the
 * listeners; an unchanged value is reported only when forced.
 */
export function setPresence(hub: HubCore & Pick<Hub, 'presenceChanges'>, userId: string, kind: PresenceKind, value: boolean, forceFlowTrigger = false): void {
  const user = hub.store.require('user', userId, 'User');
  const changed = user[kind] !== value;
  if (changed) hub.store.save('user', { ...user, [kind]: value });
  if (!changed && !forceFlowTrigger) return;
  hub.presenceChanges.tell({ userId, kind, value, forced: !changed });
}

export function presenceState(hub: HubCore) {
  const users = hub.store.values('user');
  return {
    userCount: users.length,
    presentCount: users.filter((user) => user.present).length,
    asleepCount: users.filter((user) => user.asleep).length,
  };
}

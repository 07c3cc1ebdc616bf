import { listenersPer } from '../../http/listeners.js';
import type { Hub, HubCore } from '../core/context.js';

export type PresenceKind = 'present' | 'asleep';

/** One presence change, as the flow engine will trigger on it. */
export interface PresenceEvent {
  userId: string;
  kind: PresenceKind;
  value: boolean;
  /** True when recorded only because the caller asked for it (`opts.forceFlowTrigger`), the value being unchanged. */
  forced: boolean;
}

const listenersOf = listenersPer<HubCore, PresenceEvent>('presence changes');

/** Calls `listener` on every presence change of this hub (for the flow engine); returns the unsubscribe. */
export const onPresenceChanged = (hub: Hub, listener: (event: PresenceEvent) => void): (() => void) => listenersOf(hub).add(listener);

export const presenceOf = (hub: HubCore, userId: string, kind: PresenceKind): boolean => hub.store.require('user', userId, 'User')[kind];

/**
 * Stores the value on the user through the store (so `user.update` goes out) and reports the change to the
 * listeners; an unchanged value is reported only when forced.
 */
export function setPresence(hub: HubCore, userId: string, kind: PresenceKind, value: boolean, forceFlowTrigger = false): void {
  const user = hub.store.require('user', userId, 'User');
  const changed = user[kind] !== value;
  if (changed) hub.store.save('user', { ...user, [kind]: value });
  if (!changed && !forceFlowTrigger) return;
  listenersOf(hub).tell({ userId, kind, value, forced: !changed });
}

export function presenceState(hub: HubCore) {
  const users = hub.store.values('user');
  return {
    userCount: users.length,
    presentCount: users.filter((user) => user.present).length,
    asleepCount: users.filter((user) => user.asleep).length,
  };
}

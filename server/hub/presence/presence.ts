import type { Hub } from '../context.js';
import type { UserItem } from '../sessions.js';

export type PresenceKind = 'present' | 'asleep';

/** One presence change, as the flow engine will trigger on it. */
export interface PresenceEvent {
  userId: string;
  kind: PresenceKind;
  value: boolean;
  /** True when recorded only because the caller asked for it (`opts.forceFlowTrigger`), the value being unchanged. */
  forced: boolean;
}

type Listener = (event: PresenceEvent) => void;

const listenersByHub = new WeakMap<Hub, Set<Listener>>();

/** Calls `listener` on every presence change of this hub (for the flow engine); returns the unsubscribe. */
export function onPresenceChanged(hub: Hub, listener: Listener): () => void {
  let listeners = listenersByHub.get(hub);
  if (!listeners) listenersByHub.set(hub, (listeners = new Set()));
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const presenceOf = (hub: Hub, userId: string, kind: PresenceKind): boolean => hub.store.require<UserItem>('user', userId, 'User')[kind];

/**
 * Stores the value on the user through the store (so `user.update` goes out) and reports the change to the
 * listeners; an unchanged value is reported only when forced.
 */
export function setPresence(hub: Hub, userId: string, kind: PresenceKind, value: boolean, forceFlowTrigger = false): void {
  const user = hub.store.require<UserItem>('user', userId, 'User');
  const changed = user[kind] !== value;
  if (changed) hub.store.save('user', { ...user, [kind]: value });
  if (!changed && !forceFlowTrigger) return;
  const event: PresenceEvent = { userId, kind, value, forced: !changed };
  for (const listener of listenersByHub.get(hub) ?? []) {
    try {
      listener(event);
    } catch (error) {
      console.error('A presence listener failed:', error);
    }
  }
}

export function presenceState(hub: Hub) {
  const users = hub.store.values<UserItem>('user');
  return {
    userCount: users.length,
    presentCount: users.filter((user) => user.present).length,
    asleepCount: users.filter((user) => user.asleep).length,
  };
}

import { randomUUID } from 'node:crypto';
import type { components } from '../../../generated/hub/users.js';
import { unauthorized } from '../../http/dispatcher.js';
import { conflict, forbidden } from '../../http/errors.js';
import type { Hub, HubContext, HubContextOf, HubCore } from '../core/context.js';
import type { HubSession, UserItem } from '../access/sessions.js';

type Schemas = components['schemas'];

/** The calling session; operations that reach here always have one, the check only narrows the type. */
export function callerOf({ session }: Pick<HubContext, 'session'>): HubSession {
  if (!session) throw unauthorized(false);
  return session;
}

/** The caller's user as stored now (the session holds a copy from when its token was checked). */
export const me = (context: HubContextOf<never>): UserItem => {
  const { user } = callerOf(context);
  return context.hub.store.require('user', user.id, 'User');
};

export const ownerOf = (hub: HubCore) => hub.store.values('user').find((user) => user.isOwner);

export const findByAthomId = (hub: HubCore, athomId: string) => hub.store.values('user').find((user) => user.athomId === athomId);

/** Refuses the call unless the caller's user is, as stored now, the owner. */
export function requireOwner(context: HubContextOf<never>, action: string): void {
  if (!me(context).isOwner) throw forbidden(`Only the owner can ${action}`);
}

/** A user as every new one starts (enabled, not yet verified, no cloud account), with these fields set. */
export function newUser(fields: Pick<UserItem, 'role'> & Partial<UserItem>): UserItem {
  return {
    id: randomUUID(), name: 'New user', athomId: null, properties: {}, enabled: true, verified: false,
    isOwner: false, present: false, asleep: false, ...fields,
  };
}

/** A new user waiting for its invite to be accepted, with the invite token shown once. */
export function inviteUser(hub: HubCore & Pick<Hub, 'accounts'>, input: Schemas['UserCreate']): Schemas['UserCreated'] {
  const user = newUser(input);
  return hub.store.transaction(() => {
    hub.store.insert('user', user);
    return { ...user, ...hub.accounts.invites.create(user.id, hub.now()) };
  });
}

/** updateUser's role rules: the owner stays an enabled manager; nobody changes their own role or disables themselves. */
export function applyUserUpdate(current: UserItem, patch: Schemas['UserUpdate'], context: HubContextOf<never>): UserItem {
  const { id: _ignored, ...changes } = patch;
  const self = current.id === callerOf(context).user.id;
  if (self && changes.role !== undefined && changes.role !== current.role) throw forbidden('Nobody can change their own role');
  if (self && changes.enabled === false) throw forbidden('You cannot disable yourself');
  if (current.isOwner && changes.role !== undefined && changes.role !== 'manager') throw conflict('The owner must stay a manager: hand over ownership first');
  if (current.isOwner && changes.enabled === false) throw conflict('The owner cannot be disabled');
  return { ...current, ...changes };
}

/** Refuses to delete the owner; otherwise ends the user's sessions and forgets its credentials and invite. */
export function forgetUser(hub: HubCore & Pick<Hub, 'accounts'>, user: UserItem): void {
  if (user.isOwner) throw conflict('The owner cannot be deleted: hand over ownership first');
  hub.sessions.revokeUser(user.id);
  hub.accounts.credentials.remove(user.id);
  hub.accounts.invites.remove(user.id);
}

export function deleteUser(hub: HubCore & Pick<Hub, 'accounts'>, user: UserItem): void {
  hub.store.transaction(() => {
    forgetUser(hub, user);
    hub.store.remove('user', user.id);
  });
}

/** Makes another enabled, verified user the owner (a manager); the old owner stays a manager. */
export function swapOwner(hub: HubCore, owner: UserItem, newOwnerUserId: string, installers: readonly string[]): UserItem {
  const next = hub.store.require('user', newOwnerUserId, 'User');
  if (next.id === owner.id) throw conflict('This user is already the owner');
  if (!next.verified || !next.enabled) throw conflict('The new owner must be an enabled user who accepted their invite');
  if (installers.includes(next.id)) throw conflict('An installer cannot become the owner');
  return hub.store.transaction(() => {
    hub.store.save('user', { ...owner, isOwner: false });
    return hub.store.save('user', { ...next, role: 'manager', isOwner: true });
  });
}

/** Binds an invited user to the cloud account that accepted the invite. */
export function acceptInvite(hub: HubCore & Pick<Hub, 'accounts'>, input: { athomId: string; inviteToken: string; name: string }): UserItem {
  return hub.store.transaction(() => {
    const userId = hub.accounts.invites.accept(input.inviteToken, hub.now());
    const user = hub.store.require('user', userId, 'User');
    const holder = findByAthomId(hub, input.athomId);
    if (holder && holder.id !== user.id) throw conflict('This cloud account is already a user of this hub');
    return hub.store.save('user', { ...user, athomId: input.athomId, name: input.name, verified: true });
  });
}

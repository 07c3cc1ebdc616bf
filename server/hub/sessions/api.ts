import * as manifest from '../../../generated/hub/sessions.operations.js';
import type { components, operations } from '../../../generated/hub/sessions.js';
import { defineApi, type Guard } from '../../http/api.js';
import { forbidden } from '../../http/errors.js';
import type { HubContextOf, HubCore } from '../core/context.js';
import type { HubService, Nothing } from '../core/service.js';
import type { SessionItem, SessionType } from '../access/sessions.js';
import { callerOf } from '../users/users.js';

type Session = components['schemas']['Session'];

/** A stored session as the API answers it: with the scopes its user's role lets it use now. */
export function sessionView(hub: HubCore, session: SessionItem): Session {
  const user = hub.store.get('user', session.userId);
  return { ...session, intersectedScopes: user ? hub.sessions.scopesOf(session, user) : [] };
}

/** Sessions go out in events as the API answers them (with whether each is the caller's own). */
export const sessionViews: HubService<Nothing> = {
  name: 'session views',
  start: (hub) => {
    hub.store.presentAs('session', (session) => sessionView(hub, session));
    return { gives: {} };
  },
};

/** A manager may end anyone's sessions but the owner's: otherwise a manager could lock the owner out. */
const notTheOwners: Guard<HubContextOf<never>> = ({ id = '' }, context) => {
  const session = context.hub.store.require('session', id, 'Session');
  const owner = context.hub.store.get('user', session.userId)?.isOwner;
  if (owner && session.userId !== callerOf(context).user.id) throw forbidden("Only the owner can end the owner's sessions");
};

export const sessions = defineApi<operations, typeof manifest.operations, HubContextOf<never>>(manifest, {
  getState: (_args, { hub }) => {
    const types: Record<SessionType, number> = { OAUTH: 0, APP: 0, PAT: 0 };
    for (const session of hub.store.values('session')) types[session.type] += 1;
    return { sessionCount: hub.store.count('session'), types };
  },
  getSessionMe: (_args, context) => {
    const { item } = callerOf(context);
    return sessionView(context.hub, context.hub.store.get('session', item.id) ?? item);
  },
  getSessions: (_args, { hub }) =>
    Object.fromEntries(hub.store.values('session').map((session) => [session.id, sessionView(hub, session)])),
  deleteSession: { guard: notTheOwners, handle: ({ id }, { hub }) => hub.sessions.revoke(id) },
});

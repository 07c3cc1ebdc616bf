import * as manifest from '../../../generated/hub/users.operations.js';
import type { operations } from '../../../generated/hub/users.js';
import { defineApi } from '../../http/api.js';
import { forbidden, notFound } from '../../http/errors.js';
import { hasScope } from '../../../client/scopes.js';
import { sameSecret } from '../../http/secrets.js';
import type { HubContextOf, HubCore } from '../core/context.js';
import type { HubItems } from '../core/items.js';
import { grantAccess, handOver, openAccess, requestAccess, revokeAccess } from './installer.js';
import { createToken, deleteToken, listTokens } from './pats.js';
import { loginLocal, loginWithDelegation } from './sign-in.js';
import { acceptInvite, applyUserUpdate, callerOf, deleteUser, forgetUser, inviteUser, me, ownerOf, requireOwner, swapOwner } from './users.js';

/** The cloud's shared secret, when the hub is configured with one. */
function checkSecret(hub: HubCore, secret: string | undefined): void {
  const expected = hub.config.cloudSharedSecret;
  if (!expected) return;
  if (secret === undefined || !sameSecret(secret, expected)) throw forbidden('Wrong or missing shared secret');
}

/** Another user's local credentials are for managers only, and the owner's own are the owner's. */
function credentialsGuard({ id = '' }: Readonly<Record<string, string>>, context: HubContextOf<never>): void {
  if (!hasScope(callerOf(context).scopes, 'homey.user')) throw forbidden("Only managers can change another user's local credentials");
  const user = context.hub.store.require('user', id, 'User');
  if (user.isOwner && !me(context).isOwner) throw forbidden("Only the owner can change the owner's local credentials");
}

const ownerOnly = (action: string) => (_path: unknown, context: HubContextOf<never>) => requireOwner(context, action);

export const users = defineApi<operations, typeof manifest.operations, HubContextOf<'accounts'>, HubItems>(
  manifest,
  {
    getState: (_args, { hub }) => ({
      userCount: hub.store.count('user'),
      ownerId: ownerOf(hub)?.id ?? null,
      installerAccessExpiresAt: openAccess(hub)?.expiresAt ?? null,
    }),
    login: ({ token }, { hub }) => loginWithDelegation(hub, token),
    loginLocal: (args, { hub, remoteAddress }) => loginLocal(hub, args, remoteAddress),
    acceptSharingInvite: ({ secret, ...invite }, { hub }) => {
      checkSecret(hub, secret);
      return acceptInvite(hub, invite);
    },
    createUser: ({ user }, { hub }) => inviteUser(hub, user),
    getUserMe: (_args, context) => me(context),
    updateUserMe: ({ name }, context) => context.hub.store.save('user', { ...me(context), ...(name !== undefined ? { name } : {}) }),
    deleteUserMe: (_args, context) => deleteUser(context.hub, me(context)),
    updateUserMeProperties: ({ id, value }, context) => {
      const user = me(context);
      // A computed key defines an own property, so even `__proto__` is stored as the caller's data.
      return context.hub.store.save('user', { ...user, properties: { ...user.properties, [id]: value } });
    },
    deleteUserMeProperties: ({ id }, context) => {
      const user = me(context);
      if (!Object.hasOwn(user.properties, id)) throw notFound(`Property ${id}`);
      const { [id]: _removed, ...properties } = user.properties;
      context.hub.store.save('user', { ...user, properties });
    },
    swapOwner: { guard: ownerOnly('hand over ownership'), handle: ({ newOwnerUserId }, context) => swapOwner(context.hub, me(context), newOwnerUserId, openAccess(context.hub)?.userIds ?? []) },
    getPersonalAccessTokens: (_args, context) => listTokens(context.hub, callerOf(context).user.id),
    createPersonalAccessToken: ({ name, scopes }, context) => createToken(context.hub, callerOf(context), name, scopes),
    deletePersonalAccessToken: ({ id }, context) => deleteToken(context.hub, callerOf(context), id),
    updateUserMeLocalCredentials: ({ username, password }, context) => context.hub.accounts.credentials.set(me(context).id, username, password),
    deleteUserMeLocalCredentials: (_args, context) => {
      if (!context.hub.accounts.credentials.remove(me(context).id)) throw notFound('Local credentials');
    },
    updateUserLocalCredentials: { guard: credentialsGuard, handle: ({ id, username, password }, { hub }) => hub.accounts.credentials.set(id, username, password) },
    deleteUserLocalCredentials: {
      guard: credentialsGuard,
      handle: ({ id }, { hub }) => {
        if (!hub.accounts.credentials.remove(id)) throw notFound('Local credentials');
      },
    },
    grantInstallerAccess: { guard: ownerOnly('grant installer access'), handle: (_args, { hub }) => grantAccess(hub) },
    revokeInstallerAccess: { guard: ownerOnly('revoke installer access'), handle: (_args, { hub }) => revokeAccess(hub) },
    requestInstallerAccess: ({ jwt }, { hub }) => requestAccess(hub, jwt),
    swapOwnerInstaller: { guard: ownerOnly('hand over ownership'), handle: ({ newOwnerUserId, jwt }, context) => handOver(context.hub, me(context), newOwnerUserId, jwt) },
  },
  {
    rules: {
      user: {
        update: (current, patch, context) => applyUserUpdate(current, patch, context),
        remove: (current, { hub }) => forgetUser(hub, current),
      },
    },
  },
);

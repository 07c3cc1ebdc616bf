import * as manifest from '../../../generated/cloud/account.operations.js';
import type { operations } from '../../../generated/cloud/account.js';
import { defineApi } from '../../http/api.js';
import { forbidden, notFound } from '../../http/errors.js';
import { hasScope } from '../../http/scopes.js';
import type { AccountContext } from './context.js';
import { createDelegation, forgotPassword, resetPassword } from './account-flows.js';
import { addLicense, createHomey, deleteHomey, listHomeys, requireHomey, setConnectionNotifications, updateHomey } from './hubs.js';
import { acceptedInvites, acceptInvites, invite, removeHubUser, resetHubUsers } from './invites.js';
import { allMetadata, createMetadata, deleteMetadata, getMetadata, updateMetadata } from './metadata.js';
import { avatarOf } from './avatar.js';
import { addAddress, addressesOf, deleteAddress, updateAddress } from './addresses.js';
import { createDevice, deleteDevice, updateDevice } from './devices.js';
import { endSession, sessionsOf } from './sessions.js';
import { clientsOf, createUserClient, deleteUserClient, updateUserClient } from './user-clients.js';
import {
  callerId,
  confirmPassword,
  createUser,
  findUser,
  newsletterStatus,
  requireAdmin,
  requireAdminOver,
  requireOwnAccount,
  setNewsletter,
  setPassword,
  setRole,
  updateUser,
  userView,
} from './users.js';
import { verifyDelegationToken } from './delegation.js';

/**
 * Operations that read a form or multipart body, or answer HTML or redirects, are served beside the dispatcher
 * (oauth/, avatar.ts), as are those that read a header (region.ts): the rest are handlers here.
 */
const { authorise, authoriseSignIn, getAccessToken, uploadUserAvatar, getRegion, getSystemStatus, ...dispatched } = manifest.operations;
export const rawOperations = { authorise, authoriseSignIn, getAccessToken, uploadUserAvatar, getRegion, getSystemStatus };

export const accountApi = defineApi<operations, typeof dispatched, AccountContext>(
  { manager: manifest.manager, operations: dispatched },
  {
    forgotPassword: ({ email }, { account }) => forgotPassword(account, email),
    resetPassword: ({ token, password }, { account }) => resetPassword(account, token, password),
    async createUser({ user, newsletter, gettingStarted }, { account }) {
      const row = await createUser(account, { ...user, newsletter });
      if (gettingStarted) {
        await account.mail({ to: row.email, subject: 'Getting started', text: `Welcome, ${row.firstname}! Sign in at ${account.publicUrl} to add your hub.` });
      }
      return userView(account, row);
    },
    async getAuthenticatedUser({ additionalScopes }, context) {
      const missing = (additionalScopes ?? '').split(/[\s,]+/).filter(Boolean).find((scope) => !hasScope(context.session!.scopes, scope));
      if (missing) throw forbidden(`Missing scope: ${missing}`);
      const row = await findUser(context.account, callerId(context));
      if (!row) throw forbidden('This account no longer exists');
      return userView(context.account, row);
    },
    async updateAuthenticatedUserPassword({ password, old_password }, context) {
      const row = await requireOwnAccount(context, callerId(context));
      await confirmPassword(context, row, old_password);
      await setPassword(context.account, row.id, password, context.session!.id);
    },
    getAuthenticatedUserNewsletterStatus: async (_args, context) => newsletterStatus(await requireOwnAccount(context, callerId(context))),
    subscribeAuthenticatedUserToNewsletter: async ({ language }, context) =>
      setNewsletter(context.account, await requireOwnAccount(context, callerId(context)), true, language),
    async unsubscribeAuthenticatedUserFromNewsletter(_args, context) {
      await setNewsletter(context.account, await requireOwnAccount(context, callerId(context)), false);
    },
    getUser: async ({ id }, context) => userView(context.account, await requireOwnAccount(context, id)),
    async updateUser({ id, user }, context) {
      const row = await requireOwnAccount(context, id);
      return userView(context.account, await updateUser(context.account, row, user));
    },
    async deleteUser({ id, password }, context) {
      const row = await requireOwnAccount(context, id);
      if (id === context.session!.userId) await confirmPassword(context, row, password);
      await context.account.db.deleteFrom('users').where('id', '=', id).execute();
    },
    async addRoleAppDeveloperTrusted({ userId }, context) {
      await requireAdminOver(context, userId);
      return userView(context.account, await setRole(context.account, userId, 'app_developer_trusted', true));
    },
    async removeRoleAppDeveloperTrusted({ userId }, context) {
      await requireAdminOver(context, userId);
      return userView(context.account, await setRole(context.account, userId, 'app_developer_trusted', false));
    },
    async getUserSessions({ userId }, context) {
      await requireOwnAccount(context, userId);
      return sessionsOf(context.account, userId, context.session!);
    },
    async deleteUserSession({ userId, sessionId }, context) {
      await requireOwnAccount(context, userId);
      await endSession(context.account, userId, sessionId);
    },
    async getUserProfile({ userId }, context) {
      callerId(context);
      const row = await findUser(context.account, userId);
      if (!row) throw notFound('User');
      return { _id: row.id, firstname: row.firstname, lastname: row.lastname, avatar: row.avatar };
    },
    getUserAvatar: ({ id }, { account }) => avatarOf(account, id),
    async getUserAddresses({ userId }, context) {
      await requireOwnAccount(context, userId);
      return addressesOf(context.account, userId);
    },
    async addUserAddress({ userId, address }, context) {
      await requireOwnAccount(context, userId);
      return addAddress(context.account, userId, address);
    },
    async updateUserAddress({ userId, addressId, address }, context) {
      await requireOwnAccount(context, userId);
      return updateAddress(context.account, userId, addressId, address);
    },
    async deleteUserAddress({ userId, addressId }, context) {
      await requireOwnAccount(context, userId);
      await deleteAddress(context.account, userId, addressId);
    },
    async createUserDevice({ userId, device }, context) {
      await requireOwnAccount(context, userId);
      return createDevice(context.account, userId, device);
    },
    async updateUserDevice({ userId, deviceId, device }, context) {
      await requireOwnAccount(context, userId);
      return updateDevice(context.account, userId, deviceId, device);
    },
    async deleteUserDevice({ userId, deviceId }, context) {
      await requireOwnAccount(context, userId);
      await deleteDevice(context.account, userId, deviceId);
    },
    getAuthenticatedUserClients: (_args, context) => clientsOf(context.account, callerId(context)),
    createAuthenticatedUserClient: ({ name, redirectUri, scopes }, context) => createUserClient(context.account, callerId(context), { name, redirectUri, scopes }),
    updateAuthenticatedUserClient: ({ id, ...patch }, context) => updateUserClient(context.account, callerId(context), id, patch),
    deleteAuthenticatedUserClient: ({ id }, context) => deleteUserClient(context.account, callerId(context), id),
    getHomeys: ({ serial, softwareVersion, search, page }, context) =>
      listHomeys(context.account, callerId(context), { serial, softwareVersion, search, page: page ? Number(page) : 1 }),
    createHomey: ({ data }, context) => createHomey(context.account, callerId(context), data),
    getHomey: ({ id }, context) => requireHomey(context.account, callerId(context), id),
    updateHomey: ({ id, homey }, context) => updateHomey(context.account, callerId(context), id, homey),
    deleteHomey: ({ id }, context) => deleteHomey(context.account, callerId(context), id),
    createHomeyUser: ({ homeyId, user, role, token }, context) => invite(context.account, callerId(context), homeyId, { user, role, token }),
    deleteHomeyUser: ({ homeyId, userId }, context) => removeHubUser(context.account, callerId(context), homeyId, userId),
    resetHomeyUsers: ({ homeyId }, context) => resetHubUsers(context.account, callerId(context), homeyId),
    async acceptInvite({ userId, inviterId }, context) {
      await requireOwnAccount(context, userId);
      return acceptInvites(context.account, userId, inviterId);
    },
    getAcceptedInvites: (_args, context) => acceptedInvites(context.account, callerId(context)),
    async addHomeyLicense({ homeyId, license }, context) {
      await requireAdmin(context);
      return addLicense(context.account, homeyId, license);
    },
    getAllHomeyMetadata: ({ homeyId }, context) => allMetadata(context.account, callerId(context), homeyId),
    getHomeyMetadata: ({ homeyId, key }, context) => getMetadata(context.account, callerId(context), homeyId, key),
    createHomeyMetadata: ({ homeyId, key, value }, context) => createMetadata(context.account, callerId(context), homeyId, key, value),
    updateHomeyMetadata: ({ homeyId, key, value }, context) => updateMetadata(context.account, callerId(context), homeyId, key, value),
    deleteHomeyMetadata: ({ homeyId, key }, context) => deleteMetadata(context.account, callerId(context), homeyId, key),
    updateHomeySendConnectionNotifications: ({ homeyId, push, email }, context) =>
      setConnectionNotifications(context.account, callerId(context), homeyId, { push, email }),
    createDelegationToken: ({ audience, meta }, context) => createDelegation(context, audience, meta),
    verifyDelegationToken: ({ token }, { account }) => verifyDelegationToken(account.keys, token, account.now()),
    getDelegationTokenKey: (_args, { account }) => account.keys.publicPem,
  },
);

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
import { endSession, personalAccessApps, revokeOtherApps, sessionsOf } from './sessions.js';
import { verifyEmail } from './email-verification.js';
import { deleteSubscription, setSubscription } from './subscriptions.js';
import { INSTALLER_ROLE, installerInformation, setInstallerInformation } from './installers.js';
import { activatePeripheral, createPeripheral, getPeripheral, listPeripherals, updatePeripheral } from './peripherals.js';
import { activateHomey } from './hub-activation.js';
import * as selfHosted from './self-hosted-servers.js';
import { sendFormattedEmail } from './formatted-mail.js';
import * as mailingLists from './mailing-lists.js';
import * as stats from './statistics.js';
import { clientsOf, createUserClient, deleteUserClient, updateUserClient } from './user-clients.js';
import {
  callerId,
  confirmPassword,
  createUser,
  findUser,
  isAdmin,
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

/** Runs an admin-only operation: 403 for any other caller. */
async function asAdmin<T>(context: AccountContext, run: () => Promise<T>): Promise<T> {
  await requireAdmin(context);
  return run();
}

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
    verifyEmail: ({ token }, { account }) => verifyEmail(account, token),
    async updateUserSubscription({ userId, subscriptionId, subscription }, context) {
      await requireAdminOver(context, userId);
      await setSubscription(context.account, userId, subscriptionId, subscription);
      return userView(context.account, (await findUser(context.account, userId))!);
    },
    async deleteUserSubscription({ userId, subscriptionId }, context) {
      await requireOwnAccount(context, userId);
      await deleteSubscription(context.account, userId, subscriptionId);
    },
    async addRoleCertifiedInstaller({ userId }, context) {
      await requireAdminOver(context, userId);
      return userView(context.account, await setRole(context.account, userId, INSTALLER_ROLE, true));
    },
    getInstallerInformation: async ({ userId }, context) => installerInformation(context.account, await requireOwnAccount(context, userId)),
    updateInstallerInformation: async ({ userId, ...patch }, context) => setInstallerInformation(context.account, await requireOwnAccount(context, userId), patch),
    getPersonalAccessTokenApps: (_args, context) => personalAccessApps(context.account, callerId(context), context.session!),
    async deletePersonalAccessTokenApps(_args, context) {
      await revokeOtherApps(context.account, callerId(context), context.session!.clientId);
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
    createHomey: async ({ data }, context) => createHomey(context.account, callerId(context), data, !(await isAdmin(context, callerId(context)))),
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
    activateHomey: ({ id, userId }, context) => activateHomey(context, id, userId),
    getBridges: ({ serial, serialHash }, context) => listPeripherals(context, 'bridge', { serial, serialHash }),
    async createBridge({ bridge }, context) {
      await requireAdmin(context);
      return createPeripheral(context, 'bridge', bridge);
    },
    getBridge: ({ serial }, context) => getPeripheral(context, 'bridge', serial),
    updateBridge: ({ serial, bridge }, context) => updatePeripheral(context, 'bridge', serial, bridge),
    activateBridge: ({ serial, homeyId, userId }, context) => activatePeripheral(context, 'bridge', serial, { homeyId, userId }),
    getPortals: ({ serial }, context) => listPeripherals(context, 'portal', { serial }),
    async createPortal({ portal }, context) {
      await requireAdmin(context);
      return createPeripheral(context, 'portal', portal);
    },
    getPortal: ({ serial }, context) => getPeripheral(context, 'portal', serial),
    updatePortal: ({ serial, portal }, context) => updatePeripheral(context, 'portal', serial, portal),
    activatePortal: ({ serial, homeyId, userId }, context) => activatePeripheral(context, 'portal', serial, { homeyId, userId }),
    createHomeySelfHostedServer: (_args, context) => selfHosted.createSelfHostedServer(context),
    deleteHomeySelfHostedServer: ({ homeyId }, context) => selfHosted.deleteSelfHostedServer(context, homeyId),
    async updateHomeySelfHostedServerSubscription({ homeyId, ...subscription }, context) {
      await requireAdmin(context);
      return selfHosted.setSubscription(context.account, homeyId, subscription);
    },
    transferHomeySelfHostedServerLifetimeLicense: ({ homeyId, newHomeyId }, context) => selfHosted.transferLifetimeLicense(context, homeyId, newHomeyId),
    updateHomeySelfHostedServerCustomHostname: ({ homeyId, customHostname }, context) => selfHosted.setCustomHostname(context, homeyId, customHostname),
    deleteHomeySelfHostedServerCustomHostname: ({ homeyId }, context) => selfHosted.setCustomHostname(context, homeyId, null),
    async expireSelfHostedServerSubscriptions(_args, context) {
      await requireAdmin(context);
      return { homeyIds: await selfHosted.expireSubscriptions(context.account) };
    },
    async sendFormattedEmail(mail, context) {
      await requireAdmin(context);
      return sendFormattedEmail(context.account, mail);
    },
    async subscribeUserToMailChimp({ listId, userId, tags }, context) {
      await requireOwnAccount(context, userId);
      return mailingLists.subscribe(context.account, { listId, userId }, tags);
    },
    async upsertUserToMailChimp({ listId, userId, tags }, context) {
      await requireOwnAccount(context, userId);
      return mailingLists.upsert(context.account, { listId, userId }, tags);
    },
    async addTagToMailChimpUser({ listId, userId, tag }, context) {
      await requireOwnAccount(context, userId);
      return mailingLists.addTag(context.account, { listId, userId }, tag);
    },
    async removeTagFromMailChimpUser({ tag, listId, userId }, context) {
      await requireOwnAccount(context, userId);
      return mailingLists.removeTag(context.account, { listId, userId }, tag);
    },
    getAppInstallsStatistics: (_args, context) => asAdmin(context, () => stats.appInstalls(context.account)),
    getAppDriversStatistics: (_args, context) => asAdmin(context, () => stats.appDrivers(context.account)),
    getAppFlowCardsStatistics: (_args, context) => asAdmin(context, () => stats.appFlowCards(context.account)),
    getLocationStatistics: ({ since }, context) => asAdmin(context, () => stats.locations(context.account, since)),
    getVersionStatistics: (_args, context) => asAdmin(context, () => stats.versions(context.account)),
    getProductionStatistics: ({ min, max }, context) => asAdmin(context, () => stats.production(context.account, min, max)),
    getHomeyOwnerContactDetails: (filter, context) => asAdmin(context, () => stats.owners(context.account, filter)),
    createDelegationToken: ({ audience, meta }, context) => createDelegation(context, audience, meta),
    verifyDelegationToken: ({ token }, { account }) => verifyDelegationToken(account.keys, token, account.now()),
    getDelegationTokenKey: (_args, { account }) => account.keys.publicPem,
  },
);

import { addAddress, addressesOf, deleteAddress, updateAddress } from '../addresses.js';
import { requireUser } from '../callers.js';
import { createDevice, deleteDevice, updateDevice } from '../devices.js';
import { adminOver, ownAccount } from '../guards.js';
import { INSTALLER_ROLE, installerInformation, setInstallerInformation } from '../installers.js';
import { deleteSubscription, setSubscription } from '../subscriptions.js';
import { setRole, userView } from '../users.js';
import type { AccountHandlers } from './table.js';

/** What an account holds besides its own fields: addresses, phones, subscriptions, roles, installer details. */
export const userRecordHandlers = {
  getUserAddresses: { guard: ownAccount('userId'), handle: ({ userId }, { account }) => addressesOf(account, userId) },
  addUserAddress: { guard: ownAccount('userId'), handle: ({ userId, address }, { account }) => addAddress(account, userId, address) },
  updateUserAddress: { guard: ownAccount('userId'), handle: ({ userId, addressId, address }, { account }) => updateAddress(account, userId, addressId, address) },
  deleteUserAddress: { guard: ownAccount('userId'), handle: ({ userId, addressId }, { account }) => deleteAddress(account, userId, addressId) },
  createUserDevice: { guard: ownAccount('userId'), handle: ({ userId, device }, { account }) => createDevice(account, userId, device) },
  updateUserDevice: { guard: ownAccount('userId'), handle: ({ userId, deviceId, device }, { account }) => updateDevice(account, userId, deviceId, device) },
  deleteUserDevice: { guard: ownAccount('userId'), handle: ({ userId, deviceId }, { account }) => deleteDevice(account, userId, deviceId) },
  updateUserSubscription: {
    guard: adminOver('userId'),
    handle: async ({ userId, subscriptionId, subscription }, { account }) => {
      await setSubscription(account.subscriptions, userId, subscriptionId, subscription, account.iso());
      return userView(account, await requireUser(account, userId));
    },
  },
  deleteUserSubscription: { guard: ownAccount('userId'), handle: ({ userId, subscriptionId }, { account }) => deleteSubscription(account.subscriptions, userId, subscriptionId) },
  addRoleCertifiedInstaller: { guard: adminOver('userId'), handle: async ({ userId }, { account }) => userView(account, await setRole(account, userId, INSTALLER_ROLE, true)) },
  getInstallerInformation: { guard: ownAccount('userId'), handle: async ({ userId }, { account }) => installerInformation(account, await requireUser(account, userId)) },
  updateInstallerInformation: { guard: ownAccount('userId'), handle: async ({ userId, ...patch }, { account }) => setInstallerInformation(account, await requireUser(account, userId), patch) },
  addRoleAppDeveloperTrusted: { guard: adminOver('userId'), handle: async ({ userId }, { account }) => userView(account, await setRole(account, userId, 'app_developer_trusted', true)) },
  removeRoleAppDeveloperTrusted: { guard: adminOver('userId'), handle: async ({ userId }, { account }) => userView(account, await setRole(account, userId, 'app_developer_trusted', false)) },
  grantRole: { guard: adminOver('userId'), handle: async ({ userId, role }, { account }) => userView(account, await setRole(account, userId, role, true)) },
  revokeRole: { guard: adminOver('userId'), handle: async ({ userId, role }, { account }) => userView(account, await setRole(account, userId, role, false)) },
} satisfies AccountHandlers;

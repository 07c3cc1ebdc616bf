import { addAddress, addressesOf, deleteAddress, updateAddress } from '../addresses.js';
import { requireUser } from '../callers.js';
import { createDevice, deleteDevice, updateDevice } from '../devices.js';
import { adminOver, ownAccount } from '../guards.js';
import { INSTALLER_ROLE, installerInformation, setInstallerInformation } from '../installers.js';
import { deleteSubscription, setSubscription } from '../subscriptions.js';
import { setRole, userView } from '../users.js';
import type { AccountGuards, AccountHandlers } from './table.js';

/** What an account holds besides its own fields: addresses, phones, subscriptions, roles, installer details. */
export const userRecordHandlers = {
  getUserAddresses: ({ userId }, { account }) => addressesOf(account, userId),
  addUserAddress: ({ userId, address }, { account }) => addAddress(account, userId, address),
  updateUserAddress: ({ userId, addressId, address }, { account }) => updateAddress(account, userId, addressId, address),
  deleteUserAddress: ({ userId, addressId }, { account }) => deleteAddress(account, userId, addressId),
  createUserDevice: ({ userId, device }, { account }) => createDevice(account, userId, device),
  updateUserDevice: ({ userId, deviceId, device }, { account }) => updateDevice(account, userId, deviceId, device),
  deleteUserDevice: ({ userId, deviceId }, { account }) => deleteDevice(account, userId, deviceId),
  async updateUserSubscription({ userId, subscriptionId, subscription }, { account }) {
    await setSubscription(account.subscriptions, userId, subscriptionId, subscription, account.iso());
    return userView(account, await requireUser(account, userId));
  },
  deleteUserSubscription: ({ userId, subscriptionId }, { account }) => deleteSubscription(account.subscriptions, userId, subscriptionId),
  addRoleCertifiedInstaller: async ({ userId }, { account }) => userView(account, await setRole(account, userId, INSTALLER_ROLE, true)),
  getInstallerInformation: async ({ userId }, { account }) => installerInformation(account, await requireUser(account, userId)),
  updateInstallerInformation: async ({ userId, ...patch }, { account }) => setInstallerInformation(account, await requireUser(account, userId), patch),
  addRoleAppDeveloperTrusted: async ({ userId }, { account }) => userView(account, await setRole(account, userId, 'app_developer_trusted', true)),
  removeRoleAppDeveloperTrusted: async ({ userId }, { account }) => userView(account, await setRole(account, userId, 'app_developer_trusted', false)),
  grantRole: async ({ userId, role }, { account }) => userView(account, await setRole(account, userId, role, true)),
  revokeRole: async ({ userId, role }, { account }) => userView(account, await setRole(account, userId, role, false)),
} satisfies AccountHandlers;

export const userRecordGuards = {
  getUserAddresses: ownAccount('userId'),
  addUserAddress: ownAccount('userId'),
  updateUserAddress: ownAccount('userId'),
  deleteUserAddress: ownAccount('userId'),
  createUserDevice: ownAccount('userId'),
  updateUserDevice: ownAccount('userId'),
  deleteUserDevice: ownAccount('userId'),
  updateUserSubscription: adminOver('userId'),
  deleteUserSubscription: ownAccount('userId'),
  addRoleCertifiedInstaller: adminOver('userId'),
  getInstallerInformation: ownAccount('userId'),
  updateInstallerInformation: ownAccount('userId'),
  addRoleAppDeveloperTrusted: adminOver('userId'),
  removeRoleAppDeveloperTrusted: adminOver('userId'),
  grantRole: adminOver('userId'),
  revokeRole: adminOver('userId'),
} satisfies AccountGuards;

import { callerId, isAdmin } from '../callers.js';
import { adminOnly, memberOfHub, ownAccount, signedInUser } from '../guards.js';
import { activateHomey } from '../hub-activation.js';
import { addLicense, createHomey, deleteHomey, listHomeys, requireHomey, setConnectionNotifications, updateHomey } from '../hubs.js';
import { acceptedInvites, acceptInvites, invite, removeHubUser, resetHubUsers } from '../invites.js';
import { allMetadata, createMetadata, deleteMetadata, getMetadata, updateMetadata } from '../metadata.js';
import type { AccountGuards, AccountHandlers } from './table.js';

/** Hub records, their users and invitations, their metadata. Owner-only changes are the domain's rule (403). */
export const hubHandlers = {
  getHomeys: ({ serial, softwareVersion, search, page }, context) =>
    listHomeys(context.account, callerId(context), { serial, softwareVersion, search, page: page ? Number(page) : 1 }),
  createHomey: async ({ data }, context) => createHomey(context.account, callerId(context), data, !(await isAdmin(context, callerId(context)))),
  getHomey: ({ id }, context) => requireHomey(context.account, callerId(context), id),
  updateHomey: ({ id, homey }, context) => updateHomey(context.account, callerId(context), id, homey),
  deleteHomey: ({ id }, context) => deleteHomey(context.account, callerId(context), id),
  activateHomey: ({ id, userId }, context) => activateHomey(context, id, userId),
  addHomeyLicense: ({ homeyId, license }, { account }) => addLicense(account, homeyId, license),
  updateHomeySendConnectionNotifications: ({ homeyId, push, email }, context) =>
    setConnectionNotifications(context.account, callerId(context), homeyId, { push, email }),
  createHomeyUser: ({ homeyId, user, role, token }, context) => invite(context.account, callerId(context), homeyId, { user, role, token }),
  deleteHomeyUser: ({ homeyId, userId }, context) => removeHubUser(context.account, callerId(context), homeyId, userId),
  resetHomeyUsers: ({ homeyId }, context) => resetHubUsers(context.account, callerId(context), homeyId),
  acceptInvite: ({ userId, inviterId }, { account }) => acceptInvites(account, userId, inviterId),
  getAcceptedInvites: (_args, context) => acceptedInvites(context.account, callerId(context)),
  getAllHomeyMetadata: ({ homeyId }, context) => allMetadata(context.account, callerId(context), homeyId),
  getHomeyMetadata: ({ homeyId, key }, context) => getMetadata(context.account, callerId(context), homeyId, key),
  createHomeyMetadata: ({ homeyId, key, value }, context) => createMetadata(context.account, callerId(context), homeyId, key, value),
  updateHomeyMetadata: ({ homeyId, key, value }, context) => updateMetadata(context.account, callerId(context), homeyId, key, value),
  deleteHomeyMetadata: ({ homeyId, key }, context) => deleteMetadata(context.account, callerId(context), homeyId, key),
} satisfies AccountHandlers;

export const hubGuards = {
  getHomeys: signedInUser,
  createHomey: signedInUser,
  getHomey: memberOfHub('id'),
  updateHomey: memberOfHub('id'),
  deleteHomey: memberOfHub('id'),
  activateHomey: signedInUser,
  addHomeyLicense: adminOnly,
  updateHomeySendConnectionNotifications: memberOfHub('homeyId'),
  createHomeyUser: memberOfHub('homeyId'),
  deleteHomeyUser: memberOfHub('homeyId'),
  resetHomeyUsers: memberOfHub('homeyId'),
  acceptInvite: ownAccount('userId'),
  getAcceptedInvites: signedInUser,
  getAllHomeyMetadata: memberOfHub('homeyId'),
  getHomeyMetadata: memberOfHub('homeyId'),
  createHomeyMetadata: memberOfHub('homeyId'),
  updateHomeyMetadata: memberOfHub('homeyId'),
  deleteHomeyMetadata: memberOfHub('homeyId'),
} satisfies AccountGuards;

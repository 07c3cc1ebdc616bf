import { callerId, isAdmin } from '../callers.js';
import { adminOnly, memberOfHub, ownAccount, signedInUser } from '../guards.js';
import { activateHomey } from '../hub-activation.js';
import { addLicense, createHomey, deleteHomey, listHomeys, requireHomey, setConnectionNotifications, updateHomey } from '../hubs.js';
import { acceptedInvites, acceptInvites, invite, removeHubUser, resetHubUsers } from '../invites.js';
import { allMetadata, createMetadata, deleteMetadata, getMetadata, updateMetadata } from '../metadata.js';
import type { AccountHandlers } from './table.js';

/** Hub records, their users and invitations, their metadata. Owner-only changes are the domain's rule (403). */
export const hubHandlers = {
  getHomeys: {
    guard: signedInUser,
    handle: ({ serial, softwareVersion, search, page }, context) =>
      listHomeys(context.account, callerId(context), { serial, softwareVersion, search, page: page ? Number(page) : 1 }),
  },
  createHomey: { guard: signedInUser, handle: async ({ data }, context) => createHomey(context.account, callerId(context), data, !(await isAdmin(context, callerId(context)))) },
  getHomey: { guard: memberOfHub('id'), handle: ({ id }, context) => requireHomey(context.account, callerId(context), id) },
  updateHomey: { guard: memberOfHub('id'), handle: ({ id, homey }, context) => updateHomey(context.account, callerId(context), id, homey) },
  deleteHomey: { guard: memberOfHub('id'), handle: ({ id }, context) => deleteHomey(context.account, callerId(context), id) },
  activateHomey: { guard: signedInUser, handle: ({ id, userId }, context) => activateHomey(context, id, userId) },
  addHomeyLicense: { guard: adminOnly, handle: ({ homeyId, license }, { account }) => addLicense(account, homeyId, license) },
  updateHomeySendConnectionNotifications: {
    guard: memberOfHub('homeyId'),
    handle: ({ homeyId, push, email }, context) =>
      setConnectionNotifications(context.account, callerId(context), homeyId, { push, email }),
  },
  createHomeyUser: { guard: memberOfHub('homeyId'), handle: ({ homeyId, user, role, token }, context) => invite(context.account, callerId(context), homeyId, { user, role, token }) },
  deleteHomeyUser: { guard: memberOfHub('homeyId'), handle: ({ homeyId, userId }, context) => removeHubUser(context.account, callerId(context), homeyId, userId) },
  resetHomeyUsers: { guard: memberOfHub('homeyId'), handle: ({ homeyId }, context) => resetHubUsers(context.account, callerId(context), homeyId) },
  acceptInvite: { guard: ownAccount('userId'), handle: ({ userId, inviterId }, { account }) => acceptInvites(account, userId, inviterId) },
  getAcceptedInvites: { guard: signedInUser, handle: (_args, context) => acceptedInvites(context.account, callerId(context)) },
  getAllHomeyMetadata: { guard: memberOfHub('homeyId'), handle: ({ homeyId }, context) => allMetadata(context.account, callerId(context), homeyId) },
  getHomeyMetadata: { guard: memberOfHub('homeyId'), handle: ({ homeyId, key }, context) => getMetadata(context.account, callerId(context), homeyId, key) },
  createHomeyMetadata: { guard: memberOfHub('homeyId'), handle: ({ homeyId, key, value }, context) => createMetadata(context.account, callerId(context), homeyId, key, value) },
  updateHomeyMetadata: { guard: memberOfHub('homeyId'), handle: ({ homeyId, key, value }, context) => updateMetadata(context.account, callerId(context), homeyId, key, value) },
  deleteHomeyMetadata: { guard: memberOfHub('homeyId'), handle: ({ homeyId, key }, context) => deleteMetadata(context.account, callerId(context), homeyId, key) },
} satisfies AccountHandlers;

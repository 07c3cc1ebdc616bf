import { createDelegation } from '../account-flows.js';
import { callerId } from '../callers.js';
import { verifyDelegationToken } from '../delegation.js';
import { ownAccount, signedInUser } from '../guards.js';
import { endSession, personalAccessApps, revokeOtherApps, sessionsOf } from '../sessions.js';
import { consentsOf, withdrawConsent } from '../oauth/consents.js';
import { clientsOf, createUserClient, deleteUserClient, updateUserClient } from '../user-clients.js';
import type { AccountHandlers } from './table.js';

/** Who holds a token of an account: sessions, personal access apps, the account's own OAuth clients, delegation. */
export const sessionHandlers = {
  getUserSessions: { guard: ownAccount('userId'), handle: ({ userId }, context) => sessionsOf(context.account, userId, context.session) },
  deleteUserSession: { guard: ownAccount('userId'), handle: ({ userId, sessionId }, { account }) => endSession(account, userId, sessionId) },
  getPersonalAccessTokenApps: { guard: signedInUser, handle: (_args, context) => personalAccessApps(context.account, callerId(context), context.session) },
  deletePersonalAccessTokenApps: {
    guard: signedInUser,
    handle: async (_args, context) => {
      await revokeOtherApps(context.account, callerId(context), context.session.clientId);
    },
  },
  getAuthenticatedUserClients: { guard: signedInUser, handle: (_args, context) => clientsOf(context.account, callerId(context)) },
  createAuthenticatedUserClient: { guard: signedInUser, handle: ({ name, redirectUri, scopes }, context) => createUserClient(context.account, callerId(context), { name, redirectUri, scopes }) },
  updateAuthenticatedUserClient: { guard: signedInUser, handle: ({ id, ...patch }, context) => updateUserClient(context.account, callerId(context), id, patch) },
  deleteAuthenticatedUserClient: { guard: signedInUser, handle: ({ id }, context) => deleteUserClient(context.account, callerId(context), id) },
  getAuthenticatedUserConsents: { guard: signedInUser, handle: (_args, context) => consentsOf(context.account, callerId(context)) },
  deleteAuthenticatedUserConsent: { guard: signedInUser, handle: ({ id }, context) => withdrawConsent(context.account, callerId(context), id) },
  createDelegationToken: { guard: signedInUser, handle: ({ audience, meta }, context) => createDelegation(context, audience, meta) },
  verifyDelegationToken: ({ token }, { account }) => verifyDelegationToken(account.keys, token, account.now()),
  getDelegationTokenKey: (_args, { account }) => account.keys.publicPem,
} satisfies AccountHandlers;

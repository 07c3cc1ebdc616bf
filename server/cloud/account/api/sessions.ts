import { createDelegation } from '../account-flows.js';
import { callerId } from '../callers.js';
import { verifyDelegationToken } from '../delegation.js';
import { ownAccount, signedInUser } from '../guards.js';
import { endSession, personalAccessApps, revokeOtherApps, sessionsOf } from '../sessions.js';
import { consentsOf, withdrawConsent } from '../oauth/consents.js';
import { clientsOf, createUserClient, deleteUserClient, updateUserClient } from '../user-clients.js';
import type { AccountGuards, AccountHandlers } from './table.js';

/** Who holds a token of an account: sessions, personal access apps, the account's own OAuth clients, delegation. */
export const sessionHandlers = {
  getUserSessions: ({ userId }, context) => sessionsOf(context.account, userId, context.session!),
  deleteUserSession: ({ userId, sessionId }, { account }) => endSession(account, userId, sessionId),
  getPersonalAccessTokenApps: (_args, context) => personalAccessApps(context.account, callerId(context), context.session!),
  async deletePersonalAccessTokenApps(_args, context) {
    await revokeOtherApps(context.account, callerId(context), context.session!.clientId);
  },
  getAuthenticatedUserClients: (_args, context) => clientsOf(context.account, callerId(context)),
  createAuthenticatedUserClient: ({ name, redirectUri, scopes }, context) => createUserClient(context.account, callerId(context), { name, redirectUri, scopes }),
  updateAuthenticatedUserClient: ({ id, ...patch }, context) => updateUserClient(context.account, callerId(context), id, patch),
  deleteAuthenticatedUserClient: ({ id }, context) => deleteUserClient(context.account, callerId(context), id),
  getAuthenticatedUserConsents: (_args, context) => consentsOf(context.account, callerId(context)),
  deleteAuthenticatedUserConsent: ({ id }, context) => withdrawConsent(context.account, callerId(context), id),
  createDelegationToken: ({ audience, meta }, context) => createDelegation(context, audience, meta),
  verifyDelegationToken: ({ token }, { account }) => verifyDelegationToken(account.keys, token, account.now()),
  getDelegationTokenKey: (_args, { account }) => account.keys.publicPem,
} satisfies AccountHandlers;

export const sessionGuards = {
  getUserSessions: ownAccount('userId'),
  deleteUserSession: ownAccount('userId'),
  getPersonalAccessTokenApps: signedInUser,
  deletePersonalAccessTokenApps: signedInUser,
  getAuthenticatedUserClients: signedInUser,
  createAuthenticatedUserClient: signedInUser,
  updateAuthenticatedUserClient: signedInUser,
  deleteAuthenticatedUserClient: signedInUser,
  getAuthenticatedUserConsents: signedInUser,
  deleteAuthenticatedUserConsent: signedInUser,
  createDelegationToken: signedInUser,
} satisfies AccountGuards;

import { forbidden, notFound } from '../../../http/errors.js';
import { hasScope } from '../../../../client/scopes.js';
import { addressKey } from '../../../http/throttle.js';
import { forgotPassword, resetPassword } from '../account-flows.js';
import { avatarOf } from '../avatar.js';
import { callerId, findUser, requireUser } from '../callers.js';
import { sendVerification, verifyEmail } from '../email-verification.js';
import { ownAccount, signedInUser } from '../guards.js';
import { confirmPassword, createUser, newsletterStatus, setNewsletter, setPassword, updateUser, userView } from '../users.js';
import type { AccountHandlers } from './table.js';

/** The account itself: sign-up, the caller's own record, password, newsletter, and the public profile. */
export const userHandlers = {
  forgotPassword: ({ email }, { account }) => forgotPassword(account, email),
  resetPassword: ({ token, password }, { account }) => resetPassword(account, token, password),
  async createUser({ user, newsletter, gettingStarted }, { account, remoteAddress }) {
    await account.limits.signUps.take(addressKey(remoteAddress));
    const row = await createUser(account, { ...user, newsletter });
    await sendVerification(account, row, 'sign-up');
    if (gettingStarted) await account.mail({ to: row.email, subject: 'Getting started', text: `Welcome! Sign in at ${account.publicUrl} to add your hub.` });
    return userView(account, row);
  },
  verifyEmail: ({ token }, { account }) => verifyEmail(account, token),
  getAuthenticatedUser: {
    guard: signedInUser,
    handle: async ({ additionalScopes }, context) => {
      const missing = (additionalScopes ?? '').split(/[\s,]+/).filter(Boolean).find((scope) => !hasScope(context.session.scopes, scope));
      if (missing) throw forbidden(`Missing scope: ${missing}`);
      const row = await findUser(context.account, callerId(context));
      if (!row) throw forbidden('This account no longer exists');
      return userView(context.account, row);
    },
  },
  updateAuthenticatedUserPassword: {
    guard: signedInUser,
    handle: async ({ password, old_password }, context) => {
      const row = await requireUser(context.account, callerId(context));
      await confirmPassword(context, row, old_password);
      await setPassword(context.account, row.id, password, context.session.id);
    },
  },
  getAuthenticatedUserNewsletterStatus: { guard: signedInUser, handle: async (_args, context) => newsletterStatus(await requireUser(context.account, callerId(context))) },
  subscribeAuthenticatedUserToNewsletter: {
    guard: signedInUser,
    handle: async ({ language }, context) =>
      setNewsletter(context.account, await requireUser(context.account, callerId(context)), true, language),
  },
  unsubscribeAuthenticatedUserFromNewsletter: {
    guard: signedInUser,
    handle: async (_args, context) => {
      await setNewsletter(context.account, await requireUser(context.account, callerId(context)), false);
    },
  },
  getUser: { guard: ownAccount('id'), handle: async ({ id }, { account }) => userView(account, await requireUser(account, id)) },
  updateUser: { guard: ownAccount('id'), handle: async ({ id, user }, { account }) => userView(account, await updateUser(account, await requireUser(account, id), user)) },
  deleteUser: {
    guard: ownAccount('id'),
    handle: async ({ id, password }, context) => {
      const row = await requireUser(context.account, id);
      if (id === context.session.userId) await confirmPassword(context, row, password);
      await context.account.db.deleteFrom('users').where('id', '=', id).execute();
    },
  },
  getUserProfile: {
    guard: signedInUser,
    handle: async ({ userId }, { account }) => {
      const row = await findUser(account, userId);
      if (!row) throw notFound('User');
      return { _id: row.id, firstname: row.firstname, lastname: row.lastname, avatar: row.avatar };
    },
  },
  getUserAvatar: ({ id }, { account }) => avatarOf(account, id),
} satisfies AccountHandlers;

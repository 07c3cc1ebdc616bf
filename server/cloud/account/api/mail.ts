import { sendFormattedEmail } from '../formatted-mail.js';
import { adminOnly, ownAccount, requireOwnAccount, signedInUser } from '../guards.js';
import * as mailingLists from '../mailing-lists.js';
import type { AccountHandlers } from './table.js';

/**
 * Mails and mailing lists. The list calls but one name their account in the body, not the path, so that check stays
 * in the handler (requireOwnAccount) after the body is read.
 */
export const mailHandlers = {
  sendFormattedEmail: { guard: adminOnly, handle: (mail, { account }) => sendFormattedEmail(account, mail) },
  subscribeUserToMailChimp: {
    guard: signedInUser,
    handle: async ({ listId, userId, tags }, context) => {
      await requireOwnAccount(context, userId);
      return mailingLists.subscribe(context.account, { listId, userId }, tags);
    },
  },
  upsertUserToMailChimp: {
    guard: signedInUser,
    handle: async ({ listId, userId, tags }, context) => {
      await requireOwnAccount(context, userId);
      return mailingLists.upsert(context.account, { listId, userId }, tags);
    },
  },
  addTagToMailChimpUser: {
    guard: signedInUser,
    handle: async ({ listId, userId, tag }, context) => {
      await requireOwnAccount(context, userId);
      return mailingLists.addTag(context.account, { listId, userId }, tag);
    },
  },
  removeTagFromMailChimpUser: { guard: ownAccount('userId'), handle: ({ tag, listId, userId }, { account }) => mailingLists.removeTag(account, { listId, userId }, tag) },
} satisfies AccountHandlers;

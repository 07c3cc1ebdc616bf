import { sendFormattedEmail } from '../formatted-mail.js';
import { adminOnly, ownAccount, requireOwnAccount, signedInUser } from '../guards.js';
import * as mailingLists from '../mailing-lists.js';
import type { AccountGuards, AccountHandlers } from './table.js';

/**
 * Mails and mailing lists. The list calls but one name their account in the body, not the path, so that check stays
 * in the handler (requireOwnAccount) after the body is read.
 */
export const mailHandlers = {
  sendFormattedEmail: (mail, { account }) => sendFormattedEmail(account, mail),
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
  removeTagFromMailChimpUser: ({ tag, listId, userId }, { account }) => mailingLists.removeTag(account, { listId, userId }, tag),
} satisfies AccountHandlers;

export const mailGuards = {
  sendFormattedEmail: adminOnly,
  subscribeUserToMailChimp: signedInUser,
  upsertUserToMailChimp: signedInUser,
  addTagToMailChimpUser: signedInUser,
  removeTagFromMailChimpUser: ownAccount('userId'),
} satisfies AccountGuards;

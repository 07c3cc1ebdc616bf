import type { components } from '../../../generated/cloud/account.js';
import { conflict, notFound } from '../../http/errors.js';
import type { Account } from './context.js';
import { isUniqueViolation } from './db.js';
import { findUser } from './callers.js';

/**
 * Mailing lists (the reference's MailChimp operations): who is on which list with which tags, kept in our own
 * tables so that they can be queried and exported to whichever mailing provider sends the campaigns.
 */
export type MemberView = components['schemas']['MailingListMember'];

interface Membership {
  listId: string;
  userId: string;
}

async function memberView(account: Account, { listId, userId }: Membership): Promise<MemberView> {
  const row = await account.db
    .selectFrom('mailing_list_members')
    .innerJoin('users', 'users.id', 'mailing_list_members.user_id')
    .select(['users.email', 'mailing_list_members.subscribed_at'])
    .where('mailing_list_members.list_id', '=', listId)
    .where('mailing_list_members.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('Mailing-list member');
  const tags = await account.db.selectFrom('mailing_list_tags').select('tag').where('list_id', '=', listId).where('user_id', '=', userId).orderBy('tag').execute();
  return { listId, userId, email: row.email, tags: tags.map(({ tag }) => tag), subscribedAt: row.subscribed_at };
}

async function requireUser(account: Account, userId: string) {
  if (!(await findUser(account, userId))) throw notFound('User');
}

async function replaceTags(account: Account, { listId, userId }: Membership, tags: readonly string[]) {
  await account.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('mailing_list_tags').where('list_id', '=', listId).where('user_id', '=', userId).execute();
    const unique = [...new Set(tags)];
    if (unique.length) await trx.insertInto('mailing_list_tags').values(unique.map((tag) => ({ list_id: listId, user_id: userId, tag }))).execute();
  });
}

/** Puts the account on the list (409 when it is on it already). */
export async function subscribe(account: Account, member: Membership, tags: readonly string[] = []): Promise<MemberView> {
  await requireUser(account, member.userId);
  const now = account.iso();
  try {
    await account.db.insertInto('mailing_list_members').values({ list_id: member.listId, user_id: member.userId, subscribed_at: now, updated_at: now }).execute();
  } catch (error) {
    throw isUniqueViolation(error) ? conflict('This account is on the list already') : error;
  }
  await replaceTags(account, member, tags);
  return memberView(account, member);
}

/** Puts the account on the list or keeps it there; tags, when given, replace its tags. */
export async function upsert(account: Account, member: Membership, tags: readonly string[] | undefined): Promise<MemberView> {
  await requireUser(account, member.userId);
  const now = account.iso();
  await account.db
    .insertInto('mailing_list_members')
    .values({ list_id: member.listId, user_id: member.userId, subscribed_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['list_id', 'user_id']).doUpdateSet({ updated_at: now }))
    .execute();
  if (tags) await replaceTags(account, member, tags);
  return memberView(account, member);
}

export async function addTag(account: Account, member: Membership, tag: string): Promise<MemberView> {
  await memberView(account, member);
  await account.db
    .insertInto('mailing_list_tags')
    .values({ list_id: member.listId, user_id: member.userId, tag })
    .onConflict((oc) => oc.columns(['list_id', 'user_id', 'tag']).doNothing())
    .execute();
  return memberView(account, member);
}

export async function removeTag(account: Account, member: Membership, tag: string): Promise<MemberView> {
  await memberView(account, member);
  const { numDeletedRows } = await account.db
    .deleteFrom('mailing_list_tags')
    .where('list_id', '=', member.listId)
    .where('user_id', '=', member.userId)
    .where('tag', '=', tag)
    .executeTakeFirst();
  if (numDeletedRows === 0n) throw notFound('Tag');
  return memberView(account, member);
}

import type { Selectable } from 'kysely';
import { ApiError, conflict, notFound } from '../../http/errors.js';
import { findUser } from './callers.js';
import type { Account, AccountContext } from './context.js';
import { newId } from './crypto.js';
import { isUniqueViolation, type Tables } from './db.js';
import type { components } from '../../../generated/cloud/account.js';
import { devicesOf } from './devices.js';
import { homeysOf } from './hubs.js';
import { rolesOf } from './roles.js';
import { sendVerification } from './email-verification.js';
import { subscriptionsOf } from './subscriptions.js';

type UserRow = Selectable<Tables['users']>;

export type UserView = components['schemas']['User'];

export const emailTaken = () => conflict('An account with this e-mail address exists already');

export async function userView(account: Account, row: UserRow): Promise<UserView> {
  const roles = rolesOf(row);
  return {
    _id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    language: row.language,
    avatar: row.avatar,
    roles,
    roleIds: roles,
    newsletter: row.newsletter === 1,
    homeys: await homeysOf(account, row.id),
    devices: await devicesOf(account, row.id),
    subscriptions: await subscriptionsOf(account.subscriptions, row.id),
    emailVerified: row.email_verified === 1,
    createdAt: row.created_at,
  };
}

export interface NewUser {
  email: string;
  password: string;
  firstname: string;
  lastname?: string;
  language?: string;
  newsletter?: boolean;
}

export async function createUser(account: Account, input: NewUser): Promise<UserRow> {
  const now = account.iso();
  const row: UserRow = {
    id: newId(),
    email: input.email,
    email_key: input.email.toLowerCase(),
    password_hash: await account.passwords.hash(input.password),
    firstname: input.firstname,
    lastname: input.lastname ?? '',
    language: input.language ?? 'en',
    avatar: null,
    roles: '[]',
    newsletter: input.newsletter ? 1 : 0,
    newsletter_language: null,
    email_verified: 0,
    created_at: now,
    updated_at: now,
  };
  try {
    await account.db.insertInto('users').values(row).execute();
  } catch (error) {
    throw isUniqueViolation(error) ? emailTaken() : error;
  }
  return row;
}

/** Changes the fields given; a new address (not merely in another case) is unverified until its mailed link is followed. */
export async function updateUser(account: Account, row: UserRow, patch: { email?: string; firstname?: string; lastname?: string; language?: string }): Promise<UserRow> {
  const newAddress = patch.email !== undefined && patch.email.toLowerCase() !== row.email_key;
  const changes = {
    ...(patch.email !== undefined ? { email: patch.email, email_key: patch.email.toLowerCase() } : {}),
    ...(newAddress ? { email_verified: 0 } : {}),
    ...(patch.firstname !== undefined ? { firstname: patch.firstname } : {}),
    ...(patch.lastname !== undefined ? { lastname: patch.lastname } : {}),
    ...(patch.language !== undefined ? { language: patch.language } : {}),
    updated_at: account.iso(),
  };
  try {
    await account.db.updateTable('users').set(changes).where('id', '=', row.id).execute();
  } catch (error) {
    throw isUniqueViolation(error) ? emailTaken() : error;
  }
  const updated = { ...row, ...changes };
  if (newAddress) await sendVerification(account, updated, 'change');
  return updated;
}

/** Checks the account's password, throttled per e-mail address and client address (403 when wrong, 429 when locked). */
export async function confirmPassword(context: AccountContext, row: UserRow, password: string): Promise<void> {
  const ok = await context.account.throttle.attempt(row.email, context.remoteAddress, async () => ((await context.account.passwords.verify(password, row.password_hash)) ? true : null));
  if (!ok) throw new ApiError(403, 'wrong_password', 'The password is wrong');
}

/** Sets a new password; ends every token of the account but `keepAccessHash` (the caller's own). */
export async function setPassword(account: Account, userId: string, password: string, keepAccessHash?: string): Promise<void> {
  const hash = await account.passwords.hash(password);
  await account.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: hash, updated_at: account.iso() }).where('id', '=', userId).execute();
    let ended = trx.deleteFrom('tokens').where('user_id', '=', userId);
    if (keepAccessHash) ended = ended.where('access_hash', '!=', keepAccessHash);
    await ended.execute();
    await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
  });
}

export const newsletterStatus = (row: UserRow) => ({ subscribed: row.newsletter === 1, language: row.newsletter_language ?? row.language });

export async function setNewsletter(account: Account, row: UserRow, subscribed: boolean, language?: string) {
  const changes = { newsletter: subscribed ? 1 : 0, ...(language !== undefined ? { newsletter_language: language } : {}), updated_at: account.iso() };
  await account.db.updateTable('users').set(changes).where('id', '=', row.id).execute();
  return newsletterStatus({ ...row, ...changes });
}

/**
 * Gives an account a role (`admin`, `app_developer_trusted` ...) or takes it away; idempotent. Needs only the
 * database and the clock, so that the operator command (scripts/admin.ts) uses it without a running service.
 */
export async function setRole(account: Pick<Account, 'db' | 'iso'>, userId: string, role: string, held: boolean): Promise<UserRow> {
  const row = await findUser(account, userId);
  if (!row) throw notFound('User');
  const roles = new Set(rolesOf(row));
  if (roles.has(role) === held) return row;
  if (held) roles.add(role);
  else roles.delete(role);
  const updated = { ...row, roles: JSON.stringify([...roles]), updated_at: account.iso() };
  await account.db.updateTable('users').set({ roles: updated.roles, updated_at: updated.updated_at }).where('id', '=', userId).execute();
  return updated;
}

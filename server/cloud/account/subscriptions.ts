import type { Kysely } from 'kysely';
import type { components } from '../../../generated/cloud/account.js';
import { notFound } from '../../http/errors.js';

export type Subscription = components['schemas']['Subscription'];
type Input = components['schemas']['SubscriptionInput'];

/**
 * The one home of accounts' subscriptions: the account service's table `user_subscriptions`, which the user object
 * shows as `subscriptions` and the support form reads. Billing (the account's admin calls), the demo and the store
 * (bought, redeemed, verified from an app store) all write it through these functions; the store reaches it
 * through the database it shares with the account service (npm start: the same data folder or PostgreSQL).
 */
export interface SubscriptionTables {
  user_subscriptions: { user_id: string; id: string; data: string; created_at: string; updated_at: string };
  /** Only what the store asks of accounts: whether one exists, and whether it is an admin. */
  users: { id: string; roles: string };
}

export type SubscriptionDb = Kysely<SubscriptionTables>;

/** The subscriptions' view of a database that holds their tables (the account service's): checked, then narrowed. */
export const subscriptionDb = <T extends SubscriptionTables>(db: Kysely<T>): SubscriptionDb => db as unknown as SubscriptionDb;

/** The units of subscription time, as offers, coupons and products name them. */
export type DurationUnit = 'day' | 'week' | 'month' | 'year';

const normal = (iso: string | null | undefined) => (typeof iso === 'string' ? new Date(iso).toISOString() : iso);

/** An account's subscriptions by id (the user object's `subscriptions`). */
export async function subscriptionsOf(db: SubscriptionDb, userId: string): Promise<Record<string, Subscription>> {
  const rows = await db.selectFrom('user_subscriptions').select(['id', 'data']).where('user_id', '=', userId).orderBy('id').execute();
  return Object.fromEntries(rows.map((row) => [row.id, JSON.parse(row.data) as Subscription]));
}

async function save(db: SubscriptionDb, userId: string, id: string, subscription: Subscription, now: string): Promise<void> {
  const data = JSON.stringify(subscription);
  await db
    .insertInto('user_subscriptions')
    .values({ user_id: userId, id, data, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'id']).doUpdateSet({ data, updated_at: now }))
    .execute();
}

async function find(db: SubscriptionDb, userId: string, id: string): Promise<Subscription | undefined> {
  const row = await db.selectFrom('user_subscriptions').select('data').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return row && (JSON.parse(row.data) as Subscription);
}

/** Creates the subscription (starting now unless told otherwise, active) or changes the fields given. */
export async function setSubscription(db: SubscriptionDb, userId: string, id: string, input: Input, now: string): Promise<void> {
  const current: Subscription = (await find(db, userId, id)) ?? { startedAt: now, expiresAt: null, status: 'active' };
  await save(db, userId, id, {
    ...current,
    ...input,
    startedAt: normal(input.startedAt) ?? current.startedAt,
    ...(input.expiresAt !== undefined ? { expiresAt: normal(input.expiresAt) } : {}),
  }, now);
}

export async function deleteSubscription(db: SubscriptionDb, userId: string, id: string): Promise<void> {
  const { numDeletedRows } = await db.deleteFrom('user_subscriptions').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  if (numDeletedRows === 0n) throw notFound('Subscription');
}

/** Subscriptions that exist are left as they are (the demo's, seeded on every start). */
export async function addMissingSubscriptions(db: SubscriptionDb, userId: string, ids: readonly string[], now: string): Promise<void> {
  const data = JSON.stringify({ startedAt: now, expiresAt: null, status: 'active' } satisfies Subscription);
  await db
    .insertInto('user_subscriptions')
    .values(ids.map((id) => ({ user_id: userId, id, data, created_at: now, updated_at: now })))
    .onConflict((oc) => oc.columns(['user_id', 'id']).doNothing())
    .execute();
}

/** `iso` moved on by `quantity` units, in UTC calendar terms (a month from 31 January is 3 March, as Date does). */
export function addTime(iso: string, quantity: number, unit: DurationUnit): string {
  const date = new Date(iso);
  if (unit === 'day') date.setUTCDate(date.getUTCDate() + quantity);
  else if (unit === 'week') date.setUTCDate(date.getUTCDate() + 7 * quantity);
  else if (unit === 'month') date.setUTCMonth(date.getUTCMonth() + quantity);
  else date.setUTCFullYear(date.getUTCFullYear() + quantity);
  return date.toISOString();
}

/**
 * Adds time to a subscription: one still running runs on that much longer, one that ended (or never was) starts
 * now. A subscription without end (null) stays without end.
 */
export async function extendSubscription(db: SubscriptionDb, userId: string, id: string, quantity: number, unit: DurationUnit, now: string): Promise<Subscription> {
  const current = await find(db, userId, id);
  const running = current && current.status !== 'expired' && (current.expiresAt === null || current.expiresAt! > now);
  const next: Subscription = running
    ? { ...current, status: 'active', expiresAt: current.expiresAt === null ? null : addTime(current.expiresAt!, quantity, unit) }
    : { startedAt: now, expiresAt: addTime(now, quantity, unit), status: 'active' };
  await save(db, userId, id, next, now);
  return next;
}

/** Ends a subscription now (a refunded purchase); an unknown one is left unknown. */
export async function expireSubscription(db: SubscriptionDb, userId: string, id: string, now: string): Promise<void> {
  const current = await find(db, userId, id);
  if (current) await save(db, userId, id, { ...current, status: 'expired', expiresAt: now }, now);
}

/** Of the accounts `userIds`, the subscriptions marked expired or whose end has passed. */
export async function expiredSubscriptions(db: SubscriptionDb, userIds: readonly string[], now: string) {
  if (userIds.length === 0) return [];
  const rows = await db.selectFrom('user_subscriptions').select(['user_id', 'id', 'data']).where('user_id', 'in', userIds).orderBy('user_id').orderBy('id').execute();
  return rows
    .map((row) => ({ userId: row.user_id, subscriptionId: row.id, subscription: JSON.parse(row.data) as Subscription }))
    .filter(({ subscription }) => subscription.status === 'expired' || (subscription.expiresAt != null && subscription.expiresAt <= now))
    .map(({ userId, subscriptionId, subscription }) => ({ userId, subscriptionId, expiresAt: subscription.expiresAt ?? null }));
}

export async function accountExists(db: SubscriptionDb, userId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst());
}

export async function isAdminAccount(db: SubscriptionDb, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('roles').where('id', '=', userId).executeTakeFirst();
  return Boolean(row && (JSON.parse(row.roles) as string[]).includes('admin'));
}

import type { components } from '../../../generated/cloud/account.js';
import { notFound } from '../../http/errors.js';
import type { Account } from './context.js';

type Subscription = components['schemas']['Subscription'];
type Input = components['schemas']['SubscriptionInput'];

/** An account's subscriptions by id (the user object's `subscriptions`). */
export async function subscriptionsOf(account: Account, userId: string): Promise<Record<string, Subscription>> {
  const rows = await account.db.selectFrom('user_subscriptions').select(['id', 'data']).where('user_id', '=', userId).orderBy('id').execute();
  return Object.fromEntries(rows.map((row) => [row.id, JSON.parse(row.data) as Subscription]));
}

/** Creates the subscription (starting now unless told otherwise, active) or changes the fields given. */
export async function setSubscription(account: Account, userId: string, id: string, input: Input): Promise<void> {
  const now = account.iso();
  const row = await account.db.selectFrom('user_subscriptions').select('data').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  const normal = (iso: string | null | undefined) => (typeof iso === 'string' ? new Date(iso).toISOString() : iso);
  const current: Subscription = row ? (JSON.parse(row.data) as Subscription) : { startedAt: now, expiresAt: null, status: 'active' };
  const data = JSON.stringify({
    ...current,
    ...input,
    startedAt: normal(input.startedAt) ?? current.startedAt,
    ...(input.expiresAt !== undefined ? { expiresAt: normal(input.expiresAt) } : {}),
  });
  await account.db
    .insertInto('user_subscriptions')
    .values({ user_id: userId, id, data, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'id']).doUpdateSet({ data, updated_at: now }))
    .execute();
}

export async function deleteSubscription(account: Account, userId: string, id: string): Promise<void> {
  const { numDeletedRows } = await account.db.deleteFrom('user_subscriptions').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  if (numDeletedRows === 0n) throw notFound('Subscription');
}

import { randomBytes } from 'node:crypto';
import type { components } from '../../../generated/cloud/store.js';
import { ApiError, badRequest, notFound } from '../../http/errors.js';
import { accountExists, extendSubscription } from '../account/subscriptions.js';
import { isNewCustomer } from './coupons.js';
import { subscriptionId, subscriptionView, type Store } from './context.js';

export type Offer = components['schemas']['Offer'];
type Provider = 'shop' | 'apple' | 'google';

export type OfferInput = Omit<Offer, 'id' | 'redeemedAt'>;

export async function createOffer(store: Store, input: OfferInput): Promise<Offer> {
  const expiresAt = new Date(input.expiresAt).toISOString();
  if (expiresAt <= store.iso()) throw badRequest('expiresAt must be in the future');
  if (!(await accountExists(store.accounts, input.userId))) throw notFound('User');
  const offer: Offer = { id: `off_${randomBytes(6).toString('hex')}`, ...input, expiresAt, redeemedAt: null };
  await store.db.insertInto('offers').values({ id: offer.id, user_id: offer.userId, data: JSON.stringify(offer), expires_at: expiresAt, redeemed_at: null }).execute();
  return offer;
}

const view = (row: { data: string; redeemed_at: string | null }): Offer => ({ ...(JSON.parse(row.data) as Offer), redeemedAt: row.redeemed_at });

/** The caller's offers still open, soonest to expire first. */
export async function openOffers(store: Store, userId: string): Promise<Offer[]> {
  const rows = await store.db.selectFrom('offers').selectAll().where('user_id', '=', userId).where('redeemed_at', 'is', null).where('expires_at', '>', store.iso()).orderBy('expires_at').execute();
  return rows.map(view);
}

/** The caller's own offer; another's is as unknown as a missing one. */
export async function requireOwnOffer(store: Store, userId: string, id: string): Promise<Offer> {
  const row = await store.db.selectFrom('offers').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(`Offer ${id}`);
  return view(row);
}

export async function redeemOffer(store: Store, userId: string, id: string, provider: Provider = 'shop') {
  const offer = await requireOwnOffer(store, userId, id);
  const now = store.iso();
  if (offer.expiresAt <= now) throw new ApiError(409, 'offer_expired', 'This offer has expired');
  // Redeemed once: of two calls at once, one sets redeemed_at.
  const { numUpdatedRows } = await store.db.updateTable('offers').set({ redeemed_at: now }).where('id', '=', id).where('redeemed_at', 'is', null).executeTakeFirst();
  if (numUpdatedRows === 0n) throw new ApiError(409, 'offer_redeemed', 'This offer has been redeemed');
  const sid = subscriptionId(offer.subscriptionType, provider);
  return { subscription: subscriptionView(sid, await extendSubscription(store.accounts, userId, sid, offer.subscriptionQuantity, offer.subscriptionDuration, now)) };
}

/** What a friend's invitation gives the new customer and the inviter each. */
const REFERRAL = { type: 'premium', quantity: 1, duration: 'month' } as const;

export async function redeemReferAFriend(store: Store, userId: string, inviterId: string, provider: Provider = 'shop') {
  if (inviterId === userId) throw new ApiError(409, 'referral_self', 'You cannot invite yourself');
  if (!(await accountExists(store.accounts, inviterId))) throw notFound('Inviter');
  if (!(await isNewCustomer(store, userId))) throw new ApiError(409, 'referral_returning_customer', 'Invitations are for new customers');
  const now = store.iso();
  const { numInsertedOrUpdatedRows } = await store.db
    .insertInto('referrals')
    .values({ invitee_id: userId, inviter_id: inviterId, redeemed_at: now })
    .onConflict((oc) => oc.column('invitee_id').doNothing())
    .executeTakeFirst();
  if (!numInsertedOrUpdatedRows) throw new ApiError(409, 'referral_redeemed', 'You have redeemed an invitation before');
  await extendSubscription(store.accounts, inviterId, subscriptionId(REFERRAL.type), REFERRAL.quantity, REFERRAL.duration, now);
  const sid = subscriptionId(REFERRAL.type, provider);
  return { subscription: subscriptionView(sid, await extendSubscription(store.accounts, userId, sid, REFERRAL.quantity, REFERRAL.duration, now)) };
}

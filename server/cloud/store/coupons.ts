import type { Transaction } from 'kysely';
import type { components } from '../../../generated/cloud/store.js';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors.js';
import { extendSubscription, subscriptionsOf } from '../account/subscriptions.js';
import { subscriptionId, subscriptionView, type Store } from './context.js';
import type { StoreTables } from './db.js';

export type Coupon = components['schemas']['Coupon'];
type Term = Pick<Coupon, 'subscriptionType' | 'subscriptionQuantity' | 'subscriptionDuration'>;

export interface CouponInput extends Term {
  couponCode: string;
  expiresAt?: string;
  campaignId?: string;
  maxRedeems?: number;
  discountPercent?: number;
  newCustomersOnly?: boolean;
}

/** Codes are compared in upper case: `welcome10` is `WELCOME10`. */
export const couponKey = (code: string) => code.toUpperCase();

/** A term is all three of type, quantity and duration, or none of them. */
export function requireWholeTerm(term: Term): void {
  const given = [term.subscriptionType, term.subscriptionQuantity, term.subscriptionDuration].filter((value) => value !== undefined).length;
  if (given !== 0 && given !== 3) throw badRequest('subscriptionType, subscriptionQuantity and subscriptionDuration go together');
}

export async function createCoupon(store: Store, input: CouponInput, platform: 'shop' | 'apple'): Promise<Coupon> {
  requireWholeTerm(input);
  if (!input.subscriptionType && !input.discountPercent) throw badRequest('A coupon gives subscription time, a discount or both');
  const coupon: Coupon = {
    couponCode: couponKey(input.couponCode),
    expiresAt: input.expiresAt ? new Date(input.expiresAt).toISOString() : null,
    ...(input.campaignId ? { campaignId: input.campaignId } : {}),
    ...(input.subscriptionType ? { subscriptionType: input.subscriptionType, subscriptionQuantity: input.subscriptionQuantity, subscriptionDuration: input.subscriptionDuration } : {}),
    ...(input.discountPercent ? { discountPercent: input.discountPercent } : {}),
    maxRedeems: input.maxRedeems ?? null,
    redeems: 0,
    newCustomersOnly: input.newCustomersOnly ?? false,
    platform,
  };
  const { numInsertedOrUpdatedRows } = await store.db
    .insertInto('coupons')
    .values({ code: coupon.couponCode, data: JSON.stringify(coupon), max_redeems: coupon.maxRedeems, redeems: 0, expires_at: coupon.expiresAt, created_at: store.iso() })
    .onConflict((oc) => oc.column('code').doNothing())
    .executeTakeFirst();
  if (!numInsertedOrUpdatedRows) throw conflict(`The coupon ${coupon.couponCode} exists`);
  return coupon;
}

/** A customer who never paid an order nor held a subscription. */
export async function isNewCustomer(store: Store, userId: string): Promise<boolean> {
  const paid = await store.db.selectFrom('orders').select('id').where('user_id', '=', userId).where('state', 'in', ['paid', 'refunded']).executeTakeFirst();
  return !paid && Object.keys(await subscriptionsOf(store.accounts, userId)).length === 0;
}

const couponConflict = (code: string, description: string) => new ApiError(409, code, description);

/**
 * The coupon `code` if `userId` may use it for `purpose` now: 404 unknown; 409 expired, used up, used by this
 * customer before, for new customers only, or not of this kind.
 */
export async function usableCoupon(store: Store, code: string, userId: string, purpose: 'discount' | 'subscription'): Promise<Coupon> {
  const row = await store.db.selectFrom('coupons').selectAll().where('code', '=', couponKey(code)).executeTakeFirst();
  if (!row) throw notFound(`Coupon ${code}`);
  const coupon: Coupon = { ...(JSON.parse(row.data) as Coupon), redeems: Number(row.redeems) };
  if (coupon.expiresAt && coupon.expiresAt <= store.iso()) throw couponConflict('coupon_expired', `The coupon ${coupon.couponCode} has expired`);
  if (coupon.maxRedeems !== null && coupon.redeems >= coupon.maxRedeems) throw couponConflict('coupon_used_up', `The coupon ${coupon.couponCode} has been used as often as it may be`);
  const used = await store.db.selectFrom('coupon_uses').select('code').where('code', '=', coupon.couponCode).where('user_id', '=', userId).executeTakeFirst();
  if (used) throw couponConflict('coupon_used', `You have used the coupon ${coupon.couponCode} before`);
  if (coupon.newCustomersOnly && !(await isNewCustomer(store, userId))) throw couponConflict('coupon_new_customers_only', `The coupon ${coupon.couponCode} is for new customers only`);
  if (purpose === 'discount' && !coupon.discountPercent) throw couponConflict('coupon_not_a_discount', `The coupon ${coupon.couponCode} gives subscription time: redeem it instead`);
  if (purpose === 'subscription' && !coupon.subscriptionType) throw couponConflict('coupon_not_a_subscription', `The coupon ${coupon.couponCode} gives a discount: apply it to your cart`);
  return coupon;
}

/**
 * Counts one use of the coupon by `userId` inside `trx`: the count rises only below `maxRedeems`, and a customer's
 * second use is refused by the key of coupon_uses, so two orders at once cannot both take the last use.
 */
export async function countCouponUse(trx: Transaction<StoreTables>, code: string, userId: string, now: string): Promise<void> {
  const { numUpdatedRows } = await trx
    .updateTable('coupons')
    .set((eb) => ({ redeems: eb('redeems', '+', 1) }))
    .where('code', '=', code)
    .where((eb) => eb.or([eb('max_redeems', 'is', null), eb('redeems', '<', eb.ref('max_redeems'))]))
    .executeTakeFirst();
  if (numUpdatedRows === 0n) throw couponConflict('coupon_used_up', `The coupon ${code} has been used as often as it may be`);
  const { numInsertedOrUpdatedRows } = await trx.insertInto('coupon_uses').values({ code, user_id: userId, used_at: now }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
  if (!numInsertedOrUpdatedRows) throw couponConflict('coupon_used', `You have used the coupon ${code} before`);
}

/** Redeems a coupon's subscription time for the caller. */
export async function redeemCoupon(store: Store, userId: string, code: string) {
  const coupon = await usableCoupon(store, code, userId, 'subscription');
  const now = store.iso();
  await store.db.transaction().execute((trx) => countCouponUse(trx, coupon.couponCode, userId, now));
  const id = subscriptionId(coupon.subscriptionType!, coupon.platform === 'apple' ? 'apple' : 'shop');
  const subscription = await extendSubscription(store.accounts, userId, id, coupon.subscriptionQuantity!, coupon.subscriptionDuration!, now);
  return { subscription: subscriptionView(id, subscription) };
}

import type { Selectable } from 'kysely';
import type { components } from '../../../generated/cloud/store.js';
import { ApiError, notFound } from '../../http/errors.js';
import { loadCart, saveCart } from './cart.js';
import type { Store } from './context.js';
import { countCouponUse, usableCoupon } from './coupons.js';
import type { StoreDb, StoreTables } from './db.js';
import { priceCart, type Payment } from './pricing.js';

export type Order = components['schemas']['Order'];
type OrderRow = Selectable<StoreTables['orders']>;

export function orderView(row: OrderRow): Order {
  const payment = row.payment ? (JSON.parse(row.payment) as Payment) : undefined;
  return {
    id: row.id,
    date: row.date,
    status: row.status as Order['status'],
    state: row.state as Order['state'],
    currency: row.currency as Order['currency'],
    subtotal: Number(row.subtotal),
    discount: Number(row.discount),
    vatRate: Number(row.vat_rate),
    vat: Number(row.vat),
    total: Number(row.total),
    ...(row.coupon ? { coupon: row.coupon } : {}),
    ...(payment ? { paymentMethod: payment.method } : {}),
    ...(row.failure_reason ? { failureReason: row.failure_reason } : {}),
    items: JSON.parse(row.items) as Order['items'],
  };
}

/** A customer's orders, newest first. */
export async function ordersOf(db: StoreDb, userId: string): Promise<Order[]> {
  const rows = await db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('date', 'desc').orderBy('id', 'desc').execute();
  return rows.map(orderView);
}

/** The customer's own order `id`; another's is as unknown as a missing one (404). */
export async function requireOwnOrder(db: StoreDb, userId: string, id: string): Promise<OrderRow> {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(`Order ${id}`);
  return row;
}

/** Records an order as it was (a seed of the demo, already paid); an order number already taken is left as it is. */
export async function addOrder(db: StoreDb, userId: string, order: Order): Promise<void> {
  await db
    .insertInto('orders')
    .values({
      id: order.id,
      user_id: userId,
      date: order.date,
      status: order.status,
      state: order.state,
      currency: order.currency,
      subtotal: order.subtotal,
      discount: order.discount,
      vat_rate: order.vatRate,
      vat: order.vat,
      total: order.total,
      coupon: order.coupon ?? null,
      payment: order.paymentMethod ? JSON.stringify({ method: order.paymentMethod }) : null,
      failure_reason: null,
      attempts: 0,
      items: JSON.stringify(order.items),
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

const refused = (description: string) => new ApiError(409, 'conflict', description);

/**
 * Orders the cart: its lines at today's prices, the coupon's use counted (in the same transaction as the order, so
 * that a coupon's last use goes to one order only), the lines emptied. The order waits to be paid (`created`).
 */
export async function createOrder(store: Store, userId: string): Promise<Order> {
  const cart = await loadCart(store, userId);
  const coupon = cart.coupon ? await usableCoupon(store, cart.coupon, userId, 'discount') : undefined;
  const { lines, totals } = await priceCart(store, cart, coupon?.discountPercent ?? 0);
  if (lines.length === 0) throw refused('The cart is empty');
  const { userdata } = cart;
  if (!userdata.email || !userdata.billing_firstname || !userdata.billing_street || !userdata.billing_number || !userdata.billing_zipcode || !userdata.billing_city || !userdata.billing_country) {
    throw refused('An order needs an e-mail address and a whole billing address (setUserData)');
  }
  if (!cart.payment) throw refused('Choose how to pay first (setPayment)');
  const now = store.iso();
  const order = await store.db.transaction().execute(async (trx) => {
    const { value } = await trx.updateTable('counters').set((eb) => ({ value: eb('value', '+', 1) })).where('name', '=', 'order').returning('value').executeTakeFirstOrThrow();
    if (coupon) await countCouponUse(trx, coupon.couponCode, userId, now);
    const row: OrderRow = {
      id: String(value),
      user_id: userId,
      date: now,
      status: 'processing',
      state: 'created',
      currency: totals.currency,
      subtotal: totals.subtotal,
      discount: totals.discount,
      vat_rate: totals.vatRate,
      vat: totals.vat,
      total: totals.total,
      coupon: coupon?.couponCode ?? null,
      payment: JSON.stringify(cart.payment),
      failure_reason: null,
      attempts: 0,
      items: JSON.stringify(lines.map(({ sku, name, quantity, price }) => ({ sku, name, quantity, price }))),
    };
    await trx.insertInto('orders').values(row).execute();
    return row;
  });
  await saveCart(store, userId, { ...cart, items: [], coupon: null });
  return orderView(order);
}

import { ApiError, conflict, notFound } from '../../http/errors.js';
import { expireSubscription, extendSubscription } from '../account/subscriptions.js';
import { requireCardToken } from './cart.js';
import { findProduct } from './catalogue.js';
import { subscriptionId, type Store } from './context.js';
import { orderView, requireOwnOrder, type Order } from './orders.js';
import type { PaymentEvent } from './payment-provider.js';
import type { Payment } from './pricing.js';

type Outcome = 'paid' | 'failed' | 'refunded';

const STATE_REFUSALS = new Map([
  ['pending', 'A payment of this order is under way: wait for its outcome'],
  ['paid', 'This order is paid'],
  ['refunded', 'This order was refunded'],
]);

/**
 * Pays an order. The order is claimed first (`created` or `failed` → `pending`, one conditional update), so that of
 * two calls at once one pays and the other gets 409; each attempt has its own idempotency key at the provider, so
 * a retried request never charges twice either.
 */
export async function payOrder(store: Store, userId: string, orderId: string, given?: Payment): Promise<Order> {
  const order = await requireOwnOrder(store.db, userId, orderId);
  const payment = given ?? (order.payment ? (JSON.parse(order.payment) as Payment) : undefined);
  if (!payment) throw conflict('Choose how to pay first');
  requireCardToken(payment);
  const { numUpdatedRows } = await store.db
    .updateTable('orders')
    .set((eb) => ({ state: 'pending', attempts: eb('attempts', '+', 1), payment: JSON.stringify(payment), failure_reason: null }))
    .where('id', '=', orderId)
    .where('state', 'in', ['created', 'failed'])
    .executeTakeFirst();
  if (numUpdatedRows === 0n) {
    const { state } = await requireOwnOrder(store.db, userId, orderId);
    throw new ApiError(409, 'order_not_payable', STATE_REFUSALS.get(state) ?? `An order in state ${state} cannot be paid`);
  }
  const claimed = await requireOwnOrder(store.db, userId, orderId);
  const now = store.iso();
  if (Number(claimed.total) === 0) {
    // Nothing to charge (a coupon took it all): paid without a payment.
    await markPaid(store, orderId);
    return orderView(await requireOwnOrder(store.db, userId, orderId));
  }
  let result;
  try {
    result = await store.provider.charge({
      idempotencyKey: `order-${orderId}-${claimed.attempts}`,
      amount: Number(claimed.total),
      currency: claimed.currency,
      method: payment.method,
      token: payment.token,
      description: `Order #${orderId}`,
    });
  } catch {
    await store.db.updateTable('orders').set({ state: 'failed', failure_reason: 'The payment provider could not be reached' }).where('id', '=', orderId).where('state', '=', 'pending').execute();
    throw new ApiError(503, 'service_unavailable', 'The payment provider cannot be reached: try again later');
  }
  await store.db
    .insertInto('payments')
    .values({ id: result.paymentId, order_id: orderId, amount: Number(claimed.total), currency: claimed.currency, state: 'pending', created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  if (result.status !== 'pending') await settle(store, result.paymentId, result.status, result.reason);
  return orderView(await requireOwnOrder(store.db, userId, orderId));
}

const FROM: Record<Outcome, string> = { paid: 'pending', failed: 'pending', refunded: 'paid' };

/**
 * Moves a payment and its order on to `outcome`, each by a conditional update from the state it must come from:
 * an outcome told twice, or one that comes too late (paid after refunded), changes nothing.
 */
async function settle(store: Store, paymentId: string, outcome: Outcome, reason?: string): Promise<void> {
  const now = store.iso();
  const payment = await store.db
    .updateTable('payments')
    .set({ state: outcome, updated_at: now })
    .where('id', '=', paymentId)
    .where('state', '=', FROM[outcome])
    .returning('order_id')
    .executeTakeFirst();
  if (!payment) return;
  if (outcome === 'paid') await markPaid(store, payment.order_id);
  else if (outcome === 'failed') {
    await store.db.updateTable('orders').set({ state: 'failed', failure_reason: reason ?? 'The payment failed' }).where('id', '=', payment.order_id).where('state', '=', 'pending').execute();
  } else {
    const order = await store.db.updateTable('orders').set({ state: 'refunded' }).where('id', '=', payment.order_id).where('state', '=', 'paid').returningAll().executeTakeFirst();
    if (order) for (const { type } of await subscriptionsBought(store, order.items)) await expireSubscription(store.accounts, order.user_id, subscriptionId(type), now);
  }
}

/** An order paid: its subscriptions get their time, once (the update from `pending` happens once). */
async function markPaid(store: Store, orderId: string): Promise<void> {
  const order = await store.db.updateTable('orders').set({ state: 'paid', failure_reason: null }).where('id', '=', orderId).where('state', '=', 'pending').returningAll().executeTakeFirst();
  if (!order) return;
  for (const term of await subscriptionsBought(store, order.items)) {
    await extendSubscription(store.accounts, order.user_id, subscriptionId(term.type), term.quantity, term.duration, store.iso());
  }
}

/** The subscription time an order's lines buy: each line's term times its quantity. */
async function subscriptionsBought(store: Store, items: string) {
  const terms = [];
  for (const item of JSON.parse(items) as Order['items']) {
    const product = await findProduct(store.db, item.sku);
    if (product?.subscription) terms.push({ ...product.subscription, quantity: product.subscription.quantity * item.quantity });
  }
  return terms;
}

const OUTCOMES: Record<PaymentEvent['type'], Outcome> = { 'payment.paid': 'paid', 'payment.failed': 'failed', 'payment.refunded': 'refunded' };

/** The provider's webhook, its signature checked: moves the payment on, or changes nothing when that is past. */
export async function receivePaymentEvent(store: Store, event: PaymentEvent): Promise<void> {
  const payment = await store.db.selectFrom('payments').selectAll().where('id', '=', event.paymentId).executeTakeFirst();
  if (!payment) throw notFound(`Payment ${event.paymentId}`);
  if (Number(payment.amount) !== event.amount || payment.currency !== event.currency) throw conflict("The event's amount or currency is not the payment's");
  await settle(store, payment.id, OUTCOMES[event.type], event.reason);
}

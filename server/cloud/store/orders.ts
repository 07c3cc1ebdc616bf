import type { components } from '../../../generated/cloud/store.js';
import type { StoreDb } from './db.js';

export type Order = components['schemas']['Order'];

/** A customer's orders, newest first. */
export async function ordersOf(db: StoreDb, userId: string): Promise<Order[]> {
  const rows = await db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('date', 'desc').execute();
  return rows.map((row) => ({
    id: row.id,
    date: row.date,
    status: row.status as Order['status'],
    currency: row.currency,
    total: Number(row.total),
    items: JSON.parse(row.items) as Order['items'],
  }));
}

/** Records an order (the shop's checkout, or a seed); an order number already taken is left as it is. */
export async function addOrder(db: StoreDb, userId: string, order: Order): Promise<void> {
  await db
    .insertInto('orders')
    .values({ id: order.id, user_id: userId, date: order.date, status: order.status, currency: order.currency, total: order.total, items: JSON.stringify(order.items) })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

import type { StoreDb } from './db.js';
import { addOrder, type Order } from './orders.js';

/** What the demo account bought: its hub, a bridge and some accessories, so the form's order tiles have something to show. */
const DEMO_ORDERS: Order[] = [
  {
    id: '100157',
    date: '2026-03-02T15:40:00.000Z',
    status: 'delivered',
    currency: 'EUR',
    total: 399,
    items: [{ sku: 'HUB-PRO-2023-EU', name: 'Hub Pro (Early 2023)', quantity: 1, price: 399 }],
  },
  {
    id: '100482',
    date: '2026-10-14T09:12:00.000Z',
    status: 'delivered',
    currency: 'EUR',
    total: 128.9,
    items: [
      { sku: 'BRIDGE-EU', name: 'Bridge', quantity: 1, price: 89 },
      { sku: 'ZB-MOTION-3', name: 'Zigbee motion sensor', quantity: 3, price: 13.3 },
    ],
  },
  {
    id: '100913',
    date: '2026-11-20T18:05:00.000Z',
    status: 'shipped',
    currency: 'EUR',
    total: 24.95,
    items: [{ sku: 'ETH-ADAPTER', name: 'Ethernet adapter', quantity: 1, price: 24.95 }],
  },
];

/** The demo account's orders of `npm start`, recorded once (their numbers are fixed). */
export async function ensureDemoOrders(db: StoreDb, userId: string): Promise<void> {
  for (const order of DEMO_ORDERS) await addOrder(db, userId, order);
}

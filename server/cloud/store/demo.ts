import type { Store } from './context.js';
import { createCoupon } from './coupons.js';
import { createOffer } from './offers.js';
import { addOrder, type Order } from './orders.js';

/** What the demo account bought: its hub, a bridge and some accessories, so the form's order tiles have something to show. */
const DEMO_ORDERS: Order[] = [
  {
    id: '100157',
    date: '2026-03-02T15:40:00.000Z',
    status: 'delivered',
    state: 'paid',
    currency: 'EUR',
    subtotal: 32975,
    discount: 0,
    vatRate: 2100,
    vat: 6925,
    total: 39900,
    paymentMethod: 'ideal',
    items: [{ sku: 'HUB-PRO-2023-EU', name: 'Hub Pro (Early 2023)', quantity: 1, price: 32975 }],
  },
  {
    id: '100482',
    date: '2026-10-14T09:12:00.000Z',
    status: 'delivered',
    state: 'paid',
    currency: 'EUR',
    subtotal: 10652,
    discount: 0,
    vatRate: 2100,
    vat: 2237,
    total: 12889,
    paymentMethod: 'card',
    items: [
      { sku: 'BRIDGE-EU', name: 'Bridge', quantity: 1, price: 7355 },
      { sku: 'ZB-MOTION-3', name: 'Zigbee motion sensor', quantity: 3, price: 1099 },
    ],
  },
  {
    id: '100913',
    date: '2026-11-20T18:05:00.000Z',
    status: 'shipped',
    state: 'paid',
    currency: 'EUR',
    subtotal: 2062,
    discount: 0,
    vatRate: 2100,
    vat: 433,
    total: 2495,
    paymentMethod: 'card',
    items: [{ sku: 'ETH-ADAPTER', name: 'Ethernet adapter', quantity: 1, price: 2062 }],
  },
];

/** A coupon anyone can try in the demo shop: 10 % off an order. */
export const DEMO_COUPON = 'WELCOME10';

/** The demo account's orders of `npm start`, recorded once (their numbers are fixed). */
export async function ensureDemoOrders(store: Store, userId: string): Promise<void> {
  for (const order of DEMO_ORDERS) await addOrder(store.db, userId, order);
}

/** The demo shop: the account's orders, a coupon to apply and an offer to redeem, each made once. */
export async function ensureDemoShop(store: Store, userId: string): Promise<void> {
  await ensureDemoOrders(store, userId);
  const coupon = await store.db.selectFrom('coupons').select('code').where('code', '=', DEMO_COUPON).executeTakeFirst();
  if (!coupon) await createCoupon(store, { couponCode: DEMO_COUPON, discountPercent: 10, campaignId: 'demo' }, 'shop');
  const offered = await store.db.selectFrom('offers').select('id').where('user_id', '=', userId).executeTakeFirst();
  if (!offered) {
    await createOffer(store, { userId, expiresAt: store.iso(365 * 24 * 60 * 60 * 1000), campaignId: 'demo', subscriptionType: 'premium', subscriptionQuantity: 3, subscriptionDuration: 'month' });
  }
}

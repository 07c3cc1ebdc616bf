import type { components } from '../../../generated/cloud/store.js';
import type { StoreDb } from './db.js';

/** A product as the shop keeps it; its consumer `price` is worked out when it is listed. */
export type Product = Omit<components['schemas']['Product'], 'price'>;

/**
 * What the shop sells, published on every start (as the apps service publishes its catalogue): hardware, and
 * subscriptions whose payment adds time to the buyer's subscription. Prices before VAT, in minor units.
 */
export const CATALOGUE: readonly Product[] = [
  { sku: 'HUB-PRO-2023-EU', name: 'Hub Pro (Early 2023)', description: 'The hub for every radio: Zigbee, Z-Wave, Thread, Matter, 433 MHz, infrared and Bluetooth.', kind: 'hardware', prices: { EUR: 32975, GBP: 29900, USD: 39900, CHF: 36900 } },
  { sku: 'BRIDGE-EU', name: 'Bridge', description: 'Adds 433 MHz and infrared to a hub, or extends its range.', kind: 'hardware', prices: { EUR: 7355, GBP: 6900, USD: 8900, CHF: 8500 } },
  { sku: 'ZB-MOTION-3', name: 'Zigbee motion sensor', description: 'Motion, light and temperature in one battery sensor.', kind: 'hardware', prices: { EUR: 1099, GBP: 999, USD: 1299 } },
  { sku: 'ETH-ADAPTER', name: 'Ethernet adapter', description: 'A wired network connection for the hub.', kind: 'hardware', prices: { EUR: 2062, GBP: 1899, USD: 2499, CHF: 2399 } },
  { sku: 'PREMIUM-1Y', name: 'Premium (1 year)', description: 'Backups, remote access and the insights history for a year.', kind: 'subscription', prices: { EUR: 4950, GBP: 4400, USD: 5400, CHF: 5200 }, subscription: { type: 'premium', quantity: 1, duration: 'year' } },
  { sku: 'PLUS-1M', name: 'Plus (1 month)', description: 'Backups and remote access for a month.', kind: 'subscription', prices: { EUR: 247, GBP: 225, USD: 275, CHF: 265 }, subscription: { type: 'plus', quantity: 1, duration: 'month' } },
  { sku: 'ZWAVE-LR-LICENSE', name: 'Z-Wave Long Range licence', description: 'Unlocks Z-Wave Long Range on one hub, bought once in the app.', kind: 'one-time', prices: { EUR: 1240, GBP: 1100, USD: 1400 } },
];

/** Publishes the catalogue: new products are added and changed ones updated (prices, names). */
export async function publishCatalogue(db: StoreDb): Promise<void> {
  for (const product of CATALOGUE) {
    const data = JSON.stringify(product);
    await db.insertInto('products').values({ sku: product.sku, data }).onConflict((oc) => oc.column('sku').doUpdateSet({ data })).execute();
  }
}

export async function listProducts(db: StoreDb): Promise<Product[]> {
  const rows = await db.selectFrom('products').select('data').orderBy('sku').execute();
  return rows.map((row) => JSON.parse(row.data) as Product);
}

/** The product of `sku`, or undefined. */
export async function findProduct(db: StoreDb, sku: string): Promise<Product | undefined> {
  const row = await db.selectFrom('products').select('data').where('sku', '=', sku).executeTakeFirst();
  return row && (JSON.parse(row.data) as Product);
}

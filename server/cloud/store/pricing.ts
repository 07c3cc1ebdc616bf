import type { components } from '../../../generated/cloud/store.js';
import { badRequest, conflict } from '../../http/errors.js';
import { findProduct, listProducts, type Product } from './catalogue.js';
import type { Store } from './context.js';
import { computeTotals, type Currency, type Totals } from './money.js';
import { checkVat, EU_VAT_RATES, SELLER_COUNTRY, vatCountry } from './vat.js';

export type Locale = components['schemas']['Locale'];
export type ShopperData = components['schemas']['ShopperData'];
export type Business = components['schemas']['Business'];
export type Payment = components['schemas']['Payment'];
export type CartLine = components['schemas']['CartLine'];
type ListedProduct = components['schemas']['Product'];

/** Where a new shopper shops from: the shop's own country and currency. */
export const DEFAULT_LOCALE: Locale = { country: SELLER_COUNTRY, currency: 'EUR', language: 'en' };

/** A customer's checkout as stored. */
export interface CartData {
  items: Array<{ sku: string; quantity: number; options: Record<string, string> }>;
  locale: Locale;
  userdata: ShopperData;
  business: Business;
  coupon: string | null;
  payment: Payment | null;
}

/** Where the shop delivers: the EU and a few neighbours (no VAT charged outside the EU: export). */
export const DELIVERY_COUNTRIES: ReadonlySet<string> = new Set([...EU_VAT_RATES.keys(), 'GB', 'CH', 'NO', 'US']);

/** Where the goods go: the shipping address when there is one, else the billing address, else the locale's country. */
export const destinationOf = (cart: CartData) =>
  (cart.userdata.shipping_address ? cart.userdata.shipping_country : undefined) ?? cart.userdata.billing_country ?? cart.locale.country;

/**
 * The VAT of an order: the destination's rate inside the EU (the one-stop-shop rule), none outside; none for a
 * business of another EU country than the seller's with a valid VAT number (reverse charge).
 */
export function vatOf(cart: CartData): { vatRate: number; reverseCharge: boolean } {
  const rate = EU_VAT_RATES.get(destinationOf(cart));
  if (rate === undefined) return { vatRate: 0, reverseCharge: false };
  const vat = cart.business.is_business && cart.business.business_vat ? checkVat(cart.business.business_vat) : undefined;
  if (vat?.valid && vatCountry(vat.countryCode!) !== SELLER_COUNTRY) return { vatRate: 0, reverseCharge: true };
  return { vatRate: rate, reverseCharge: false };
}

export const priceIn = (product: Product, currency: string) => (Object.hasOwn(product.prices, currency) ? product.prices[currency as keyof Product['prices']] : undefined);

/** The cart's lines priced in its currency (lines whose product is gone or not sold in it are left out) and its totals. */
export async function priceCart(store: Store, cart: CartData, discountPercent: number): Promise<{ lines: CartLine[]; products: Product[]; totals: Totals }> {
  const lines: CartLine[] = [];
  const products: Product[] = [];
  for (const item of cart.items) {
    const product = await findProduct(store.db, item.sku);
    const price = product && priceIn(product, cart.locale.currency);
    if (!product || price === undefined) continue;
    products.push(product);
    lines.push({ sku: item.sku, name: product.name, quantity: item.quantity, options: item.options, price, total: price * item.quantity });
  }
  return { lines, products, totals: computeTotals({ currency: cart.locale.currency, lines, discountPercent, ...vatOf(cart) }) };
}

/** Refuses a currency the product is not sold in. */
export function requireSoldIn(product: Product, currency: string): number {
  const price = priceIn(product, currency);
  if (price === undefined) throw conflict(`${product.name} is not sold in ${currency}`);
  return price;
}

/**
 * The products sold in `currency`, each with what one costs a consumer there and in `country` (VAT as an order of
 * one would have it: the same rule and rounding as the cart's totals).
 */
export async function listPricedProducts(store: Store, currency: Currency = DEFAULT_LOCALE.currency, country = DEFAULT_LOCALE.country): Promise<ListedProduct[]> {
  if (!DELIVERY_COUNTRIES.has(country)) throw badRequest(`The shop does not deliver to ${country} (country)`);
  const vatRate = EU_VAT_RATES.get(country) ?? 0;
  const products = await listProducts(store.db);
  return products.flatMap((product) => {
    const amount = priceIn(product, currency);
    if (amount === undefined) return [];
    const { vat, total } = computeTotals({ currency, lines: [{ price: amount, quantity: 1 }], vatRate, reverseCharge: false });
    return [{ ...product, price: { currency, country, amount, vatRate, vat, total } }];
  });
}

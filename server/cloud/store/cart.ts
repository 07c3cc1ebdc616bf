import type { components } from '../../../generated/cloud/store.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { findProduct } from './catalogue.js';
import type { Store } from './context.js';
import { usableCoupon } from './coupons.js';
import { DEFAULT_LOCALE, DELIVERY_COUNTRIES, priceCart, requireSoldIn, type Business, type CartData, type Locale, type Payment, type ShopperData } from './pricing.js';
import { checkVat, vatCountry } from './vat.js';

type Cart = components['schemas']['Cart'];

const MAX_LINE_QUANTITY = 99;

const emptyCart = (): CartData => ({
  items: [],
  locale: { ...DEFAULT_LOCALE },
  userdata: {},
  business: { is_business: false },
  coupon: null,
  payment: null,
});

export async function loadCart(store: Store, userId: string): Promise<CartData> {
  const row = await store.db.selectFrom('carts').select('data').where('user_id', '=', userId).executeTakeFirst();
  return row ? (JSON.parse(row.data) as CartData) : emptyCart();
}

export async function saveCart(store: Store, userId: string, cart: CartData): Promise<void> {
  const data = JSON.stringify(cart);
  const now = store.iso();
  await store.db.insertInto('carts').values({ user_id: userId, data, updated_at: now }).onConflict((oc) => oc.column('user_id').doUpdateSet({ data, updated_at: now })).execute();
}

/** The coupon's percentage off, while the customer may still use it (a coupon used up since is dropped from the totals). */
async function discountOf(store: Store, userId: string, cart: CartData): Promise<number> {
  if (!cart.coupon) return 0;
  return (await usableCoupon(store, cart.coupon, userId, 'discount').catch(() => undefined))?.discountPercent ?? 0;
}

export async function cartView(store: Store, userId: string, cart: CartData): Promise<Cart> {
  const { lines, totals } = await priceCart(store, cart, await discountOf(store, userId, cart));
  return { items: lines, locale: cart.locale, userdata: cart.userdata, business: cart.business, coupon: cart.coupon, payment: cart.payment, totals };
}

/** Loads the cart, changes it, stores it and answers its view. */
async function change(store: Store, userId: string, edit: (cart: CartData) => void | Promise<void>): Promise<Cart> {
  const cart = await loadCart(store, userId);
  await edit(cart);
  await saveCart(store, userId, cart);
  return cartView(store, userId, cart);
}

const lineOf = (cart: CartData, sku: string) => {
  const line = cart.items.find((item) => item.sku === sku);
  if (!line) throw notFound(`Cart line ${sku}`);
  return line;
};

export const addItem = (store: Store, userId: string, sku: string, quantity: number, options: Record<string, string> = {}) =>
  change(store, userId, async (cart) => {
    const product = await findProduct(store.db, sku);
    if (!product) throw notFound(`Product ${sku}`);
    requireSoldIn(product, cart.locale.currency);
    const line = cart.items.find((item) => item.sku === sku);
    const total = (line?.quantity ?? 0) + quantity;
    if (total > MAX_LINE_QUANTITY) throw conflict(`At most ${MAX_LINE_QUANTITY} of ${product.name} in one order`);
    if (line) Object.assign(line, { quantity: total, options });
    else cart.items.push({ sku, quantity, options });
  });

export const setQuantity = (store: Store, userId: string, sku: string, quantity: number) =>
  change(store, userId, (cart) => void (lineOf(cart, sku).quantity = quantity));

export const removeItem = (store: Store, userId: string, sku: string) =>
  change(store, userId, (cart) => {
    lineOf(cart, sku);
    cart.items = cart.items.filter((item) => item.sku !== sku);
  });

const requireDelivered = (country: string | undefined, field: string) => {
  if (country !== undefined && !DELIVERY_COUNTRIES.has(country)) throw badRequest(`The shop does not deliver to ${country} (${field})`);
};

export const setLocale = (store: Store, userId: string, locale: Locale) =>
  change(store, userId, async (cart) => {
    requireDelivered(locale.country, 'country');
    for (const item of cart.items) {
      const product = await findProduct(store.db, item.sku);
      if (product) requireSoldIn(product, locale.currency);
    }
    cart.locale = locale;
  });

export const setUserData = (store: Store, userId: string, userdata: ShopperData) =>
  change(store, userId, (cart) => {
    requireDelivered(userdata.billing_country, 'billing_country');
    requireDelivered(userdata.shipping_country, 'shipping_country');
    requireVatOfBillingCountry(cart.business, userdata.billing_country);
    cart.userdata = userdata;
  });

/** A business's VAT number must be of the country it is billed in. */
function requireVatOfBillingCountry(business: Business, billingCountry: string | undefined) {
  if (!business.is_business || !business.business_vat || !billingCountry) return;
  const country = vatCountry(business.business_vat.slice(0, 2));
  if (country !== billingCountry) throw badRequest(`The VAT number is of ${country}, the billing address in ${billingCountry}`);
}

export const setBusiness = (store: Store, userId: string, business: Business) =>
  change(store, userId, (cart) => {
    if (!business.is_business) {
      cart.business = { is_business: false };
      return;
    }
    if (!business.business_name || !business.business_vat) throw badRequest('A business needs business_name and business_vat');
    const vat = checkVat(business.business_vat);
    if (!vat.valid) throw badRequest(`The VAT number ${vat.vat} is not valid: ${vat.reason}`);
    const stored = { ...business, business_vat: vat.vat };
    requireVatOfBillingCountry(stored, cart.userdata.billing_country);
    cart.business = stored;
  });

export const setCoupon = (store: Store, userId: string, coupon: string | null) =>
  change(store, userId, async (cart) => {
    cart.coupon = coupon === null ? null : (await usableCoupon(store, coupon, userId, 'discount')).couponCode;
  });

export const setPayment = (store: Store, userId: string, payment: Payment) =>
  change(store, userId, (cart) => {
    requireCardToken(payment);
    cart.payment = payment;
  });

export function requireCardToken(payment: Payment): void {
  if (payment.method === 'card' && !payment.token) throw badRequest("A card payment needs the provider's card token");
}

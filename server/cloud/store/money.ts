import type { components } from '../../../generated/cloud/store.js';

export type Currency = components['schemas']['Currency'];
export type Totals = components['schemas']['Totals'];

/** Rates are basis points: 2100 is 21 %. */
export const BASIS_POINTS = 10_000;

/**
 * `amount × numerator / denominator` rounded half up, in integers: money never passes through a fraction. Amounts
 * stay far below 2^53 / 10^4, so the product is exact.
 */
export const scaleRounded = (amount: number, numerator: number, denominator: number) => Math.floor((2 * amount * numerator + denominator) / (2 * denominator));

export interface PriceInput {
  currency: Currency;
  lines: ReadonlyArray<{ price: number; quantity: number }>;
  /** The coupon's percentage off the lines, if any. */
  discountPercent?: number;
  vatRate: number;
  reverseCharge: boolean;
}

/**
 * What an order costs: the lines (prices before VAT), the coupon's share of them, VAT on what is left. VAT is taken
 * once over the order rather than per line, so that the invoice's VAT line is the rate times its base.
 */
export function computeTotals({ currency, lines, discountPercent = 0, vatRate, reverseCharge }: PriceInput): Totals {
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const discount = scaleRounded(subtotal, discountPercent, 100);
  const vat = scaleRounded(subtotal - discount, vatRate, BASIS_POINTS);
  return { currency, subtotal, discount, vatRate, vat, total: subtotal - discount + vat, reverseCharge };
}

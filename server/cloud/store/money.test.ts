import { computeTotals, scaleRounded } from './money.js';

describe('store money: totals in minor units', () => {
  it('when an amount is scaled, then it rounds half up and stays an integer', () => {
    expect(scaleRounded(14710, 10, 100)).toBe(1471);
    expect(scaleRounded(13239, 2100, 10_000)).toBe(2780); // 2780.19
    expect(scaleRounded(50, 2100, 10_000)).toBe(11); // 10.5 → 11
    expect(scaleRounded(49, 2100, 10_000)).toBe(10); // 10.29
    expect(scaleRounded(1, 50, 100)).toBe(1); // 0.5 → 1
  });

  it.each<[string, { lines: Array<{ price: number; quantity: number }>; discountPercent?: number; vatRate: number; reverseCharge?: boolean }, object]>([
    ['one line, 21 %', { lines: [{ price: 7355, quantity: 1 }], vatRate: 2100 }, { subtotal: 7355, discount: 0, vat: 1545, total: 8900 }],
    ['two lines, 10 % off, 21 %', { lines: [{ price: 7355, quantity: 2 }, { price: 1099, quantity: 3 }], discountPercent: 10, vatRate: 2100 }, { subtotal: 18007, discount: 1801, vat: 3403, total: 19609 }],
    ['Finland 25.5 %', { lines: [{ price: 32975, quantity: 1 }], vatRate: 2550 }, { subtotal: 32975, discount: 0, vat: 8409, total: 41384 }],
    ['reverse charge', { lines: [{ price: 32975, quantity: 2 }], vatRate: 0, reverseCharge: true }, { subtotal: 65950, discount: 0, vat: 0, total: 65950 }],
    ['100 % off', { lines: [{ price: 4950, quantity: 1 }], discountPercent: 100, vatRate: 2100 }, { subtotal: 4950, discount: 4950, vat: 0, total: 0 }],
    ['nothing', { lines: [], vatRate: 2100 }, { subtotal: 0, discount: 0, vat: 0, total: 0 }],
  ])('when the cart is %s, then the totals are exact', (_name, input, expected) => {
    const totals = computeTotals({ currency: 'EUR', reverseCharge: false, ...input });
    expect(totals).toEqual({ currency: 'EUR', vatRate: input.vatRate, reverseCharge: input.reverseCharge ?? false, ...expected });
    expect(totals.total).toBe(totals.subtotal - totals.discount + totals.vat);
  });
});

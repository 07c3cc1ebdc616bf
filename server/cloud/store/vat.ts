/**
 * EU VAT numbers checked offline, by the formats the EU's VIES service documents for each member state (prefix,
 * length, characters) and, where a country publishes one, its check-digit rule. Whether a number is registered
 * only VIES can say; this catches typing errors and numbers of outside the EU before an order is made.
 */

/** The seller's own country: its businesses pay VAT, those of other EU countries are reverse charged. */
export const SELLER_COUNTRY = 'NL';

/** Standard VAT rates in basis points by ISO country code (Greece's VAT prefix is EL), as of 2025. */
export const EU_VAT_RATES: ReadonlyMap<string, number> = new Map([
  ['AT', 2000], ['BE', 2100], ['BG', 2000], ['CY', 1900], ['CZ', 2100], ['DE', 1900], ['DK', 2500], ['EE', 2200], ['GR', 2400],
  ['ES', 2100], ['FI', 2550], ['FR', 2000], ['HR', 2500], ['HU', 2700], ['IE', 2300], ['IT', 2200], ['LT', 2100], ['LU', 1700],
  ['LV', 2100], ['MT', 1800], ['NL', 2100], ['PL', 2300], ['PT', 2300], ['RO', 2100], ['SE', 2500], ['SI', 2200], ['SK', 2300],
]);

const digits = (text: string) => [...text].map(Number);
const weighted = (text: string, weights: readonly number[]) => weights.reduce((sum, weight, i) => sum + weight * Number(text[i]), 0);

/** Luhn over all digits (the last is the check digit). */
function luhn(text: string): boolean {
  const sum = digits(text).reverse().reduce((total, digit, i) => total + (i % 2 ? (digit * 2 > 9 ? digit * 2 - 9 : digit * 2) : digit), 0);
  return sum % 10 === 0;
}

/** ISO 7064 MOD 11,10, Germany's rule. */
function mod11_10(text: string): boolean {
  let product = 10;
  for (const digit of digits(text.slice(0, -1))) {
    const sum = (digit + product) % 10 || 10;
    product = (2 * sum) % 11;
  }
  return (11 - product) % 10 === Number(text.at(-1));
}

/** Letters as VIES's mod 97 reads them: A is 10 ... Z is 35. */
const mod97 = (text: string) => [...text].reduce((rest, char) => Number(`${rest}${/[A-Z]/.test(char) ? char.charCodeAt(0) - 55 : char}`) % 97, 0);

interface CountryRule {
  format: RegExp;
  check?(number: string): boolean;
}

const RULES: ReadonlyMap<string, CountryRule> = new Map<string, CountryRule>([
  ['AT', { format: /^U\d{8}$/ }],
  ['BE', { format: /^[01]\d{9}$/, check: (n) => 97 - (Number(n.slice(0, 8)) % 97) === Number(n.slice(8)) }],
  ['BG', { format: /^\d{9,10}$/ }],
  ['CY', { format: /^\d{8}[A-Z]$/ }],
  ['CZ', { format: /^\d{8,10}$/ }],
  ['DE', { format: /^\d{9}$/, check: mod11_10 }],
  ['DK', { format: /^\d{8}$/, check: (n) => weighted(n, [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0 }],
  ['EE', { format: /^10\d{7}$/ }],
  ['EL', { format: /^\d{9}$/ }],
  ['ES', { format: /^[A-Z0-9]\d{7}[A-Z0-9]$/ }],
  ['FI', { format: /^\d{8}$/, check: (n) => (11 - (weighted(n, [7, 9, 10, 5, 8, 4, 2]) % 11)) % 11 === Number(n[7]) }],
  ['FR', { format: /^[A-HJ-NP-Z0-9]{2}\d{9}$/ }],
  ['HR', { format: /^\d{11}$/ }],
  ['HU', { format: /^\d{8}$/ }],
  ['IE', { format: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/ }],
  ['IT', { format: /^\d{11}$/, check: luhn }],
  ['LT', { format: /^(\d{9}|\d{12})$/ }],
  ['LU', { format: /^\d{8}$/ }],
  ['LV', { format: /^\d{11}$/ }],
  ['MT', { format: /^\d{8}$/ }],
  // Since 2020 sole traders' numbers pass mod 97 over "NL" and the number instead of the older weighted check.
  ['NL', { format: /^\d{9}B\d{2}$/, check: (n) => weighted(n, [9, 8, 7, 6, 5, 4, 3, 2]) % 11 === Number(n[8]) || mod97(`NL${n}`) === 1 }],
  ['PL', { format: /^\d{10}$/, check: (n) => weighted(n, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11 === Number(n[9]) }],
  ['PT', { format: /^\d{9}$/ }],
  ['RO', { format: /^[1-9]\d{1,9}$/ }],
  ['SE', { format: /^\d{10}01$/, check: (n) => luhn(n.slice(0, 10)) }],
  ['SI', { format: /^[1-9]\d{7}$/ }],
  ['SK', { format: /^[1-9]\d{9}$/ }],
]);

export interface VatCheck {
  vat: string;
  valid: boolean;
  countryCode?: string;
  reason?: string;
}

/** The country a VAT prefix stands for (EL is Greece). */
export const vatCountry = (prefix: string) => (prefix === 'EL' ? 'GR' : prefix);

/** Whether `input` is a well-formed EU VAT number; spaces, dots and dashes are ignored, case too. */
export function checkVat(input: string): VatCheck {
  const vat = input.toUpperCase().replace(/[\s.-]/g, '');
  const prefix = vat.slice(0, 2);
  if (!/^[A-Z]{2}$/.test(prefix)) return { vat, valid: false, reason: 'A VAT number starts with the two letters of its country' };
  const rule = RULES.get(prefix);
  if (!rule) return { vat, valid: false, reason: `${prefix} is not an EU country code${prefix === 'GR' ? ' (Greek numbers start with EL)' : ''}` };
  const number = vat.slice(2);
  if (!rule.format.test(number)) return { vat, valid: false, countryCode: prefix, reason: `Not the format of ${prefix} VAT numbers` };
  if (rule.check && !rule.check(number)) return { vat, valid: false, countryCode: prefix, reason: 'The check digits do not match: is there a typing error?' };
  return { vat, valid: true, countryCode: prefix };
}

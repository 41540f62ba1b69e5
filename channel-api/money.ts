/* Money is stored in whole cents and travels as decimal amounts (spec: "price": 9.99).
 * Every conversion and every amount written for a fan goes through this module; amounts are
 * computed on the server only. */

export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number): number => cents / 100;

/* The web app's rule (formatMoney in app/domain/price-title.ts), so a mail, a sandbox page and a
 * page of the site write an amount alike: the currency's symbol where it has one ('$' for USD and
 * CAD, as the spec wants), else its code and a space; then the amount with two decimals. */
const SYMBOLS: Readonly<Record<string, string>> = { USD: '$', CAD: '$', EUR: '€', GBP: '£' };

/** '$5.00', '€5.00', 'CHF 5.00'. */
export const formatMoney = (cents: number, currency: string): string => `${SYMBOLS[currency] ?? `${currency} `}${fromCents(cents).toFixed(2)}`;

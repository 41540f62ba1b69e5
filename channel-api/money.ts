/* Money is stored in whole cents and travels as decimal amounts (spec: "price": 9.99).
 * Every conversion goes through these two functions; amounts are computed on the server only. */

export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number): number => cents / 100;

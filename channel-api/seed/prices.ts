import { currencyDigits } from '../../contract/money.ts';

/* A channel description's prices (`price`, `base_price`, `service_fee`, a coupon's `amount_off` and
 * `minimum_amount`) are written by an operator as decimals of the channel's currency, the way a
 * price is read: 9.99 for $9.99, 500 for ¥500, 1.25 for 1.250 BHD. The channel keeps and sends
 * integer minor units (ADR 043), so they are converted here, once, when the description is loaded
 * (the demo seed and `npm run import:channel`), with the currency's own digits. A price finer than
 * its currency's minor unit (9.999 in USD, 9.5 in JPY) is refused by the description's schema
 * rather than rounded, so an operator's typo does not change a price silently. */

/** Why the currency cannot hold the price exactly (more decimals than its minor unit has), or null. */
export function priceRefusal(price: number, currency: string): string | null {
  const digits = currencyDigits(currency);
  const units = price * 10 ** digits;
  // A decimal written with the right digits is off by far less than this once in binary (9.99 × 100 = 998.9999…).
  if (Math.abs(units - Math.round(units)) < 1e-6) return null;
  return digits === 0 ? `a price in ${currency} has no decimals` : `a price in ${currency} has at most ${digits} decimals`;
}

/** 9.99 USD → 999, 500 JPY → 500, 1.25 BHD → 1250. */
export function toMinorUnits(price: number, currency: string): number {
  return Math.round(price * 10 ** currencyDigits(currency));
}

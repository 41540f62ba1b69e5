import { formatMoney } from '#contract/money';

/* Price titles (spec sections 3 and 9): currency symbol, base price and '/period', plus the
 * offer when it bills differently from the period (the amount itself: contract/money.ts). */

const PERIOD_LABELS: Readonly<Record<string, string>> = {
  month: 'month',
  monthly: 'month',
  annual: 'year',
  year: 'year',
  yearly: 'year',
};

const OFFER_LABELS: Readonly<Record<string, string>> = { monthly: 'billed monthly', annual: 'billed annually' };

interface Priced {
  /** In the currency's minor units, as the channel sends it. */
  base_price: number;
  period?: string | null;
  offer?: string | null;
}

const periodLabel = (p: string) => PERIOD_LABELS[p.toLowerCase()] ?? p.toLowerCase();

/** '$9.99/month' (base_price 999), '$8.25/month, billed annually', '$49.00/season', 'Free'. */
export function priceTitle(product: Priced, currency?: string | null): string {
  if (!Number.isFinite(product.base_price) || product.base_price <= 0) return 'Free';
  let title = formatMoney(product.base_price, currency);
  const period = product.period?.trim();
  if (period) title += `/${periodLabel(period)}`;
  const offer = product.offer?.trim().toLowerCase();
  if (offer && (!period || periodLabel(offer) !== periodLabel(period))) {
    title += `, ${OFFER_LABELS[offer] ?? offer}`;
  }
  return title;
}

/* Price titles (spec sections 3 and 9): currency symbol, base price and '/period', plus the
 * offer when it bills differently from the period. Default currency USD; USD and CAD use '$'. */

export const DEFAULT_CURRENCY = 'USD';

const SYMBOLS: Readonly<Record<string, string>> = { USD: '$', CAD: '$', EUR: '€', GBP: '£' };

const PERIOD_LABELS: Readonly<Record<string, string>> = {
  month: 'month',
  monthly: 'month',
  annual: 'year',
  year: 'year',
  yearly: 'year',
};

const OFFER_LABELS: Readonly<Record<string, string>> = { monthly: 'billed monthly', annual: 'billed annually' };

export function normaliseCurrency(currency: string | null | undefined): string {
  const c = (currency ?? '').trim().toUpperCase();
  return /^[A-Z]{3}$/.test(c) ? c : DEFAULT_CURRENCY;
}

export function currencySymbol(currency: string | null | undefined): string {
  const c = normaliseCurrency(currency);
  return SYMBOLS[c] ?? `${c} `;
}

export function formatMoney(amount: number, currency?: string | null): string {
  const safe = Number.isFinite(amount) && amount > 0 ? amount : 0;
  return `${currencySymbol(currency)}${safe.toFixed(2)}`;
}

interface Priced {
  base_price: number;
  period?: string | null;
  offer?: string | null;
}

const periodLabel = (p: string) => PERIOD_LABELS[p.toLowerCase()] ?? p.toLowerCase();

/** '$9.99/month', '$8.25/month, billed annually', '$49.00/season', 'Free'. */
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

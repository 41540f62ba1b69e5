/* Money as a fan reads it, the web app's one money module: currency symbol and two decimals.
 * Default currency USD; USD and CAD use '$'. */

const DEFAULT_CURRENCY = 'USD';

const SYMBOLS: Readonly<Record<string, string>> = { USD: '$', CAD: '$', EUR: '€', GBP: '£' };

function normaliseCurrency(currency: string | null | undefined): string {
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

/* Money as a fan reads it, one rule for both sides: the web app's pages and the channel API's
 * mails and sandbox pages (ADR 043). Amounts are integer minor units of the currency, as the wire
 * carries them (`money` in http.ts): cents for USD, yen for JPY (no minor unit), fils for BHD
 * (three digits). Intl knows each currency's digits; the symbol is ours: '$' for USD and CAD (the
 * spec's rule: Intl would write CAD as 'CA$'), '€', '£' and '¥' for EUR, GBP and JPY, and any other
 * currency is written as its code and a space ('CHF 5.00'), as the product has always shown it.
 * Default currency USD (spec section 9), also for a code that is not three letters.
 * In French (issue 36, ADR 055) Intl's fr-FR writes the amount, its narrow symbol after it
 * ('5,00 $' for USD and CAD alike, the spec's '$'; '1 234,50 €'); a currency without a symbol
 * keeps its code ('5,00 CHF'). */
import { intlLocale, type Locale } from './locale.ts';

const DEFAULT_CURRENCY = 'USD';
const SYMBOLS: Readonly<Record<string, string>> = { USD: '$', CAD: '$', EUR: '€', GBP: '£', JPY: '¥' };

interface CurrencyFormat {
  prefix: string;
  /** The currency's minor-unit digits (ISO 4217, as Intl has them). */
  digits: number;
  number: Intl.NumberFormat;
}

/* Building an Intl.NumberFormat costs far more than formatting with one (it loads locale and
   currency data): a page or a mail formats many amounts, so formats are kept per currency. The
   codes are checked first, so the map holds real-looking codes only, and at most this many. */
const MAX_CURRENCIES = 50;
const formats = new Map<string, CurrencyFormat>();
const localFormats = new Map<string, Intl.NumberFormat>();

function currencyCode(currency: string | null | undefined): string {
  const code = (currency ?? '').trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : DEFAULT_CURRENCY;
}

function currencyFormat(currency: string | null | undefined): CurrencyFormat {
  const code = currencyCode(currency);
  let format = formats.get(code);
  if (!format) {
    const digits = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    format = {
      prefix: SYMBOLS[code] ?? `${code} `,
      digits,
      number: new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }),
    };
    if (formats.size < MAX_CURRENCIES) formats.set(code, format);
  }
  return format;
}

/** How many digits the currency's minor unit has: 2 for USD, 0 for JPY, 3 for BHD. */
export function currencyDigits(currency: string | null | undefined): number {
  return currencyFormat(currency).digits;
}

/**
 * An amount in the currency's minor units as a fan reads it: formatMoney(500, 'USD') → '$5.00',
 * (500, 'JPY') → '¥500', (5250, 'BHD') → 'BHD 5.250', (123450, 'EUR') → '€1,234.50'; in French
 * (500, 'USD', 'fr') → '5,00 $'. A fraction of
 * a minor unit is rounded to the nearest one. An amount is never negative on the wire (the contract
 * refuses one), so a negative or non-finite amount can only be a bug: it is written as 0 rather
 * than break the page or the mail (the web app's rule before ADR 043).
 */
export function formatMoney(minorUnits: number, currency?: string | null, locale: Locale = 'en'): string {
  const { prefix, digits, number } = currencyFormat(currency);
  const units = Number.isFinite(minorUnits) && minorUnits > 0 ? Math.round(minorUnits) : 0;
  if (locale !== 'en') return localFormat(currencyCode(currency), digits, locale).format(units / 10 ** digits);
  return `${prefix}${number.format(units / 10 ** digits)}`;
}

/** A currency's format in another locale than English: Intl's, with the narrow symbol ('$'). */
function localFormat(code: string, digits: number, locale: Locale): Intl.NumberFormat {
  const key = `${locale} ${code}`;
  let format = localFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    if (localFormats.size < MAX_CURRENCIES) localFormats.set(key, format);
  }
  return format;
}

import { formatMoney } from '#contract/money';
import { ENGLISH, type AppTranslator } from '~/i18n/english';

/* Price titles (spec sections 3 and 9): currency symbol, base price and '/period', plus the
 * offer when it bills differently from the period (the amount itself: contract/money.ts); in the
 * fan's language (issue 36: '9,99 $/mois'), English by default. */

type Period = 'month' | 'year' | 'season';

const PERIODS: Readonly<Record<string, Period>> = {
  month: 'month',
  monthly: 'month',
  annual: 'year',
  year: 'year',
  yearly: 'year',
  season: 'season',
};

const PERIOD_IDS = { month: 'commerce.per.month', year: 'commerce.per.year', season: 'commerce.per.season' } as const;
const OFFER_IDS: Readonly<Record<string, 'commerce.billed.monthly' | 'commerce.billed.annually'>> = {
  monthly: 'commerce.billed.monthly',
  annual: 'commerce.billed.annually',
};

interface Priced {
  /** In the currency's minor units, as the channel sends it. */
  base_price: number;
  period?: string | null;
  offer?: string | null;
}

const periodKey = (p: string) => PERIODS[p.toLowerCase()] ?? p.toLowerCase();

/** '$9.99/month' (base_price 999), '$8.25/month, billed annually', '$49.00/season', 'Free'. */
export function priceTitle(product: Priced, currency?: string | null, i18n: AppTranslator = ENGLISH): string {
  const { t, locale } = i18n;
  if (!Number.isFinite(product.base_price) || product.base_price <= 0) return t('commerce.free');
  let title = formatMoney(product.base_price, currency, locale);
  const period = product.period?.trim();
  const label = (key: string) => (Object.hasOwn(PERIOD_IDS, key) ? t(PERIOD_IDS[key as Period]) : key);
  if (period) title += `/${label(periodKey(period))}`;
  const offer = product.offer?.trim().toLowerCase();
  if (offer && (!period || periodKey(offer) !== periodKey(period))) {
    const id = OFFER_IDS[offer];
    title += `, ${id ? t(id) : offer}`;
  }
  return title;
}

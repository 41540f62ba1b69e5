/* Saved cards in the fan's words (ADR 018), in their language (issue 36). */
import { ENGLISH, type AppTranslator } from '~/i18n/english';

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/** How a saved card is named to the fan: 'Visa ending 4242, expires 12/34'. */
export function cardLabel(c: { brand: string; last4: string; exp_month: number; exp_year: number }, t: AppTranslator['t'] = ENGLISH.t): string {
  const brand = BRANDS[c.brand] ?? (c.brand ? c.brand[0].toUpperCase() + c.brand.slice(1) : t('commerce.card'));
  return t('commerce.cardLabel', {
    brand,
    last4: c.last4,
    expires: `${String(c.exp_month).padStart(2, '0')}/${String(c.exp_year % 100).padStart(2, '0')}`,
  });
}

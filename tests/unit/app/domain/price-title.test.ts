import { describe, expect, it } from 'vitest';
import { priceTitle } from '~/domain/price-title';
import { appTranslator } from '~/i18n/english';

/* base_price as the channel sends it: the currency's minor units (ADR 043). */

describe('price title', () => {
  it("shows symbol, base price and '/period'", () => {
    expect(priceTitle({ base_price: 999, period: 'month', offer: 'monthly' }, 'USD')).toBe('$9.99/month');
    expect(priceTitle({ base_price: 9900, period: 'annual', offer: 'annual' }, 'USD')).toBe('$99.00/year');
    expect(priceTitle({ base_price: 4950, period: 'season' }, 'CAD')).toBe('$49.50/season');
  });

  it('adds the offer when it bills differently from the period', () => {
    expect(priceTitle({ base_price: 825, period: 'month', offer: 'annual' }, 'USD')).toBe('$8.25/month, billed annually');
  });

  it('works without a period', () => {
    expect(priceTitle({ base_price: 499, period: null }, 'USD')).toBe('$4.99');
    expect(priceTitle({ base_price: 499, offer: 'monthly' }, 'USD')).toBe('$4.99, billed monthly');
  });

  it('writes the amount in the channel’s currency, with its own digits; USD when the channel names none', () => {
    expect(priceTitle({ base_price: 1299, period: 'month' }, 'EUR')).toBe('€12.99/month');
    expect(priceTitle({ base_price: 1500, period: 'month' }, 'JPY')).toBe('¥1,500/month');
    expect(priceTitle({ base_price: 4250, period: 'season' }, 'KWD')).toBe('KWD 4.250/season');
    expect(priceTitle({ base_price: 1299, period: 'month' }, null)).toBe('$12.99/month');
  });

  it('says Free for a zero or broken price', () => {
    expect(priceTitle({ base_price: 0, period: 'month' }, 'USD')).toBe('Free');
    expect(priceTitle({ base_price: Number.NaN }, 'USD')).toBe('Free');
  });

  it('writes a French price title in fr-FR with the narrow symbol, its period and offer in French', () => {
    const fr = appTranslator('fr');
    expect(priceTitle({ base_price: 999, period: 'monthly' }, 'USD', fr)).toBe('9,99\u00a0$/mois');
    expect(priceTitle({ base_price: 825, period: 'month', offer: 'annual' }, 'CAD', fr)).toBe('8,25\u00a0$/mois, facturé chaque année');
    expect(priceTitle({ base_price: 123450, period: 'season' }, 'EUR', fr)).toBe('1\u202f234,50\u00a0€/saison');
    expect(priceTitle({ base_price: 0 }, 'USD', fr)).toBe('Gratuit');
  });
});

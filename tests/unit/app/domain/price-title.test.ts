import { describe, expect, it } from 'vitest';
import { priceTitle } from '~/domain/price-title';

describe('price title', () => {
  it("shows symbol, base price and '/period'", () => {
    expect(priceTitle({ base_price: 9.99, period: 'month', offer: 'monthly' }, 'USD')).toBe('$9.99/month');
    expect(priceTitle({ base_price: 99, period: 'annual', offer: 'annual' }, 'USD')).toBe('$99.00/year');
    expect(priceTitle({ base_price: 49.5, period: 'season' }, 'CAD')).toBe('$49.50/season');
  });

  it('adds the offer when it bills differently from the period', () => {
    expect(priceTitle({ base_price: 8.25, period: 'month', offer: 'annual' }, 'USD')).toBe('$8.25/month, billed annually');
  });

  it('works without a period', () => {
    expect(priceTitle({ base_price: 4.99, period: null }, 'USD')).toBe('$4.99');
    expect(priceTitle({ base_price: 4.99, offer: 'monthly' }, 'USD')).toBe('$4.99, billed monthly');
  });

  it('says Free for a zero or broken price', () => {
    expect(priceTitle({ base_price: 0, period: 'month' }, 'USD')).toBe('Free');
    expect(priceTitle({ base_price: Number.NaN }, 'USD')).toBe('Free');
  });
});

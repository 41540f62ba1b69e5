import { describe, expect, it } from 'vitest';
import { priceRefusal, toMinorUnits } from '../../../../channel-api/seed/prices.ts';

/* A channel description's prices are decimals an operator writes; the channel keeps minor units. */

describe('a description’s price in minor units', () => {
  it('uses the currency’s own digits', () => {
    expect(toMinorUnits(9.99, 'USD')).toBe(999);
    expect(toMinorUnits(47.99, 'CAD')).toBe(4799);
    expect(toMinorUnits(0.1 + 0.2, 'EUR')).toBe(30);
    expect(toMinorUnits(500, 'JPY')).toBe(500);
    expect(toMinorUnits(1.25, 'BHD')).toBe(1250);
    expect(toMinorUnits(0, 'USD')).toBe(0);
    expect(toMinorUnits(20, 'usd')).toBe(2000);
  });

  it('refuses a price finer than the currency’s minor unit, and says why', () => {
    for (const [price, currency] of [
      [9.99, 'USD'],
      [1_000_000.01, 'USD'],
      [500, 'JPY'],
      [1.005, 'KWD'],
      [0.1 + 0.2, 'USD'],
    ] as const)
      expect(priceRefusal(price, currency)).toBeNull();
    expect(priceRefusal(9.999, 'USD')).toBe('a price in USD has at most 2 decimals');
    expect(priceRefusal(500.5, 'JPY')).toBe('a price in JPY has no decimals');
    expect(priceRefusal(1.0005, 'BHD')).toBe('a price in BHD has at most 3 decimals');
  });
});

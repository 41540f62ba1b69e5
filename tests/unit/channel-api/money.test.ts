import { describe, expect, it } from 'vitest';
import { formatMoney, fromCents, toCents } from '../../../channel-api/money.ts';

describe('money', () => {
  it('converts between the wire amount and cents', () => {
    expect(toCents(9.99)).toBe(999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(fromCents(4799)).toBe(47.99);
  });

  it('writes an amount as the web app does: a symbol where the currency has one, else its code', () => {
    expect(formatMoney(500, 'USD')).toBe('$5.00');
    expect(formatMoney(1999, 'CAD')).toBe('$19.99');
    expect(formatMoney(250, 'EUR')).toBe('€2.50');
    expect(formatMoney(0, 'GBP')).toBe('£0.00');
    expect(formatMoney(1250, 'CHF')).toBe('CHF 12.50');
  });
});

import { describe, expect, it } from 'vitest';
import { currencySymbol, formatMoney } from '~/domain/money';

describe('money', () => {
  it('uses USD by default and $ for USD and CAD', () => {
    expect(currencySymbol(undefined)).toBe('$');
    expect(currencySymbol('')).toBe('$');
    expect(currencySymbol('cad')).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('AUD')).toBe('AUD ');
    expect(currencySymbol('not-a-code')).toBe('$');
    expect(formatMoney(12, null)).toBe('$12.00');
  });
});

import { describe, expect, it } from 'vitest';
import { currencyDigits, formatMoney } from '../../../contract/money.ts';

/* The one way an amount is written for a fan, on a page, in a mail or on a sandbox page: integer
   minor units in, the currency's own digits out, with the spec's '$' for USD and CAD. */

describe('formatMoney', () => {
  it("writes USD and CAD with '$' (the spec's rule; never 'CA$'), EUR with '€', GBP with '£'", () => {
    expect(formatMoney(500, 'USD')).toBe('$5.00');
    expect(formatMoney(999, 'USD')).toBe('$9.99');
    expect(formatMoney(1999, 'CAD')).toBe('$19.99');
    expect(formatMoney(250, 'EUR')).toBe('€2.50');
    expect(formatMoney(4799, 'GBP')).toBe('£47.99');
  });

  it('uses the currency’s own minor unit: none for JPY, three digits for BHD and KWD', () => {
    expect(formatMoney(500, 'JPY')).toBe('¥500');
    expect(formatMoney(5250, 'BHD')).toBe('BHD 5.250');
    expect(formatMoney(1, 'KWD')).toBe('KWD 0.001');
    expect([currencyDigits('USD'), currencyDigits('JPY'), currencyDigits('BHD')]).toEqual([2, 0, 3]);
  });

  it('writes any other currency as its code and a space', () => {
    expect(formatMoney(1250, 'CHF')).toBe('CHF 12.50');
    expect(formatMoney(1250, 'AUD')).toBe('AUD 12.50');
  });

  it('reads the code without regard to case or spaces; a missing or malformed one is USD (the default currency)', () => {
    expect(formatMoney(500, 'cad')).toBe('$5.00');
    expect(formatMoney(500, ' eur ')).toBe('€5.00');
    for (const currency of [undefined, null, '', 'US', 'US$', 'dollars', '12€']) expect(formatMoney(1200, currency)).toBe('$12.00');
    expect(currencyDigits('not-a-code')).toBe(2);
  });

  it('writes 0, and groups thousands', () => {
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(0, 'JPY')).toBe('¥0');
    expect(formatMoney(123_450, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(1_500_000, 'JPY')).toBe('¥1,500,000');
  });

  it('rounds a fraction of a minor unit to the nearest one', () => {
    expect(formatMoney(999.4, 'USD')).toBe('$9.99');
    expect(formatMoney(999.5, 'USD')).toBe('$10.00');
    expect(formatMoney(0.5, 'JPY')).toBe('¥1');
  });

  it('writes a negative or non-finite amount, which the wire never carries, as 0', () => {
    expect(formatMoney(-500, 'USD')).toBe('$0.00');
    expect(formatMoney(Number.NaN, 'GBP')).toBe('£0.00');
    expect(formatMoney(Number.POSITIVE_INFINITY, 'JPY')).toBe('¥0');
  });

  it('writes every currency alike past the number of formats it keeps', () => {
    const codes = Array.from({ length: 120 }, (_, i) => `X${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`);
    for (const code of codes) expect(formatMoney(100, code)).toBe(`${code} 1.00`);
    expect(formatMoney(100, 'USD')).toBe('$1.00');
    expect(formatMoney(100, codes[119])).toBe(`${codes[119]} 1.00`);
  });
});

describe('formatMoney in French (issue 36)', () => {
  const nbsp = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');
  it("writes fr-FR's digits with the symbol after, '$' for USD and CAD alike (the spec's rule, never '$US')", () => {
    expect(nbsp(formatMoney(500, 'USD', 'fr'))).toBe('5,00 $');
    expect(nbsp(formatMoney(1999, 'CAD', 'fr'))).toBe('19,99 $');
    expect(nbsp(formatMoney(123450, 'EUR', 'fr'))).toBe('1 234,50 €');
    expect(nbsp(formatMoney(500, 'JPY', 'fr'))).toBe('500 ¥');
    expect(nbsp(formatMoney(500, 'CHF', 'fr'))).toBe('5,00 CHF');
    expect(nbsp(formatMoney(-5, 'USD', 'fr'))).toBe('0,00 $');
  });
});

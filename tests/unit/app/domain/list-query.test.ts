import { describe, expect, it } from 'vitest';
import { id } from '#contract/http';
import { pageCount, positiveInt, searchOf, searchText } from '~/domain/list-query';

describe('list query helpers', () => {
  it('drops control characters from search text and bounds it', () => {
    expect(searchText('  Final\u0000\u0007 game\u007f ')).toBe('Final game');
    expect(searchText('x'.repeat(300))).toHaveLength(100);
    expect(searchText(null)).toBe('');
  });

  it('leaves unset values out of the query string', () => {
    expect(searchOf({ a: 'x', b: '', c: null, d: undefined, e: false, f: 3 })).toBe('?a=x&f=3');
    expect(searchOf({ a: '' })).toBe('');
  });

  it('counts at least one page', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });

  /* positiveInt reads ids without zod (a page's script); the channel API's schema, `id`, must agree
     with it on every text a query string can bring. */
  it('reads an id as the id schema does', () => {
    const texts = ['1', '7', '0007', '2147483647', '2147483648', '0', '-1', '', ' 7', '1.5', '1e3', 'abc', '\u0661', '99999999999', '12a'];
    for (const text of texts) {
      const parsed = id.safeParse(text);
      // The schema also takes '1e3' (Number coerces it): a query string's id is digits, around which positiveInt trims.
      const schema = parsed.success && /^\d+$/.test(text.trim()) ? parsed.data : null;
      expect(positiveInt(text), text).toBe(schema);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { pageCount, searchOf, searchText } from '~/domain/list-query';

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
});

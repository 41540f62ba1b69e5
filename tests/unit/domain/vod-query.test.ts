import { describe, expect, it } from 'vitest';
import { pageCount, searchOf, searchText } from '~/domain/list-query';
import { isSearch, parseVodQuery, vodHref, vodSearchFor } from '~/domain/vod-query';

const parse = (qs: string) => parseVodQuery(new URLSearchParams(qs));

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

describe('on-demand library query', () => {
  it('reads title, category and page', () => {
    expect(parse('title=Final&category=2&page=3')).toEqual({ title: 'Final', category: 2, page: 3 });
  });

  it('drops bad values instead of failing', () => {
    expect(parse('title=%00&category=-1&page=abc')).toEqual({ title: '', category: null, page: 1 });
    expect(isSearch(parse('category=x'))).toBe(false);
  });

  it('asks the channel for the page asked for, ten at a time (spec default)', () => {
    expect(vodSearchFor(parse('title=Cup&page=2'))).toEqual({ title: 'Cup', offset: 10, limit: 10 });
    expect(vodSearchFor(parse('category=4'))).toEqual({ title: '', category: 4, offset: 0, limit: 10 });
  });

  it('writes addresses without defaults', () => {
    const q = parse('title=Cup&category=4&page=2');
    expect(vodHref(q, { page: 3 })).toBe('/vod_library?title=Cup&category=4&page=3');
    expect(vodHref(q, { category: null, page: 1 })).toBe('/vod_library?title=Cup');
    expect(vodHref(parse(''))).toBe('/vod_library');
  });
});

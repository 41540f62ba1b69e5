import { describe, expect, it } from 'vitest';
import { isSearch, parseVodQuery, vodHref, vodSearchFor } from '~/domain/vod-query';

const parse = (qs: string) => parseVodQuery(new URLSearchParams(qs));

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

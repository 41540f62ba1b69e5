import { describe, expect, it } from 'vitest';
import { memoBySource } from '~/domain/memo';

describe('memoBySource', () => {
  const titles = memoBySource((menu: { items: string[] }) => ({ titles: menu.items.map((i) => i.toUpperCase()) }));

  it('gives every request the same result while the source is the same object', () => {
    const menu = { items: ['home', 'live'] };
    expect(titles(menu)).toEqual({ titles: ['HOME', 'LIVE'] });
    expect(titles(menu)).toBe(titles(menu));
  });

  it('works a new source out afresh (the cache fetched the content again)', () => {
    const before = titles({ items: ['home'] });
    expect(titles({ items: ['home', 'vod'] })).toEqual({ titles: ['HOME', 'VOD'] });
    expect(titles({ items: ['home'] })).not.toBe(before);
  });

  it('hands out a frozen result, so no caller can change it for the others', () => {
    const result = titles({ items: ['home'] });
    expect(() => result.titles.push('X')).toThrow(TypeError);
    expect(Object.isFrozen(result)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { createMicrocache, pageKey } from '../../../server/microcache.ts';

/* The server's microcache of anonymous pages: kept for the TTL, bounded by bytes, and a page that
   read the visitor's region only ever served to a visitor of that region. */

const page = (body: string, status = 200) => ({
  status,
  statusText: 'OK',
  headers: [['content-type', 'text/html']] as [string, string][],
  body: Buffer.from(body),
});
const text = (stored: { body: Buffer } | null) => stored?.body.toString() ?? null;
const noRegion = () => undefined;

function clockedCache(maxBytes = 1_000_000) {
  let now = 1_000;
  const cache = createMicrocache({ maxBytes, ttlMs: 10_000, now: () => now });
  return { cache, tick: (ms: number) => (now += ms) };
}

describe('microcache', () => {
  it('serves a stored page until the TTL runs out, with when it was stored', () => {
    const { cache, tick } = clockedCache();
    const key = pageKey('http://localhost:3000/upcoming', 'full');
    expect(cache.get(key, noRegion)).toBeNull();
    cache.set(key, null, page('<h1>Upcoming</h1>'));
    tick(9_999);
    expect(text(cache.get(key, noRegion))).toBe('<h1>Upcoming</h1>');
    expect(cache.get(key, noRegion)?.storedAt).toBe(1_000);
    tick(2);
    expect(cache.get(key, noRegion)).toBeNull();
  });

  it('admits a page from its second request within the TTL: a URL asked once is never kept', () => {
    const { cache, tick } = clockedCache();
    const popular = pageKey('http://localhost:3000/', 'full');
    expect(cache.admit(popular), 'first request: rendered, not kept').toBe(false);
    tick(5_000);
    expect(cache.admit(popular), 'second request within the TTL: kept').toBe(true);
    expect(cache.admit(popular)).toBe(true);
    const once = pageKey('http://localhost:3000/?utm=abc', 'full');
    expect(cache.admit(once)).toBe(false);
    tick(10_001);
    expect(cache.admit(once), 'asked again after the TTL: as if new').toBe(false);
    expect(cache.admit(pageKey('http://localhost:3000/?utm=abc', 'lite')), 'another variant is another page').toBe(false);
  });

  it('keeps the URL, its query and the page variant apart', () => {
    const { cache } = clockedCache();
    cache.set(pageKey('http://localhost:3000/upcoming?page=2', 'full'), null, page('two'));
    expect(cache.get(pageKey('http://localhost:3000/upcoming', 'full'), noRegion)).toBeNull();
    expect(cache.get(pageKey('http://localhost:3000/upcoming?page=2', 'lite'), noRegion)).toBeNull();
    expect(cache.get(pageKey('http://example.test/upcoming?page=2', 'full'), noRegion)).toBeNull();
    expect(text(cache.get(pageKey('http://localhost:3000/upcoming?page=2', 'full'), noRegion))).toBe('two');
  });

  it('serves a regional page only to a visitor of that region, and renders for one whose region is not known yet', () => {
    const { cache } = clockedCache();
    const key = pageKey('http://localhost:3000/watch/45', 'full');
    cache.set(key, 'US', page('blocked'));
    cache.set(key, 'CA', page('plays'));
    expect(text(cache.get(key, () => 'US'))).toBe('blocked');
    expect(text(cache.get(key, () => 'CA'))).toBe('plays');
    expect(cache.get(key, () => 'GB')).toBeNull();
    expect(cache.get(key, noRegion)).toBeNull();
  });

  it('stays within its bytes: the least recently used page goes first, and a page larger than the cache is not kept', () => {
    const { cache } = clockedCache(10_000);
    const big = 'x'.repeat(3_000);
    for (const n of [1, 2, 3]) cache.set(pageKey(`http://h/${n}`, 'full'), null, page(big));
    cache.get(pageKey('http://h/1', 'full'), noRegion);
    cache.set(pageKey('http://h/4', 'full'), null, page(big));
    expect(cache.size()).toBeLessThanOrEqual(10_000);
    expect(cache.get(pageKey('http://h/2', 'full'), noRegion)).toBeNull();
    expect(text(cache.get(pageKey('http://h/1', 'full'), noRegion))).toBe(big);
    cache.set(pageKey('http://h/huge', 'full'), null, page('y'.repeat(20_000)));
    expect(cache.get(pageKey('http://h/huge', 'full'), noRegion)).toBeNull();
    expect(text(cache.get(pageKey('http://h/4', 'full'), noRegion))).toBe(big);
  });
});

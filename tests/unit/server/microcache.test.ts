import zlib from 'node:zlib';
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

  it('compresses a kept page once, Brotli and gzip of the same bytes, and counts them in its size', async () => {
    const { cache } = clockedCache();
    const key = pageKey('http://localhost:3000/', 'full');
    const html = '<li>Lakeview @ Northside</li>'.repeat(200);
    cache.set(key, null, page(html));
    expect(cache.get(key, noRegion)?.encoded, 'sent as it is until compressed').toBeNull();
    const before = cache.size();
    await cache.compressed();
    const encoded = cache.get(key, noRegion)!.encoded!;
    expect(zlib.brotliDecompressSync(encoded.br).toString()).toBe(html);
    expect(zlib.gunzipSync(encoded.gzip).toString()).toBe(html);
    expect(cache.size()).toBe(before + encoded.br.length + encoded.gzip.length);
    expect(cache.get(key, noRegion)?.storedAt, 'still the copy stored then').toBe(1_000);
  });

  it('keeps a regional copy compressed for its region, and leaves a page under the threshold as it is', async () => {
    const { cache } = clockedCache();
    const key = pageKey('http://localhost:3000/watch/45', 'full');
    cache.set(key, 'CA', page('plays '.repeat(500)));
    const small = pageKey('http://localhost:3000/tiny', 'full');
    cache.set(small, null, page('<p>small</p>'));
    await cache.compressed();
    expect(zlib.gunzipSync(cache.get(key, () => 'CA')!.encoded!.gzip).toString()).toBe('plays '.repeat(500));
    expect(cache.get(small, noRegion)?.encoded).toBeNull();
  });

  it("never puts an older copy's compression on a newer copy, nor revives an expired page", async () => {
    let release: () => void = () => {};
    const compress = async (body: Buffer) => {
      await new Promise<void>((resolve) => (release = resolve));
      return { br: zlib.brotliCompressSync(body), gzip: zlib.gzipSync(body) };
    };
    let now = 1_000;
    const cache = createMicrocache({ maxBytes: 1_000_000, ttlMs: 10_000, now: () => now, compress });
    const key = pageKey('http://localhost:3000/upcoming', 'full');
    cache.set(key, null, page('old '.repeat(400)));
    await Promise.resolve();
    cache.set(key, null, page('new '.repeat(400)));
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    await cache.compressed();
    expect(zlib.gunzipSync(cache.get(key, noRegion)!.encoded!.gzip).toString()).toBe('new '.repeat(400));

    const gone = pageKey('http://localhost:3000/faq', 'full');
    cache.set(gone, null, page('faq '.repeat(400)));
    now += 10_001;
    release();
    await cache.compressed();
    expect(cache.get(gone, noRegion)).toBeNull();
  });
});

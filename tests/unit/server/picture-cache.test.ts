import { describe, expect, it } from 'vitest';
import { createPictureCache, encodingKey, MAX_PICTURE_BYTES, sharedLifetimeMs } from '../../../server/picture-cache.ts';

describe('the picture cache (server/picture-cache.ts)', () => {
  it('keeps only what a shared cache may keep, for its max-age', () => {
    expect(sharedLifetimeMs(200, { 'cache-control': 'public, max-age=300' })).toBe(300_000);
    expect(sharedLifetimeMs(200, { 'cache-control': 'max-age=60, public', vary: 'Accept-Encoding' })).toBe(60_000);
    expect(sharedLifetimeMs(200, { 'cache-control': 'max-age=300' })).toBeNull();
    expect(sharedLifetimeMs(200, { 'cache-control': 'public, private, max-age=300' })).toBeNull();
    expect(sharedLifetimeMs(200, { 'cache-control': 'public, no-store, max-age=300' })).toBeNull();
    expect(sharedLifetimeMs(200, { 'cache-control': 'public, no-cache, max-age=300' })).toBeNull();
    expect(sharedLifetimeMs(200, { 'cache-control': 'public, max-age=300, s-maxage=0' })).toBeNull();
    expect(sharedLifetimeMs(200, { 'cache-control': 'public' })).toBeNull();
    expect(sharedLifetimeMs(200, { 'cache-control': 'public, max-age=0' })).toBeNull();
    expect(sharedLifetimeMs(200, { 'cache-control': 'public, max-age=abc' })).toBeNull();
    expect(sharedLifetimeMs(206, { 'cache-control': 'public, max-age=300' })).toBeNull();
    expect(sharedLifetimeMs(404, { 'cache-control': 'public, max-age=300' })).toBeNull();
    expect(sharedLifetimeMs(200, { 'cache-control': 'public, max-age=300', 'set-cookie': ['a=1'] })).toBeNull();
    expect(sharedLifetimeMs(200, { 'cache-control': 'public, max-age=300', vary: 'Cookie' })).toBeNull();
    expect(sharedLifetimeMs(200, { 'cache-control': 'public, max-age=300', vary: 'Accept-Encoding, Origin' })).toBeNull();
  });

  it('tells apart the encodings a request accepts, since the answer varies by them', () => {
    expect(encodingKey('gzip, deflate, br, zstd')).toBe('br,gzip,deflate');
    expect(encodingKey('br;q=1.0, gzip;q=0.8')).toBe('br,gzip');
    expect(encodingKey('gzip')).toBe('gzip');
    expect(encodingKey('br;q=0, gzip;q=0.0, deflate;q=0.5')).toBe('deflate');
    expect(encodingKey(undefined)).toBe('identity');
    expect(encodingKey('identity')).toBe('identity');
  });

  it('answers a kept picture until its max-age has passed, with its age, per encoding', () => {
    let now = 1_000_000;
    const cache = createPictureCache({ now: () => now });
    cache.keep('/images/a.svg', 'gzip', { 'content-type': 'image/svg+xml' }, Buffer.from('<svg/>'), 300_000);
    expect(cache.get('/images/a.svg', 'br')).toBeUndefined();
    const kept = cache.get('/images/a.svg', 'gzip');
    expect(kept?.body.toString()).toBe('<svg/>');
    now += 299_000;
    expect(cache.ageOf(cache.get('/images/a.svg', 'gzip')!)).toBe(299);
    now += 2_000;
    expect(cache.get('/images/a.svg', 'gzip')).toBeUndefined();
  });

  it('keeps nothing too large', () => {
    const cache = createPictureCache();
    cache.keep('/images/b.webp', '', {}, Buffer.alloc(MAX_PICTURE_BYTES + 1), 300_000);
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used pictures beyond its size', () => {
    const cache = createPictureCache({ maxTotalBytes: 3 * (1024 + 512) });
    for (const name of ['a', 'b', 'c', 'd']) cache.keep(`/images/${name}.webp`, '', {}, Buffer.alloc(1024), 300_000);
    expect(cache.get('/images/a.webp', '')).toBeUndefined();
    expect(cache.get('/images/d.webp', '')).toBeDefined();
  });
});

import { describe, expect, it } from 'vitest';
import { gameOfReferer, isPageView, leafRoutesOf, pageViewOf, playlistDurations } from '~/domain/analytics';

/* What the web server records (ADR 049): which answers are page views, what of an address is
   kept, the game a media request was made for, and a playlist's segment durations. */

const page = (url: string, more: Partial<Parameters<typeof isPageView>[0]> = {}) =>
  isPageView({ method: 'GET', url, status: 200, contentType: 'text/html; charset=utf-8', ...more });

describe('page views', () => {
  it('are document GETs answered 200 with HTML', () => {
    expect(page('/')).toBe(true);
    expect(page('/watch/4?trk=mail')).toBe(true);
    expect(page('/watch/4', { status: 404 })).toBe(false);
    expect(page('/watch/4', { method: 'POST' })).toBe(false);
    expect(page('/watch/4', { contentType: 'application/json' })).toBe(false);
  });

  it('are never a data request, a file, media or the server’s own endpoints', () => {
    for (const url of [
      '/watch/4?_data=routes%2Fwatch.%24id',
      '/media/vod/game-1/master.m3u8',
      '/build/root-ABC.js',
      '/favicon.ico',
      '/healthz',
      '/sandbox/checkout/cs_1',
      '/analytics/video',
      '/auth/google/callback',
    ])
      expect(page(url), url).toBe(false);
  });

  it("with JavaScript, are a navigation's data request for the page's own route (not root's, not a layout's)", () => {
    const leafRoutes = leafRoutesOf({
      root: { id: 'root' },
      'routes/profile': { id: 'routes/profile', parentId: 'root' },
      'routes/profile._index': { id: 'routes/profile._index', parentId: 'routes/profile' },
      'routes/buy': { id: 'routes/buy', parentId: 'root' },
    });
    expect([...leafRoutes].sort()).toEqual(['routes/buy', 'routes/profile._index']);
    const data = (url: string) => page(url, { contentType: 'application/json; charset=utf-8', leafRoutes });
    expect(data('/buy?event=4&package=2&_data=routes%2Fbuy')).toBe(true);
    expect(data('/profile?_data=routes%2Fprofile._index')).toBe(true);
    expect(data('/profile?_data=routes%2Fprofile')).toBe(false);
    expect(data('/buy?_data=root')).toBe(false);
  });

  it('keep only the path and the parameters naming a product or a campaign', () => {
    expect(pageViewOf('/buy?subscription=3&code=SECRET&trk=spring')).toEqual({ path: '/buy?subscription=3&trk=spring', trk: 'spring' });
    expect(pageViewOf('/password-reset?token=abc&email=fan%40example.test')).toEqual({ path: '/password-reset', trk: null });
    expect(pageViewOf('/?trk=not%20plain')).toEqual({ path: '/', trk: null });
  });
});

describe('the game of a media request', () => {
  it('is the watch page that asked for it', () => {
    expect(gameOfReferer('http://fans.test/watch/12')).toBe(12);
    expect(gameOfReferer('http://fans.test/watch_embed/7?x=1')).toBe(7);
    expect(gameOfReferer('http://fans.test/multiview?id=1&id=2')).toBeNull();
    expect(gameOfReferer('http://fans.test/watch/99999999999')).toBeNull();
    expect(gameOfReferer('not a url')).toBeNull();
    expect(gameOfReferer(undefined)).toBeNull();
  });
});

describe('a playlist’s segment durations', () => {
  it('are read from #EXTINF, by the segment’s path resolved against the playlist’s', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:2',
      '#EXTINF:2.000,',
      '../v/40.ts',
      '#EXT-X-DISCONTINUITY',
      '#EXTINF:1.5,',
      '../v/41.ts',
      '#EXT-X-ENDLIST',
    ].join('\n');
    const { segments, target } = playlistDurations(text, '/live/live-2/1700000000-7200/video.m3u8');
    expect(target).toBe(2);
    expect([...segments]).toEqual([
      ['/live/live-2/v/40.ts', 2],
      ['/live/live-2/v/41.ts', 1.5],
    ]);
  });

  it('are none in a master playlist, and never another origin’s', () => {
    expect(playlistDurations('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nvideo.m3u8\n', '/vod/game-1/master.m3u8').segments.size).toBe(0);
    expect(playlistDurations('#EXTINF:2,\nhttps://elsewhere.test/a.ts\n', '/vod/game-1/360p.m3u8').segments.size).toBe(0);
  });
});

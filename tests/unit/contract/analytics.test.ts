import { describe, expect, it } from 'vitest';
import { isSegmentPath, pageFactsOf, streamOfMediaPath, trkOf } from '../../../contract/analytics.ts';

/* The analytics rules both sides share (ADR 049). */

describe('a stream of a media path', () => {
  it('is the asset: every file of a live game’s DVR and its sliding window is one stream', () => {
    const live = { stream_id: 'live/live-2', stream_type: 'live' };
    expect(streamOfMediaPath('/media/live/live-2/1700000000-7200/master.m3u8')).toEqual(live);
    expect(streamOfMediaPath('/live/live-2/v/123.ts')).toEqual(live);
    expect(streamOfMediaPath('live/live-2')).toEqual(live);
    expect(streamOfMediaPath('/media/vod/game-4/360p_001.ts')).toEqual({ stream_id: 'vod/game-4', stream_type: 'vod' });
  });

  it('is none for images, downloads, clips or anything else', () => {
    for (const path of ['/media/images/logo.webp', '/media/downloads/x', '/media/clips/abc/clip.mp4', '/media/vod/../etc', 'vod/', ''])
      expect(streamOfMediaPath(path), path).toBeNull();
  });

  it('counts segments only', () => {
    expect(isSegmentPath('/vod/game-1/720p_003.ts')).toBe(true);
    expect(isSegmentPath('/live/live-1/v/9.ts')).toBe(true);
    expect(isSegmentPath('/live/live-1/s/9.vtt')).toBe(false);
    expect(isSegmentPath('/vod/game-1/master.m3u8')).toBe(false);
    expect(isSegmentPath('/vod/game-1/video.mp4')).toBe(false);
  });
});

describe('what a page is to the report', () => {
  it('names the game, the offer’s product, or the order', () => {
    expect(pageFactsOf('/')).toEqual({ kind: 'home' });
    expect(pageFactsOf('/watch/12')).toEqual({ kind: 'event', eventId: 12 });
    expect(pageFactsOf('/watch_embed/12')).toEqual({ kind: 'event', eventId: 12 });
    expect(pageFactsOf('/vod_library/3')).toEqual({ kind: 'vod', vodId: 3 });
    expect(pageFactsOf('/select-package/5')).toEqual({ kind: 'offer', productType: 'package', productId: 5 });
    expect(pageFactsOf('/buy', new URLSearchParams('event=9&package=2'))).toEqual({ kind: 'offer', productType: 'event', productId: 2, eventId: 9 });
    expect(pageFactsOf('/buy', new URLSearchParams('package=2&category=4'))).toEqual({ kind: 'offer', productType: 'package', productId: 2 });
    expect(pageFactsOf('/buy', new URLSearchParams('subscription=3'))).toEqual({ kind: 'offer', productType: 'subscription', productId: 3 });
    expect(pageFactsOf('/orders/31')).toEqual({ kind: 'order' });
    expect(pageFactsOf('/faq')).toEqual({ kind: 'other' });
  });
});

describe('the tracking code', () => {
  it('is a plain word of at most 100 characters', () => {
    expect(trkOf(new URL('http://x.test/?trk=spring.mail:2026'))).toBe('spring.mail:2026');
    expect(trkOf(new URL('http://x.test/?trk=two%20words'))).toBeNull();
    expect(trkOf(new URL(`http://x.test/?trk=${'a'.repeat(101)}`))).toBeNull();
    expect(trkOf(new URL('http://x.test/'))).toBeNull();
  });
});

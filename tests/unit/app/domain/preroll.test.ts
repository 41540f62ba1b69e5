import { describe, expect, it } from 'vitest';
import { skipWaitSeconds, skipWaitText } from '~/domain/preroll';
import { watchState } from '~/domain/watch-state';
import { dismissalsOf, hasPrerollCookie } from '~/http/preroll-cookie';

const PREROLL = { id: 4, duration: 8, skip_after_seconds: 5, has_link: true };
const vod = {
  stream_status: 'finished' as const,
  has_access: true,
  url: '/media/vod/game-1/master.m3u8',
  mp4_url: '/media/vod/game-1/video.mp4',
  captions: [{ label: 'English', srclang: 'en', url: '/media/vod/game-1/captions.vtt' }],
  type: 'free',
};

describe('the watch page with a pre-roll', () => {
  it('plays the stitched stream and its captions, and says what the ad is', () => {
    const state = watchState(vod, null, undefined, PREROLL);
    expect(state).toMatchObject({
      kind: 'play',
      src: '/media/vod/game-1/preroll-4/master.m3u8',
      captions: [{ url: '/media/vod/game-1/preroll-4/captions.vtt' }],
      preroll: { id: 4, duration: 8, skipAfter: 5, hasLink: true },
    });
    expect(watchState(vod, null)).toMatchObject({ src: '/media/vod/game-1/master.m3u8', preroll: null });
  });

  it("a live game's start and the stream hls.js plays both have the ad", () => {
    const live = { ...vod, stream_status: 'live' as const, url: '/media/live/live/1790000000-7200/master.m3u8', mp4_url: null, captions: [] };
    const state = watchState(live, null, { start: 'kickoff', pagePath: '/watch/3' }, PREROLL);
    expect(state).toMatchObject({
      src: '/media/live/live/1790000000-7200/preroll-4/kickoff.m3u8',
      dvr: { liveSrc: '/media/live/live/1790000000-7200/preroll-4/master.m3u8' },
    });
  });

  it('the Skip waits for the skip time counted from when the page was made', () => {
    const shown = 1_000_000;
    expect(skipWaitSeconds(5, shown, shown)).toBe(5);
    expect(skipWaitSeconds(5, shown, shown + 1_200)).toBe(4);
    expect(skipWaitSeconds(5, shown, shown + 5_000)).toBe(0);
    expect(skipWaitSeconds(0, shown, shown)).toBe(0);
    // No time, or one from the future: counted from now.
    expect(skipWaitSeconds(5, null, shown)).toBe(5);
    expect(skipWaitSeconds(5, shown + 60_000, shown)).toBe(5);
    expect(skipWaitText(1)).toBe('You can skip the ad in 1 second.');
    expect(skipWaitText(4)).toBe('You can skip the ad in 4 seconds.');
  });
});

describe("a visitor's dismissal cookie", () => {
  it('is recognised by name over http and https', () => {
    expect(hasPrerollCookie('a=1; __prerolls=x')).toBe(true);
    expect(hasPrerollCookie('__Host-prerolls=x')).toBe(true);
    expect(hasPrerollCookie('prerolls=x; __session=y')).toBe(false);
    expect(hasPrerollCookie(null)).toBe(false);
  });

  it('keeps only ids and whole epoch seconds', () => {
    expect(dismissalsOf({ 1: 1_800_000_000, x: 5, 2: 'soon', 3: -1, '04': 5 })).toEqual({ 1: 1_800_000_000 });
    expect(dismissalsOf(null)).toEqual({});
    expect(dismissalsOf([1, 2])).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { countdownAnnouncement, describeDuration, formatRemaining, isoDuration, remaining, watchState, type PlayableMedia } from '~/domain/watch-state';

const captions = [{ label: 'English', srclang: 'en', url: '/media/vod/game-1/captions.vtt' }];
const finished: PlayableMedia = {
  stream_status: 'finished',
  has_access: true,
  url: '/media/vod/game-1/master.m3u8',
  mp4_url: '/media/vod/game-1/video.mp4',
  captions,
  event_utc_ts: 1_700_000_000,
  type: 'paid',
};
const open = { is_geo_blocked: false, country_code: 'US' };

describe('watchState', () => {
  it('plays a finished event the visitor may watch, with the MP4 fallback and captions', () => {
    expect(watchState(finished, open)).toEqual({
      kind: 'play',
      live: false,
      src: '/media/vod/game-1/master.m3u8',
      mp4Src: '/media/vod/game-1/video.mp4',
      captions,
      dvr: null,
      preroll: null,
    });
  });

  it('starts a live game’s DVR stream where the page says, with links to each start', () => {
    const live = { ...finished, stream_status: 'live' as const, url: '/media/live/live/1795000000-7200/master.m3u8' };
    const page = { pagePath: '/watch/12' };
    const hrefs = { live: '/watch/12', 'back-30': '/watch/12?start=back-30', kickoff: '/watch/12?start=kickoff' };
    expect(watchState(live, open, { ...page, start: 'live' })).toMatchObject({ src: live.url, dvr: { start: 'live', hrefs } });
    // The start's own master for the page's <video> (the browser's player); hls.js plays the
    // stream to the live edge and seeks.
    expect(watchState(live, open, { ...page, start: 'kickoff' })).toMatchObject({
      src: '/media/live/live/1795000000-7200/kickoff.m3u8',
      dvr: { start: 'kickoff', hrefs, liveSrc: live.url },
    });
    expect(watchState(live, open, { ...page, start: 'back-30' })).toMatchObject({ src: '/media/live/live/1795000000-7200/back-30.m3u8' });
    // A live stream without a DVR (another channel's URL) plays as it is, with no start links.
    expect(watchState({ ...live, url: '/media/live/live/master.m3u8' }, open, { ...page, start: 'kickoff' })).toMatchObject({
      src: '/media/live/live/master.m3u8',
      dvr: null,
    });
    // Once it is over, it is on-demand media: no live controls.
    expect(watchState({ ...live, stream_status: 'finished' }, open, { ...page, start: 'kickoff' })).toMatchObject({ src: live.url, dvr: null });
  });

  it('plays a live event as live, without a progressive fallback', () => {
    const live = { ...finished, stream_status: 'live' as const, url: '/media/live/live/master.m3u8' };
    expect(watchState(live, open)).toMatchObject({ kind: 'play', live: true, src: '/media/live/live/master.m3u8', mp4Src: null });
  });

  it('blocks every status for a geo-blocked visitor, even with access', () => {
    for (const stream_status of ['live', 'upcoming', 'finished'] as const) {
      expect(watchState({ ...finished, stream_status }, { is_geo_blocked: true, country_code: 'ZZ' })).toEqual({ kind: 'geo-blocked' });
    }
  });

  it('blocks a game blacked out in the visitor’s country (ADR 054), and only there', () => {
    const blackedOut = { ...finished, blackout_countries: ['CA'] };
    expect(watchState(blackedOut, { is_geo_blocked: false, country_code: 'CA' })).toEqual({ kind: 'geo-blocked' });
    expect(watchState(blackedOut, open)).toMatchObject({ kind: 'play' });
    // A video has no blackout: the channel's blocked countries alone.
    expect(watchState(finished, { is_geo_blocked: false, country_code: 'CA' })).toMatchObject({ kind: 'play' });
  });

  it('asks for a pass when a live or finished event has no access', () => {
    expect(watchState({ ...finished, has_access: false, url: null, mp4_url: null }, open)).toEqual({ kind: 'no-access', need: 'pass' });
    expect(watchState({ ...finished, stream_status: 'live', has_access: false, url: null }, open)).toEqual({ kind: 'no-access', need: 'pass' });
    expect(watchState({ ...finished, type: 'premium', has_access: false, url: null }, open)).toEqual({ kind: 'no-access', need: 'pass' });
  });

  it('asks for this game’s own ticket when it is pay-per-view', () => {
    expect(watchState({ ...finished, type: 'ppv', has_access: false, url: null }, open)).toEqual({ kind: 'no-access', need: 'ticket' });
  });

  it('asks a visitor only to sign in for an event free to fans with an account (register)', () => {
    expect(watchState({ ...finished, type: 'register', has_access: false, url: null, mp4_url: null }, open)).toEqual({ kind: 'no-access', need: 'account' });
  });

  it('shows the start for an upcoming event, saying whether a pass (or an account) is still needed', () => {
    const upcoming = { ...finished, stream_status: 'upcoming' as const, url: null, mp4_url: null };
    expect(watchState(upcoming, open)).toEqual({ kind: 'upcoming', startsAt: 1_700_000_000, hasAccess: true, need: 'pass' });
    expect(watchState({ ...upcoming, has_access: false }, open)).toEqual({ kind: 'upcoming', startsAt: 1_700_000_000, hasAccess: false, need: 'pass' });
    expect(watchState({ ...upcoming, type: 'register', has_access: false }, open)).toEqual({
      kind: 'upcoming',
      startsAt: 1_700_000_000,
      hasAccess: false,
      need: 'account',
    });
  });

  it('says the video is being prepared when the channel says so, to a viewer who may watch it', () => {
    expect(watchState({ ...finished, url: null, mp4_url: null, preparing: true }, open)).toEqual({ kind: 'preparing' });
    // Who may not watch it is shown what it takes, as ever.
    expect(watchState({ ...finished, url: null, has_access: false, preparing: true }, open).kind).toBe('no-access');
  });

  it('says unavailable when access is granted but there is no stream', () => {
    expect(watchState({ ...finished, url: null }, open)).toEqual({ kind: 'unavailable' });
  });

  it('treats a missing geo answer as not blocked', () => {
    expect(watchState(finished, null).kind).toBe('play');
  });
});

describe('countdown', () => {
  const start = 1_700_000_000;
  const at = (secondsBefore: number) => (start - secondsBefore) * 1000;

  it('splits the time left into units and never goes negative', () => {
    expect(remaining(start, at(2 * 86_400 + 3 * 3600 + 4 * 60 + 5))).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, total: 183_845 });
    expect(remaining(start, at(-100)).total).toBe(0);
  });

  it('renders text and an ISO duration for <time datetime>', () => {
    const r = remaining(start, at(3600 + 5));
    expect(formatRemaining(r)).toBe('1 hour 0 minutes 5 seconds');
    expect(isoDuration(r)).toBe('P0DT1H0M5S');
    expect(formatRemaining(remaining(start, at(42)))).toBe('42 seconds');
    expect(formatRemaining(remaining(start, at(0)))).toBe('now');
  });

  it('announces coarsely, so the text changes rarely', () => {
    const said = new Set<string>();
    for (let s = 3599; s > 600; s -= 1) said.add(countdownAnnouncement(remaining(start, at(s))));
    expect([...said]).toEqual([
      'Starts in about 50 minutes.',
      'Starts in about 40 minutes.',
      'Starts in about 30 minutes.',
      'Starts in about 20 minutes.',
      'Starts in about 10 minutes.',
    ]);
    expect(countdownAnnouncement(remaining(start, at(3 * 86_400)))).toBe('Starts in about 3 days.');
    expect(countdownAnnouncement(remaining(start, at(30)))).toBe('Starts in less than 1 minute.');
    expect(countdownAnnouncement(remaining(start, at(0)))).toBe('The event is starting. Reload the page to watch.');
  });
});

describe('formatting', () => {
  it('says durations for speech', () => {
    expect(describeDuration(3723)).toBe('1 hour 2 minutes');
    expect(describeDuration(45)).toBe('45 seconds');
  });
});

import { describe, expect, it } from 'vitest';
import { eventMedia, scopeOfPath } from '../../../channel-api/media-urls.ts';

describe('media scopes (channel-api/media-urls.ts)', () => {
  it('names the asset a /media path belongs to', () => {
    expect(scopeOfPath('/vod/game-4/360p_001.ts')).toBe('vod/game-4');
    expect(scopeOfPath('/live/live-2/v/12.ts')).toBe('live/live-2');
    expect(scopeOfPath('/images/logo.svg')).toBeNull();
    expect(scopeOfPath('/vod/game-4')).toBeNull();
  });

  const game = { event_utc_ts: 1_795_000_000, duration: 7200 };

  it('plays a live asset from its kick-off while live, a recording once finished; nothing else', () => {
    expect(eventMedia('live', 'live-2', game)?.scope).toBe('live/live-2');
    expect(eventMedia('live', 'live-2', game)?.playback.url).toBe('/media/live/live-2/1795000000-7200/master.m3u8');
    expect(eventMedia('finished', 'game-4', game)?.playback.url).toBe('/media/vod/game-4/master.m3u8');
    expect(eventMedia('live', 'game-4', game)).toBeNull();
    expect(eventMedia('upcoming', 'live', game)).toBeNull();
    expect(eventMedia('live', null, game)).toBeNull();
    expect(eventMedia('finished', 'not-an-asset', game)).toBeNull();
  });

  it('plays a finished live game as the same DVR playlist, now complete (its on-demand media)', () => {
    expect(eventMedia('finished', 'live-2', game)).toEqual(eventMedia('live', 'live-2', game));
    // The DVR URL keeps the asset's scope, so the asset's media grant covers it.
    expect(scopeOfPath('/live/live-2/1795000000-7200/master.m3u8')).toBe('live/live-2');
  });
});

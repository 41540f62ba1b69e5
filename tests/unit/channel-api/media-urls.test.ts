import { describe, expect, it } from 'vitest';
import { eventMedia, scopeOfPath } from '../../../channel-api/media-urls.ts';

describe('media scopes (channel-api/media-urls.ts)', () => {
  it('names the asset a /media path belongs to', () => {
    expect(scopeOfPath('/vod/game-4/360p_001.ts')).toBe('vod/game-4');
    expect(scopeOfPath('/live/live-2/v/12.ts')).toBe('live/live-2');
    expect(scopeOfPath('/images/logo.svg')).toBeNull();
    expect(scopeOfPath('/vod/game-4')).toBeNull();
  });

  it('plays a live asset while the event is live and a recording once it is finished; nothing else', () => {
    expect(eventMedia('live', 'live-2')?.scope).toBe('live/live-2');
    expect(eventMedia('finished', 'game-4')?.playback.url).toBe('/media/vod/game-4/master.m3u8');
    expect(eventMedia('finished', 'live-2')).toBeNull();
    expect(eventMedia('live', 'game-4')).toBeNull();
    expect(eventMedia('upcoming', 'live')).toBeNull();
    expect(eventMedia('live', null)).toBeNull();
    expect(eventMedia('finished', 'not-an-asset')).toBeNull();
  });
});

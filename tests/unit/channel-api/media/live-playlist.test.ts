import { describe, expect, it } from 'vitest';
import { LIVE_EPOCH_MS } from '../../../../channel-api/media/assets.ts';
import { liveMasterPlaylist, liveMediaPlaylist, liveWindow } from '../../../../channel-api/media/live-playlist.ts';

const at = (seconds: number) => ({ nowMs: LIVE_EPOCH_MS + seconds * 1000 });

function tags(text: string, name: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`#${name}`))
    .map((line) => line.slice(name.length + 2));
}

describe('live sliding window', () => {
  it('holds the 4 newest complete segments', () => {
    // t = 100 s: segment 50 is being "recorded", so 49 is the newest complete one.
    expect(liveWindow(at(100))).toEqual({ first: 46, last: 49, discontinuitySequence: 1 });
    expect(liveWindow(at(101.999))).toEqual({ first: 46, last: 49, discontinuitySequence: 1 });
    expect(liveWindow(at(102))).toEqual({ first: 47, last: 50, discontinuitySequence: 1 });
  });

  it('advances the media sequence by one every 2 s', () => {
    const before = liveMediaPlaylist(at(1000), 'video');
    const after = liveMediaPlaylist(at(1002), 'video');
    expect(Number(tags(before, 'EXT-X-MEDIA-SEQUENCE')[0]) + 1).toBe(Number(tags(after, 'EXT-X-MEDIA-SEQUENCE')[0]));
  });

  it('is a live playlist: no ENDLIST, no PLAYLIST-TYPE, 2 s target', () => {
    const text = liveMediaPlaylist(at(500), 'video');
    expect(text.startsWith('#EXTM3U\n')).toBe(true);
    expect(text).not.toContain('#EXT-X-ENDLIST');
    expect(text).not.toContain('PLAYLIST-TYPE');
    expect(tags(text, 'EXT-X-TARGETDURATION')).toEqual(['2']);
    expect(tags(text, 'EXTINF')).toEqual(['2.000,', '2.000,', '2.000,', '2.000,']);
  });

  it('lists absolute segment numbers with their wall-clock times', () => {
    const text = liveMediaPlaylist(at(100), 'video');
    expect(text.split('\n').filter((l) => l.startsWith('v/'))).toEqual(['v/46.ts', 'v/47.ts', 'v/48.ts', 'v/49.ts']);
    expect(tags(text, 'EXT-X-PROGRAM-DATE-TIME')[0]).toBe(new Date(LIVE_EPOCH_MS + 92_000).toISOString());
  });

  it('marks the loop point with a discontinuity, except on the first line', () => {
    // Window 58..61: the loop restarts at 60.
    const across = liveMediaPlaylist(at(124), 'video').split('\n');
    expect(tags(across.join('\n'), 'EXT-X-DISCONTINUITY-SEQUENCE')).toEqual(['1']);
    const marker = across.indexOf('#EXT-X-DISCONTINUITY');
    expect(marker).toBeGreaterThan(-1);
    expect(across.slice(marker).find((l) => l.startsWith('v/'))).toBe('v/60.ts');

    // Window 60..63: 60 is first, so the sequence counts it and no tag repeats it.
    const starting = liveMediaPlaylist(at(128), 'video');
    expect(tags(starting, 'EXT-X-MEDIA-SEQUENCE')).toEqual(['60']);
    expect(tags(starting, 'EXT-X-DISCONTINUITY-SEQUENCE')).toEqual(['2']);
    expect(starting).not.toContain('#EXT-X-DISCONTINUITY\n');
  });

  it('the subtitles playlist mirrors the video one with .vtt segments', () => {
    const video = liveMediaPlaylist(at(300), 'video');
    const subs = liveMediaPlaylist(at(300), 'subtitles');
    expect(subs).toBe(video.replace(/v\/(\d+)\.ts/g, 's/$1.vtt'));
  });

  it('still returns a full window before the epoch (clock skew)', () => {
    expect(liveWindow({ nowMs: LIVE_EPOCH_MS - 10_000 })).toEqual({ first: 0, last: 3, discontinuitySequence: 0 });
  });
});

describe('live master playlist', () => {
  it('declares the English subtitles group and the rendition', () => {
    const text = liveMasterPlaylist({ bandwidth: 1_000_000, width: 640, height: 360 });
    expect(text).toContain('#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="subs.m3u8"');
    expect(text).toContain('#EXT-X-STREAM-INF:BANDWIDTH=1000000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2",SUBTITLES="subs"\nvideo.m3u8');
  });
});

import { describe, expect, it } from 'vitest';
import { LIVE_EPOCH_MS } from '../../../../channel-api/media/assets.ts';
import {
  dvrMasterPlaylist,
  dvrMediaPlaylist,
  dvrWindow,
  kickoffSegment,
  liveMasterPlaylist,
  liveMediaPlaylist,
  liveWindow,
} from '../../../../channel-api/media/live-playlist.ts';

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

describe('a live game’s DVR playlist (EVENT, from its kick-off)', () => {
  // Kick-off 1,000 s after the live epoch (segment 500), a 10-minute game.
  const game = { kickoff: LIVE_EPOCH_MS / 1000 + 1000, duration: 600 };
  const uris = (text: string) => text.split('\n').filter((l) => l && !l.startsWith('#'));

  it('keeps every segment since the kick-off, each with its wall-clock time', () => {
    const text = dvrMediaPlaylist(game, at(1000 + 95), 'video')!;
    expect(tags(text, 'EXT-X-PLAYLIST-TYPE')).toEqual(['EVENT']);
    expect(tags(text, 'EXT-X-MEDIA-SEQUENCE')).toEqual(['500']);
    // t = 95 s into the game: segment 547 is being recorded, 546 is the newest complete one.
    expect(uris(text)).toEqual(Array.from({ length: 47 }, (_, i) => `../v/${500 + i}.ts`));
    expect(tags(text, 'EXT-X-PROGRAM-DATE-TIME')).toHaveLength(47);
    expect(tags(text, 'EXT-X-PROGRAM-DATE-TIME')[0]).toBe(new Date(LIVE_EPOCH_MS + 1_000_000).toISOString());
    expect(text).not.toContain('#EXT-X-ENDLIST');
    expect(text).not.toContain('#EXT-X-START');
  });

  it('grows by one segment every 2 s and never drops its first', () => {
    const before = dvrWindow(game, at(1000 + 300));
    const after = dvrWindow(game, at(1000 + 302));
    expect(after).toEqual({ ...before, last: before!.last + 1 });
  });

  it('marks the loop points as discontinuities, the first one excepted', () => {
    const text = dvrMediaPlaylist(game, at(1000 + 130), 'video')!;
    // Segments 500…564: loop points (n mod 30 = 0) at 510, 540 (500 is not: it is the first line).
    expect(text.split('\n').filter((l) => l === '#EXT-X-DISCONTINUITY')).toHaveLength(2);
  });

  it('ends with the game: the same playlist, complete, with ENDLIST (its on-demand media)', () => {
    const over = dvrMediaPlaylist(game, at(1000 + 5000), 'video')!;
    expect(over).toContain('#EXT-X-ENDLIST');
    expect(uris(over)).toHaveLength(300);
    expect(uris(over).at(-1)).toBe('../v/799.ts');
    // Later requests give the very same text.
    expect(dvrMediaPlaylist(game, at(1000 + 9000), 'video')).toBe(over);
    // Just before the end: still live.
    expect(dvrMediaPlaylist(game, at(1000 + 599), 'video')).not.toContain('#EXT-X-ENDLIST');
  });

  it('counts a game that kicks off mid-segment from that segment, as the clips do', () => {
    const midway = { kickoff: game.kickoff + 1, duration: 600 };
    expect(dvrWindow(midway, at(1000 + 1))?.first).toBe(kickoffSegment(midway.kickoff));
    expect(kickoffSegment(midway.kickoff)).toBe(500);
  });

  it('has nothing before its kick-off and lists the kick-off segment from the kick-off on', () => {
    expect(dvrMediaPlaylist(game, at(999), 'video')).toBeNull();
    expect(uris(dvrMediaPlaylist(game, at(1000), 'video')!)).toEqual(['../v/500.ts']);
  });

  it('starts where the link says: from the kick-off, or 30 s behind the live edge', () => {
    expect(tags(dvrMediaPlaylist(game, at(1100), 'video', 'kickoff')!, 'EXT-X-START')).toEqual(['TIME-OFFSET=0,PRECISE=YES']);
    expect(tags(dvrMediaPlaylist(game, at(1100), 'video', 'back-30')!, 'EXT-X-START')).toEqual(['TIME-OFFSET=-30']);
    const master = dvrMasterPlaylist({ bandwidth: 1, width: 640, height: 360 }, 'kickoff');
    expect(master).toContain('#EXT-X-START:TIME-OFFSET=0,PRECISE=YES');
    expect(master.split('\n')).toContain('video-kickoff.m3u8');
    expect(dvrMasterPlaylist({ bandwidth: 1, width: 640, height: 360 }, 'live').split('\n')).toContain('video.m3u8');
  });

  it('names subtitle segments of the live stream too', () => {
    expect(uris(dvrMediaPlaylist(game, at(1004), 'subtitles')!)).toEqual(['../s/500.vtt', '../s/501.vtt']);
  });
});

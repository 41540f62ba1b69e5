import { describe, expect, it } from 'vitest';
import { LIVE_EPOCH_MS } from '../../../../channel-api/media/assets.ts';
import {
  dvrMasterPlaylist,
  dvrMediaPlaylist,
  dvrPlaylistName,
  dvrShift,
  dvrWindow,
  kickoffSegment,
  parseDvrPlaylistName,
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

  it('time-shifted: the playlist as it was that long ago, ending that long after the game', () => {
    expect(dvrMediaPlaylist(game, at(1000 + 300), 'video', 30)).toBe(dvrMediaPlaylist(game, at(1000 + 270), 'video'));
    expect(dvrMediaPlaylist(game, at(1000 + 300), 'subtitles', 30)).toBe(dvrMediaPlaylist(game, at(1000 + 270), 'subtitles'));
    // The game is over (ENDLIST in the live playlist), the 30 s shifted one goes on for 30 s more.
    expect(dvrMediaPlaylist(game, at(1000 + 610), 'video')).toContain('#EXT-X-ENDLIST');
    expect(dvrMediaPlaylist(game, at(1000 + 610), 'video', 30)).not.toContain('#EXT-X-ENDLIST');
    expect(dvrMediaPlaylist(game, at(1000 + 640), 'video', 30)).toBe(dvrMediaPlaylist(game, at(1000 + 610), 'video'));
  });

  it('time-shifted further back than the kick-off: the kick-off segment alone; nothing before the kick-off', () => {
    expect(uris(dvrMediaPlaylist(game, at(1000 + 10), 'video', 30)!)).toEqual(['../v/500.ts']);
    expect(dvrMediaPlaylist(game, at(999), 'video', 30)).toBeNull();
  });

  it('lists no start offset: native players ignore it on a live playlist, a time shift starts them', () => {
    expect(dvrMediaPlaylist(game, at(1100), 'video', 30)).not.toContain('EXT-X-START');
    const master = dvrMasterPlaylist({ bandwidth: 1, width: 640, height: 360 }, 0);
    expect(master).not.toContain('EXT-X-START');
    expect(master.split('\n')).toContain('video.m3u8');
    expect(master).toContain('URI="subs.m3u8"');
    const shifted = dvrMasterPlaylist({ bandwidth: 1, width: 640, height: 360 }, 42);
    expect(shifted.split('\n')).toContain('video-back-42.m3u8');
    expect(shifted).toContain('URI="subs-back-42.m3u8"');
  });

  it('starts a live link at the live edge and a −30 s link 30 s behind it', () => {
    expect(dvrShift(game, at(1000 + 300), 'live')).toBe(0);
    expect(dvrShift(game, at(1000 + 300), 'back-30')).toBe(30);
  });

  it('shifts a kick-off link so that its playlist lists the kick-off segment and two more: where a native player starts', () => {
    const midway = { kickoff: game.kickoff + 1, duration: 600 };
    for (const g of [game, midway]) {
      for (const t of [7, 8.5, 95, 300.2, 301.9, 590]) {
        const clock = at(1000 + t);
        const behind = dvrShift(g, clock, 'kickoff');
        expect(uris(dvrMediaPlaylist(g, clock, 'video', behind)!), `${g.kickoff} at ${t}`).toEqual(['../v/500.ts', '../v/501.ts', '../v/502.ts']);
        // Still so a second later (the player asks for the master first, then the playlist).
        expect(uris(dvrMediaPlaylist(g, at(1000 + t + 0.999), 'video', behind)!)).toHaveLength(3);
      }
    }
  });

  it('does not shift a kick-off link in the first seconds of a game (live is the kick-off) nor once it is over', () => {
    expect(dvrShift(game, at(1000 + 3), 'kickoff')).toBe(0);
    expect(dvrShift(game, at(999), 'kickoff')).toBe(0);
    // Over: the complete playlist is on-demand media, which players start at its beginning.
    expect(dvrShift(game, at(1000 + 700), 'kickoff')).toBe(0);
  });

  it('names time-shifted playlists and reads the names back, strictly', () => {
    expect(dvrPlaylistName('video', 0)).toBe('video.m3u8');
    expect(dvrPlaylistName('subtitles', 0)).toBe('subs.m3u8');
    expect(dvrPlaylistName('video', 30)).toBe('video-back-30.m3u8');
    expect(dvrPlaylistName('subtitles', 86_400)).toBe('subs-back-86400.m3u8');
    for (const [kind, behind] of [
      ['video', 0],
      ['subtitles', 0],
      ['video', 1],
      ['subtitles', 3599],
      ['video', 86_400],
    ] as const) {
      expect(parseDvrPlaylistName(dvrPlaylistName(kind, behind))).toEqual({ kind, behindSeconds: behind });
    }
    for (const bad of [
      'video-back-0.m3u8',
      'video-back-030.m3u8',
      'video-back--30.m3u8',
      'video-back-+30.m3u8',
      'video-back-86401.m3u8',
      'video-back-9999999.m3u8',
      'video-back-1e3.m3u8',
      'video-back-.m3u8',
      'video-back-30.5.m3u8',
      'video-back-30.m3u8.ts',
      'video-kickoff.m3u8',
      'audio-back-30.m3u8',
      'VIDEO.m3u8',
      'master.m3u8',
    ]) {
      expect(parseDvrPlaylistName(bad), bad).toBeNull();
    }
  });

  it('names subtitle segments of the live stream too', () => {
    expect(uris(dvrMediaPlaylist(game, at(1004), 'subtitles')!)).toEqual(['../s/500.vtt', '../s/501.vtt']);
  });
});

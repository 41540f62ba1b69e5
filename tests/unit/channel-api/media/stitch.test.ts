import { describe, expect, it } from 'vitest';
import { liveStitched } from '../../../../channel-api/media/preroll-router.ts';
import { BLANK_VTT, liveEntriesListed, padSubtitles, parsePlaylist, shiftCaptions, stitchPlaylist } from '../../../../channel-api/media/stitch.ts';
import { parseVtt } from '../../../../channel-api/media/vtt.ts';

const AD = [
  { uri: '360p_000.ts', duration: 2 },
  { uri: '360p_001.ts', duration: 2 },
  { uri: '360p_002.ts', duration: 2 },
  { uri: '360p_003.ts', duration: 1.5 },
];

const VOD = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:2
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-PLAYLIST-TYPE:VOD
#EXT-X-INDEPENDENT-SEGMENTS
#EXTINF:2.000000,
360p_000.ts
#EXTINF:2.000000,
360p_001.ts
#EXTINF:2.000000,
360p_002.ts
#EXT-X-ENDLIST
`;

const uris = { ad: (f: string) => `ad/${f}`, game: (u: string, first: boolean) => (first ? `after-ad/${u}` : `../${u}`) };

const lines = (text: string) => text.trim().split('\n');

describe('stitching a playlist', () => {
  it("lists the ad's segments first, then a discontinuity, then the game's, and ends with the game", () => {
    const text = stitchPlaylist(VOD, AD, uris);
    expect(lines(text)).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-PLAYLIST-TYPE:VOD',
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXT-X-DISCONTINUITY-SEQUENCE:0',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXTINF:2.000,',
      'ad/360p_000.ts',
      '#EXTINF:2.000,',
      'ad/360p_001.ts',
      '#EXTINF:2.000,',
      'ad/360p_002.ts',
      '#EXTINF:1.500,',
      'ad/360p_003.ts',
      '#EXT-X-DISCONTINUITY',
      '#EXTINF:2.000,',
      'after-ad/360p_000.ts',
      '#EXTINF:2.000,',
      '../360p_001.ts',
      '#EXTINF:2.000,',
      '../360p_002.ts',
      '#EXT-X-ENDLIST',
    ]);
    const parsed = parsePlaylist(text);
    expect(parsed.entries.reduce((s, e) => s + e.duration, 0)).toBe(13.5);
    expect(parsed.ended).toBe(true);
  });

  it("keeps a live game's own tags (date-times, loop discontinuities) and stays open while the game is", () => {
    const live = `#EXTM3U
#EXT-X-VERSION:6
#EXT-X-TARGETDURATION:2
#EXT-X-PLAYLIST-TYPE:EVENT
#EXT-X-MEDIA-SEQUENCE:100
#EXT-X-DISCONTINUITY-SEQUENCE:3
#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:03:20.000Z
#EXTINF:2.000,
../v/100.ts
#EXT-X-DISCONTINUITY
#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:03:22.000Z
#EXTINF:2.000,
../v/101.ts
`;
    const text = stitchPlaylist(live, AD.slice(0, 2), { ad: (f) => `ad/${f}`, game: (u, first) => (first ? 'after-ad/100.ts' : `../${u}`) });
    expect(lines(text).slice(4)).toEqual([
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXT-X-DISCONTINUITY-SEQUENCE:0',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXTINF:2.000,',
      'ad/360p_000.ts',
      '#EXTINF:2.000,',
      'ad/360p_001.ts',
      '#EXT-X-DISCONTINUITY',
      '#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:03:20.000Z',
      '#EXTINF:2.000,',
      'after-ad/100.ts',
      '#EXT-X-DISCONTINUITY',
      '#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:03:22.000Z',
      '#EXTINF:2.000,',
      '../../v/101.ts',
    ]);
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    expect(text).not.toContain('#EXT-X-ENDLIST');
  });

  it('pads the subtitles playlist by the ad, one blank entry per ad segment of the same length', () => {
    const subs = VOD.replaceAll('.ts', '.vtt');
    const text = padSubtitles(subs, AD, { ...uris, blank: 'ad/blank.vtt' });
    const parsed = parsePlaylist(text);
    expect(parsed.entries.slice(0, 4).map((e) => [e.uri, e.duration])).toEqual([
      ['ad/blank.vtt', 2],
      ['ad/blank.vtt', 2],
      ['ad/blank.vtt', 2],
      ['ad/blank.vtt', 1.5],
    ]);
    expect(parsed.entries[4].tags).toEqual(['#EXT-X-DISCONTINUITY']);
    expect(BLANK_VTT.startsWith('WEBVTT')).toBe(true);
  });

  it("moves an on-demand game's captions later by the ad's length", () => {
    const vtt = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.500\nTip-off\n\n00:01:00.000 --> 00:01:01.000\nDunk\n';
    expect(parseVtt(shiftCaptions(vtt, 8))).toEqual([
      { start: 8, end: 10.5, text: 'Tip-off' },
      { start: 68, end: 69, text: 'Dunk' },
    ]);
  });
});

describe('a live game with a pre-roll', () => {
  it('lists three entries when first asked (players start three before the end: the ad), then one more per segment', () => {
    const at = (seconds: number) => liveEntriesListed({ adSegments: 4, gameSegments: 100, releasedAt: 1000, now: 1000 + seconds, segmentSeconds: 2 });
    expect(at(0)).toBe(3);
    expect(at(1.9)).toBe(3);
    expect(at(2)).toBe(4);
    expect(at(10)).toBe(8);
    expect(liveEntriesListed({ adSegments: 4, gameSegments: 2, releasedAt: 0, now: 1000, segmentSeconds: 2 })).toBe(6);
  });

  it('is the ad, then the game from where the viewer came, as an EVENT playlist that ends with the game', () => {
    const ad = AD.slice(0, 3);
    const first = liveStitched({ ad, kind: 'video', from: 500, final: 600, listed: 3, newest: 502, loopSegments: 30, epochMs: 0 });
    expect(parsePlaylist(first).entries.map((e) => e.uri)).toEqual(['ad/360p_000.ts', 'ad/360p_001.ts', 'ad/360p_002.ts']);
    const later = parsePlaylist(liveStitched({ ad, kind: 'video', from: 500, final: 600, listed: 6, newest: 505, loopSegments: 30, epochMs: 0 }));
    expect(later.entries.map((e) => e.uri)).toEqual([
      'ad/360p_000.ts',
      'ad/360p_001.ts',
      'ad/360p_002.ts',
      'after-ad/500.ts',
      '../../v/501.ts',
      '../../v/502.ts',
    ]);
    expect(later.entries[3].tags[0]).toBe('#EXT-X-DISCONTINUITY');
    expect(later.entries[3].tags[1]).toBe('#EXT-X-PROGRAM-DATE-TIME:1970-01-01T00:16:40.000Z');
    expect(later.playlistType).toBe('EVENT');
    expect(later.ended).toBe(false);
    const subs = parsePlaylist(liveStitched({ ad, kind: 'subtitles', from: 500, final: 600, listed: 5, newest: 505, loopSegments: 30, epochMs: 0 }));
    expect(subs.entries.map((e) => e.uri)).toEqual(['ad/blank.vtt', 'ad/blank.vtt', 'ad/blank.vtt', '../../s/500.vtt', '../../s/501.vtt']);
    const over = parsePlaylist(liveStitched({ ad, kind: 'video', from: 598, final: 600, listed: 6, newest: 700, loopSegments: 30, epochMs: 0 }));
    expect(over.entries.at(-1)?.uri).toBe('../../v/600.ts');
    expect(over.ended).toBe(true);
  });
});

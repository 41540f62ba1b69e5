/**
 * Stitching a pre-roll into a game's stream (ADR 050): the ad's segments first, then
 * `#EXT-X-DISCONTINUITY`, then the game's — Apple's pattern, which a browser's own HLS player,
 * hls.js and Plyr play with nothing on the page. Pure text functions: the routers (preroll-router.ts)
 * give them the playlists and the ad's segments.
 */
import type { AdSegment } from './preroll-media.ts';
import { parseVtt, toVtt } from './vtt.ts';

/** One entry of a media playlist: the tags before it (program date-time, discontinuity), its
 *  length and its URI. */
export interface Entry {
  tags: string[];
  duration: number;
  uri: string;
}

export interface ParsedPlaylist {
  version: number;
  targetDuration: number;
  /** VOD, EVENT, or none (a sliding window). */
  playlistType: string | null;
  entries: Entry[];
  ended: boolean;
}

/** Tags that belong to the playlist, not to a segment: written anew by `writePlaylist`. */
const PLAYLIST_TAGS =
  /^#EXT(M3U|-X-(VERSION|TARGETDURATION|MEDIA-SEQUENCE|DISCONTINUITY-SEQUENCE|PLAYLIST-TYPE|INDEPENDENT-SEGMENTS|ENDLIST|ALLOW-CACHE|START))\b/;

export function parsePlaylist(text: string): ParsedPlaylist {
  const parsed: ParsedPlaylist = { version: 3, targetDuration: 0, playlistType: null, entries: [], ended: false };
  let tags: string[] = [];
  let duration: number | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const version = /^#EXT-X-VERSION:(\d+)/.exec(line);
    const target = /^#EXT-X-TARGETDURATION:(\d+)/.exec(line);
    const type = /^#EXT-X-PLAYLIST-TYPE:(\w+)/.exec(line);
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (version) parsed.version = Number(version[1]);
    else if (target) parsed.targetDuration = Number(target[1]);
    else if (type) parsed.playlistType = type[1];
    else if (line === '#EXT-X-ENDLIST') parsed.ended = true;
    else if (extinf) duration = Number(extinf[1]);
    else if (PLAYLIST_TAGS.test(line)) continue;
    else if (line.startsWith('#')) tags.push(line);
    else if (duration !== null) {
      parsed.entries.push({ tags, duration, uri: line });
      tags = [];
      duration = null;
    }
  }
  return parsed;
}

export function writePlaylist(p: ParsedPlaylist): string {
  const lines = [
    '#EXTM3U',
    `#EXT-X-VERSION:${p.version}`,
    `#EXT-X-TARGETDURATION:${p.targetDuration}`,
    ...(p.playlistType ? [`#EXT-X-PLAYLIST-TYPE:${p.playlistType}`] : []),
    // A stitched playlist has its own URL: its numbering starts at 0 and, as an EVENT or VOD
    // playlist that never drops an entry, stays.
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-DISCONTINUITY-SEQUENCE:0',
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  for (const e of p.entries) lines.push(...e.tags, `#EXTINF:${e.duration.toFixed(3)},`, e.uri);
  if (p.ended) lines.push('#EXT-X-ENDLIST');
  return lines.join('\n') + '\n';
}

/** Where the stitched playlist's entries point: the ad's segment of a file name, and a game's
 *  segment of its URI in the game's own playlist (the first one after the ad has its own URL: its
 *  fetch is the moment the ad was played through). */
export interface StitchUris {
  ad: (file: string) => string;
  game: (uri: string, first: boolean) => string;
}

/** The ad's entries, then a discontinuity, then the game's (with their own tags), in one
 *  playlist of the game's type that ends when the game's does. */
export function stitchEntries(ad: readonly AdSegment[], game: ParsedPlaylist, uris: StitchUris): ParsedPlaylist {
  const adEntries: Entry[] = ad.map((s) => ({ tags: [], duration: s.duration, uri: uris.ad(s.uri) }));
  const gameEntries: Entry[] = game.entries.map((e, i) => ({
    // The game's own discontinuities stay (a live loop's); its first entry follows the ad's.
    tags: i === 0 ? ['#EXT-X-DISCONTINUITY', ...e.tags.filter((t) => t !== '#EXT-X-DISCONTINUITY')] : e.tags,
    duration: e.duration,
    uri: uris.game(e.uri, i === 0),
  }));
  const longest = Math.max(game.targetDuration, ...ad.map((s) => Math.ceil(s.duration)));
  return {
    version: Math.max(game.version, 3),
    targetDuration: longest,
    playlistType: game.playlistType,
    entries: gameEntries.length > 0 ? [...adEntries, ...gameEntries] : adEntries,
    ended: game.ended,
  };
}

/** A game's media playlist text with the ad in front. */
export function stitchPlaylist(gameText: string, ad: readonly AdSegment[], uris: StitchUris): string {
  return writePlaylist(stitchEntries(ad, parsePlaylist(gameText), uris));
}

/** A game's subtitles playlist padded by the ad: one blank WebVTT entry per ad segment (the same
 *  lengths, so the cues after the discontinuity keep their place in the picture). */
export function padSubtitles(gameText: string, ad: readonly AdSegment[], uris: StitchUris & { blank: string }): string {
  return writePlaylist(
    stitchEntries(
      ad.map((s) => ({ uri: uris.blank, duration: s.duration })),
      parsePlaylist(gameText),
      { ...uris, ad: (file) => file },
    ),
  );
}

/** A sidecar WebVTT (an on-demand game's captions) moved later by the ad's length. */
export function shiftCaptions(vtt: string, seconds: number): string {
  return toVtt(parseVtt(vtt).map((c) => ({ ...c, start: c.start + seconds, end: c.end + seconds })));
}

/** A WebVTT file with no cue: what the subtitles show during the ad. */
export const BLANK_VTT = 'WEBVTT\n';

/**
 * A live game's stream with a pre-roll, for a viewer who started at `releasedAt` (epoch seconds):
 * a browser's own player and hls.js start a live playlist three segments before its end, so the
 * playlist first lists three entries (the ad's first), then one more per segment length, in real
 * time: the ad, then the game from `gameFirst`, as it was when the viewer came, and on from
 * there (the viewer stays the ad's length behind). How many entries are listed at `now`.
 */
export function liveEntriesListed(opts: { adSegments: number; gameSegments: number; releasedAt: number; now: number; segmentSeconds: number }): number {
  const total = opts.adSegments + opts.gameSegments;
  const elapsed = Math.max(0, Math.floor((opts.now - opts.releasedAt) / opts.segmentSeconds));
  return Math.min(total, LIVE_START_ENTRIES + elapsed);
}

/** Entries a live stitched playlist lists when first asked: a player starts that many before the
 *  end (Chromium's own HLS, hls.js's liveSyncDurationCount), i.e. at the first. */
export const LIVE_START_ENTRIES = 3;

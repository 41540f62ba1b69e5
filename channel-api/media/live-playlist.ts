/**
 * The live sliding-window playlists, computed from the clock (TOOLCHAIN §6). Pure: the same
 * `nowMs` always gives the same text, so every process serving the channel agrees.
 */
import { CODECS, LIVE_EPOCH_MS, LIVE_LOOP_SEGMENTS, LIVE_WINDOW_SEGMENTS, SEGMENT_SECONDS } from './assets.ts';
import type { DvrStart } from '../../contract/live-dvr.ts';

export interface LiveClock {
  nowMs: number;
  epochMs?: number;
  segmentSeconds?: number;
  loopSegments?: number;
  windowSegments?: number;
}

export interface LiveWindow {
  first: number;
  last: number;
  discontinuitySequence: number;
}

/** The segments in the window: last = floor(t / 2) − 1 (the newest complete one), 4 of them. */
export function liveWindow(clock: LiveClock): LiveWindow {
  const epochMs = clock.epochMs ?? LIVE_EPOCH_MS;
  const segmentSeconds = clock.segmentSeconds ?? SEGMENT_SECONDS;
  const loopSegments = clock.loopSegments ?? LIVE_LOOP_SEGMENTS;
  const windowSegments = clock.windowSegments ?? LIVE_WINDOW_SEGMENTS;
  const elapsed = Math.max(0, clock.nowMs - epochMs) / 1000;
  // Before the epoch has run a full window (only in tests), show the first window anyway.
  const last = Math.max(windowSegments - 1, Math.floor(elapsed / segmentSeconds) - 1);
  const first = Math.max(0, last - (windowSegments - 1));
  return { first, last, discontinuitySequence: Math.floor(first / loopSegments) };
}

/** Media playlist for the video (`v/<n>.ts`) or subtitles (`s/<n>.vtt`) of the live loop. */
export function liveMediaPlaylist(clock: LiveClock, kind: 'video' | 'subtitles'): string {
  const epochMs = clock.epochMs ?? LIVE_EPOCH_MS;
  const segmentSeconds = clock.segmentSeconds ?? SEGMENT_SECONDS;
  const loopSegments = clock.loopSegments ?? LIVE_LOOP_SEGMENTS;
  const { first, last, discontinuitySequence } = liveWindow(clock);
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    `#EXT-X-TARGETDURATION:${segmentSeconds}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${discontinuitySequence}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  for (let n = first; n <= last; n++) {
    // Not on the window's first line: the discontinuity sequence already counts it, and
    // repeating it there would renumber discontinuities between reloads.
    if (n > first && n % loopSegments === 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(epochMs + n * segmentSeconds * 1000).toISOString()}`);
    lines.push(`#EXTINF:${segmentSeconds.toFixed(3)},`);
    lines.push(kind === 'video' ? `v/${n}.ts` : `s/${n}.vtt`);
  }
  // No EXT-X-ENDLIST and no PLAYLIST-TYPE: that is what makes players treat it as live.
  return lines.join('\n') + '\n';
}

export function liveMasterPlaylist(
  opts: { bandwidth: number; width: number; height: number },
  names: { video: string; start: string[] } = { video: 'video.m3u8', start: [] },
): string {
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    ...names.start,
    '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="subs.m3u8"',
    `#EXT-X-STREAM-INF:BANDWIDTH=${opts.bandwidth},RESOLUTION=${opts.width}x${opts.height},CODECS="${CODECS}",SUBTITLES="subs"`,
    names.video,
    '',
  ].join('\n');
}

/** The absolute live segment (counted from the live clock's epoch) that a game kicking off at
 *  `kickoffSeconds` (epoch seconds) starts with: the one its kick-off falls in. A live game's
 *  time t (seconds since kick-off) is in segment kickoffSegment + floor(t / segment length); the
 *  DVR playlist and the clips of a live game both count this way. */
export function kickoffSegment(kickoffSeconds: number, epochMs = LIVE_EPOCH_MS, segmentSeconds = SEGMENT_SECONDS): number {
  return Math.max(0, Math.floor((kickoffSeconds * 1000 - epochMs) / (segmentSeconds * 1000)));
}

/** A live game as its DVR playlists see it: kick-off and length, epoch seconds and seconds. */
export interface DvrGame {
  kickoff: number;
  duration: number;
}

export interface DvrWindow {
  first: number;
  last: number;
  /** The game is over: the playlist is complete (EXT-X-ENDLIST) and never changes again. */
  ended: boolean;
}

/** The segments of a game's DVR playlist at `clock.nowMs`: from its kick-off segment to the newest
 *  complete one, or to its last once it is over; null before its kick-off. The kick-off segment
 *  is listed from the kick-off on, while it is still being "recorded" (the loop's file exists). */
export function dvrWindow(game: DvrGame, clock: LiveClock): DvrWindow | null {
  const epochMs = clock.epochMs ?? LIVE_EPOCH_MS;
  const segmentSeconds = clock.segmentSeconds ?? SEGMENT_SECONDS;
  if (clock.nowMs < game.kickoff * 1000) return null;
  const first = kickoffSegment(game.kickoff, epochMs, segmentSeconds);
  // Game time counts from the kick-off segment's start (kickoffSegment): its last second is in
  // segment first + ceil(duration / segment length) − 1.
  const final = first + Math.max(1, Math.ceil(game.duration / segmentSeconds)) - 1;
  const newest = Math.floor((clock.nowMs - epochMs) / (segmentSeconds * 1000)) - 1;
  const last = Math.max(first, Math.min(final, newest));
  return { first, last, ended: newest >= final };
}

/** How far behind the live edge a `back-N` start begins, in seconds. */
export const DVR_BACK_SECONDS = 30;

/**
 * A live game's media playlist for the video (`../v/<n>.ts`) or subtitles (`../s/<n>.vtt`): an
 * EVENT playlist that keeps every segment since the kick-off, each with its wall-clock time, and
 * ends (EXT-X-ENDLIST) when the game does, when it is the game's on-demand media. Segment URIs are
 * the live stream's own (absolute numbers), shared by every game of the asset and cacheable.
 */
export function dvrMediaPlaylist(game: DvrGame, clock: LiveClock, kind: 'video' | 'subtitles', start: DvrStart = 'live'): string | null {
  const window = dvrWindow(game, clock);
  if (!window) return null;
  const epochMs = clock.epochMs ?? LIVE_EPOCH_MS;
  const segmentSeconds = clock.segmentSeconds ?? SEGMENT_SECONDS;
  const loopSegments = clock.loopSegments ?? LIVE_LOOP_SEGMENTS;
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    `#EXT-X-TARGETDURATION:${segmentSeconds}`,
    '#EXT-X-PLAYLIST-TYPE:EVENT',
    `#EXT-X-MEDIA-SEQUENCE:${window.first}`,
    // Constant: an EVENT playlist never drops its first segment.
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(window.first / loopSegments)}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
    ...startTag(start),
  ];
  for (let n = window.first; n <= window.last; n++) {
    if (n > window.first && n % loopSegments === 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(epochMs + n * segmentSeconds * 1000).toISOString()}`);
    lines.push(`#EXTINF:${segmentSeconds.toFixed(3)},`);
    lines.push(kind === 'video' ? `../v/${n}.ts` : `../s/${n}.vtt`);
  }
  if (window.ended) lines.push('#EXT-X-ENDLIST');
  return lines.join('\n') + '\n';
}

/** Where a player should start: nothing for the live edge (players' own default). */
function startTag(start: DvrStart): string[] {
  if (start === 'kickoff') return ['#EXT-X-START:TIME-OFFSET=0,PRECISE=YES'];
  if (start === 'back-30') return [`#EXT-X-START:TIME-OFFSET=-${DVR_BACK_SECONDS}`];
  return [];
}

/** The media playlist a DVR master playlist names for its start (the subtitles one is shared). */
export function dvrVideoPlaylistName(start: DvrStart): string {
  return start === 'live' ? 'video.m3u8' : `video-${start}.m3u8`;
}

/** A live game's master playlist: its start's video playlist and the shared subtitles. */
export function dvrMasterPlaylist(opts: { bandwidth: number; width: number; height: number }, start: DvrStart): string {
  return liveMasterPlaylist(opts, { video: dvrVideoPlaylistName(start), start: startTag(start) });
}

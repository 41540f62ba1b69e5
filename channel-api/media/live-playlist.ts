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
  names: { video: string; subtitles: string } = { video: 'video.m3u8', subtitles: 'subs.m3u8' },
): string {
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="${names.subtitles}"`,
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

/** The longest game a DVR playlist covers (ADR 057): six hours, 10,800 segments, under 1 MB of
 *  playlist (about 60 kB gzipped). A longer game's DVR stream ends there. */
export const MAX_DVR_GAME_SECONDS = 6 * 3600;

/** The length a DVR address names for a game of `duration` seconds (media-urls.ts liveGameMedia). */
export const dvrDuration = (duration: number): number => Math.min(MAX_DVR_GAME_SECONDS, Math.max(1, Math.floor(duration)));

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

/** How far behind live a `back-30` start plays, in seconds. */
export const DVR_BACK_SECONDS = 30;

/** How many segments before the newest listed one a native player starts a live playlist:
 *  Chromium 156 plays the last three (measured, ADR 040), as hls.js does by default
 *  (liveSyncDurationCount 3). */
const NATIVE_START_SEGMENTS = 3;

/** The longest time shift a DVR playlist may have, in seconds: a day, the longest game. */
const MAX_DVR_SHIFT_SECONDS = 86_400;

/**
 * A live game's media playlist for the video (`../v/<n>.ts`) or subtitles (`../s/<n>.vtt`): an
 * EVENT playlist that keeps every segment since the kick-off, each with its wall-clock time, and
 * ends (EXT-X-ENDLIST) when the game does, when it is the game's on-demand media. Segment URIs are
 * the live stream's own (absolute numbers), shared by every game of the asset and cacheable.
 *
 * `behindSeconds` time-shifts it: the playlist as it was that long ago (never before the
 * kick-off), so a player's live edge is that far behind live and the stream still advances in
 * real time; it ends that long after the game. Browsers' own HLS players ignore EXT-X-START on a
 * live playlist (Chromium 156, ADR 040): a shift is how a link starts them back in time.
 */
export function dvrMediaPlaylist(game: DvrGame, clock: LiveClock, kind: 'video' | 'subtitles', behindSeconds = 0): string | null {
  const window = dvrShiftedWindow(game, clock, behindSeconds);
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

/** The window of a playlist `behindSeconds` behind live: null before the kick-off (at the real
 *  clock); from the kick-off on, never less than the kick-off segment. */
export function dvrShiftedWindow(game: DvrGame, clock: LiveClock, behindSeconds: number): DvrWindow | null {
  return dvrWindow(game, shifted(game, clock, behindSeconds));
}

function shifted(game: DvrGame, clock: LiveClock, behindSeconds: number): LiveClock {
  if (behindSeconds === 0 || clock.nowMs < game.kickoff * 1000) return clock;
  return { ...clock, nowMs: Math.max(game.kickoff * 1000, clock.nowMs - behindSeconds * 1000) };
}

/**
 * How far behind live (seconds) the stream a start link asks for plays, at `clock.nowMs`:
 * - live: not at all;
 * - back-30: 30 s, so a native player starts 30 s behind where the live link starts it;
 * - kickoff: so that its playlist now lists the kick-off segment and the NATIVE_START_SEGMENTS − 1
 *   after it, and a player starting that many segments before the newest starts at the kick-off
 *   and plays on from there. Asked when the player fetches the master (the page's URL stays
 *   the same, so a cached page starts as well as a fresh one); a game already over needs none
 *   (its playlist is complete: on-demand, played from its start).
 */
export function dvrShift(game: DvrGame, clock: LiveClock, start: DvrStart): number {
  if (start === 'live') return 0;
  if (start === 'back-30') return DVR_BACK_SECONDS;
  const window = dvrWindow(game, clock);
  if (!window || window.ended) return 0;
  const epochMs = clock.epochMs ?? LIVE_EPOCH_MS;
  const segmentSeconds = clock.segmentSeconds ?? SEGMENT_SECONDS;
  // The playlist lists segment first + k once its clock is past the start of first + k + 1.
  const listedFrom = epochMs + (window.first + NATIVE_START_SEGMENTS) * segmentSeconds * 1000;
  return Math.min(MAX_DVR_SHIFT_SECONDS, Math.max(0, Math.floor((clock.nowMs - listedFrom) / 1000)));
}

/** A DVR directory's media playlist names: `video.m3u8`, `subs.m3u8`, and time-shifted ones
 *  `video-back-<seconds>.m3u8`, `subs-back-<seconds>.m3u8`. */
export function dvrPlaylistName(kind: 'video' | 'subtitles', behindSeconds: number): string {
  const name = kind === 'video' ? 'video' : 'subs';
  return behindSeconds === 0 ? `${name}.m3u8` : `${name}-back-${behindSeconds}.m3u8`;
}

const SHIFTED_NAME = /^(video|subs)(?:-back-([1-9]\d{0,5}))?\.m3u8$/;

/** The media playlist a name asks for (dvrPlaylistName's inverse), or null: not one, or a shift
 *  written any other way (a leading zero, a sign) or beyond a day. */
export function parseDvrPlaylistName(name: string): { kind: 'video' | 'subtitles'; behindSeconds: number } | null {
  const m = SHIFTED_NAME.exec(name);
  if (!m) return null;
  const behindSeconds = m[2] === undefined ? 0 : Number(m[2]);
  if (behindSeconds > MAX_DVR_SHIFT_SECONDS) return null;
  return { kind: m[1] === 'video' ? 'video' : 'subtitles', behindSeconds };
}

/** A live game's master playlist: its video and subtitles playlists, `behindSeconds` behind live. */
export function dvrMasterPlaylist(opts: { bandwidth: number; width: number; height: number }, behindSeconds: number): string {
  return liveMasterPlaylist(opts, { video: dvrPlaylistName('video', behindSeconds), subtitles: dvrPlaylistName('subtitles', behindSeconds) });
}

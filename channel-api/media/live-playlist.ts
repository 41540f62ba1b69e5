/**
 * The live sliding-window playlists, computed from the clock (TOOLCHAIN §6). Pure: the same
 * `nowMs` always gives the same text, so every process serving the channel agrees.
 */
import { CODECS, LIVE_EPOCH_MS, LIVE_LOOP_SEGMENTS, LIVE_WINDOW_SEGMENTS, SEGMENT_SECONDS } from './assets.ts';

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

export function liveMasterPlaylist(opts: { bandwidth: number; width: number; height: number }): string {
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="subs.m3u8"',
    `#EXT-X-STREAM-INF:BANDWIDTH=${opts.bandwidth},RESOLUTION=${opts.width}x${opts.height},CODECS="${CODECS}",SUBTITLES="subs"`,
    'video.m3u8',
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

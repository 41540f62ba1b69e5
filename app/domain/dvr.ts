/* Where a live DVR stream plays and where its controls seek to, from what the <video> element
   says: its seekable range runs from the kick-off's segment to the live edge (hls.js with
   `liveDurationInfinity`). Chromium's native player gives a live playlist no seekable range:
   without JavaScript the server starts the stream where a link says (ADR 040). */
import type { DvrStart } from '#contract/live-dvr';

/** How far behind the edge a player keeps by itself (hls.js: 3 target durations of 2 s), plus a
 *  margin: within this the stream counts as live. */
export const LIVE_SLACK_SECONDS = 10;
/** A seek to the kick-off lands a target duration in (hls.js #4870: the very start may be gone). */
const KICKOFF_MARGIN_SECONDS = 2;
/** Where "Live" seeks to: where hls.js keeps a live stream, 3 target durations behind the edge. */
const LIVE_OFFSET_SECONDS = 6;
export const BACK_SECONDS = 30;

export interface DvrPosition {
  behindLive: number;
  sinceKickoff: number;
  live: boolean;
}

interface Seekable {
  currentTime: number;
  seekable: { length: number; start(i: number): number; end(i: number): number };
}

function range(video: Seekable): { start: number; end: number } | null {
  const s = video.seekable;
  if (s.length === 0) return null;
  const end = s.end(s.length - 1);
  return Number.isFinite(end) ? { start: s.start(0), end } : null;
}

export function dvrPosition(video: Seekable): DvrPosition | null {
  const r = range(video);
  if (!r) return null;
  const behindLive = Math.max(0, r.end - video.currentTime);
  return { behindLive, sinceKickoff: Math.max(0, video.currentTime - r.start), live: behindLive < LIVE_SLACK_SECONDS };
}

/** The time a control seeks to: the live edge, 30 s back from here, or the kick-off. */
export function dvrSeekTarget(video: Seekable, to: DvrStart): number | null {
  const r = range(video);
  if (!r) return null;
  if (to === 'live') return Math.max(r.start, r.end - LIVE_OFFSET_SECONDS);
  if (to === 'back-30') return Math.max(r.start + KICKOFF_MARGIN_SECONDS, video.currentTime - BACK_SECONDS);
  return Math.min(r.end, r.start + KICKOFF_MARGIN_SECONDS);
}

/** Where the page's start (`?start=`) puts a stream that hls.js started at the live edge: the
 *  kick-off as its button does, or 30 s behind where Live plays; null: live (nothing to do), or
 *  no range yet. */
export function dvrStartTarget(video: Seekable, start: DvrStart): number | null {
  const r = range(video);
  if (!r || start === 'live') return null;
  if (start === 'kickoff') return dvrSeekTarget(video, 'kickoff');
  return Math.max(r.start + KICKOFF_MARGIN_SECONDS, r.end - LIVE_OFFSET_SECONDS - BACK_SECONDS);
}

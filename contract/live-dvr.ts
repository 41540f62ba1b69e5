/**
 * Where a live game's stream starts (ADR 040). The reference channel serves a live game as one
 * EVENT playlist from its kick-off, at `…/<kickoff>-<duration>/master.m3u8`, which starts at the
 * live edge. Its siblings `back-30.m3u8` and `kickoff.m3u8` start it 30 s behind live and at the
 * kick-off for a browser's own HLS player, so a link can start it there with JavaScript off:
 * they name the same stream time-shifted (`video-back-<seconds>.m3u8`: the playlist as it was
 * that long ago), since such players ignore EXT-X-START on a live playlist and start three
 * segments before its end; the kick-off's shift is decided when the player asks for the master.
 * With JavaScript, hls.js plays `master.m3u8` and seeks to the start. A channel whose live URL is
 * not of that shape has no DVR: no start links.
 */
export const DVR_STARTS = ['live', 'back-30', 'kickoff'] as const;
export type DvrStart = (typeof DVR_STARTS)[number];

const DVR_MASTER = /^(.*\/\d{1,12}-\d{1,6}\/)master\.m3u8$/;

/** The master playlist that starts `url`'s DVR stream at `start`, or null: not a DVR stream. */
export function dvrStartUrl(url: string, start: DvrStart): string | null {
  const m = DVR_MASTER.exec(url);
  if (!m) return null;
  return start === 'live' ? url : `${m[1]}${start}.m3u8`;
}

export function isDvrStart(value: unknown): value is DvrStart {
  return typeof value === 'string' && (DVR_STARTS as readonly string[]).includes(value);
}

/* A clip's times as a fan writes them (`m:ss`, or plain seconds; written back by formatDuration,
   contract/durations.ts) and the window of "Clip the last 30 s" on a live game. Pure: the clip form's schema (app/forms/clip.ts), its action and the
   panel's "Set start"/"Set end" buttons use it. */

/** How far behind the live edge a viewer watches: hls.js starts about 3 target durations back,
 *  and the demo's segments last 2 s. */
export const LIVE_DELAY_SECONDS = 3 * 2;
/** "Clip the last 30 s". */
export const LAST_CLIP_SECONDS = 30;

/** '1:05' → 65, '0:07' → 7, '95' → 95, '2:03:04' → 7384; anything else (a second past 59, a sign,
 *  a fraction, an empty text) → null. */
export function parseClipTime(text: string): number | null {
  const value = text.trim();
  if (!/^\d{1,5}(?::\d{1,2}){0,2}$/.test(value)) return null;
  const parts = value.split(':').map(Number);
  if (parts.slice(1).some((p) => p > 59)) return null;
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/** Where a viewer of a live game is now, seconds since its kick-off (epoch seconds), when the
 *  browser does not say: the live edge less the usual delay. */
export function livePosition(kickOffEpochSeconds: number, nowMs: number): number {
  return Math.max(0, Math.floor(nowMs / 1000 - kickOffEpochSeconds) - LIVE_DELAY_SECONDS);
}

/** The last 30 s before `position` (seconds since kick-off), shorter at the game's very start;
 *  null when there is nothing yet to clip. */
export function lastSecondsWindow(position: number): { start_time: number; duration: number } | null {
  const end = Math.floor(position);
  if (end < 1) return null;
  const start = Math.max(0, end - LAST_CLIP_SECONDS);
  return { start_time: start, duration: end - start };
}
